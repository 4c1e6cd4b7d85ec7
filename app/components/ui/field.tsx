import type { ReactNode } from "react";
import { Label } from "./label";

/** A labelled form field with its error messages, linked for screen readers. */
export function Field({
  id,
  label,
  errors,
  children,
}: {
  id: string;
  label: ReactNode;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {errors?.length ? (
        <ul id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
