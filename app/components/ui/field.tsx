import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { Label } from "./label";

/** The attributes a field gives its control so a screen reader says its description and errors with it. */
export interface FieldControlProps {
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  "aria-errormessage"?: string;
}

/** The ids a field's description and error list carry (Conform names a field's errors `${id}-error` too). */
export const fieldDescriptionId = (id: string) => `${id}-description`;
export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * What the field adds to its control's own attributes: the description and the errors in
 * aria-describedby (after any the control names itself, once each), and aria-invalid with
 * aria-errormessage while there are errors. A control that says it is invalid itself keeps that.
 */
export function fieldControlProps(
  { id, hasDescription, hasErrors }: { id: string; hasDescription: boolean; hasErrors: boolean },
  own: FieldControlProps = {},
): FieldControlProps {
  const describedBy = new Set((own["aria-describedby"] ?? "").split(/\s+/).filter(Boolean));
  if (hasDescription) describedBy.add(fieldDescriptionId(id));
  if (hasErrors) describedBy.add(fieldErrorId(id));
  return {
    "aria-describedby": describedBy.size > 0 ? [...describedBy].join(" ") : undefined,
    "aria-invalid": hasErrors ? true : own["aria-invalid"],
    "aria-errormessage": hasErrors ? fieldErrorId(id) : own["aria-errormessage"],
  };
}

/**
 * A labelled form field: its label, its control, a description under the control when there is
 * one, and its error messages. The control is the one child element carrying the field's id (an
 * Input, a Textarea, a NativeSelect, or Conform's props for them): the field gives it the aria
 * attributes that tie the description and the errors to it. Any other child is left as it is.
 */
export function Field({
  id,
  label,
  description,
  errors,
  children,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  errors?: string[];
  children: ReactNode;
}) {
  const hasErrors = Boolean(errors?.length);
  const nodes = Children.toArray(children);
  const only = nodes.length === 1 ? nodes[0] : null;
  const control =
    isValidElement<FieldControlProps & { id?: string }>(only) && only.props.id === id
      ? cloneElement(
          only as ReactElement<FieldControlProps & { id?: string }>,
          fieldControlProps({ id, hasDescription: description != null, hasErrors }, only.props),
        )
      : children;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {control}
      {description != null ? (
        <p id={fieldDescriptionId(id)} className="text-sm text-gray-600 dark:text-gray-400">
          {description}
        </p>
      ) : null}
      {hasErrors ? (
        <ul id={fieldErrorId(id)} className="text-sm text-red-600 dark:text-red-400">
          {errors?.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
