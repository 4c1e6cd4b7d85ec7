import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ComponentProps, FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { MAPPING_LIMITS, PLOT_TYPES } from "~/modules/farms/constants";
import { farmFormSchema, plotFormSchema } from "~/modules/farms/schemas";
import type { FarmDto, PlotDto } from "~/modules/farms/types";
import type { Centre } from "./farm-dialogs";
import type { MappingReply } from "./outcomes";
import { Textarea } from "~/components/ui/textarea";

// The farm and plot forms: Conform forms checked with the module's schemas as the farmer types,
// sent through the fetcher the workspace gives each opening (its key), which also reads the
// answer: the refused fields show here, the toast and the closing come from the workspace's
// outcomes. Loaded when a dialog first opens (./farm-dialogs.tsx), with the form checks' code.

export function FarmForm({
  farm,
  fetcherKey,
  readCentre,
  onCancel,
}: {
  farm: FarmDto | null;
  fetcherKey: string;
  readCentre(): Centre | null;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<MappingReply>({ key: fetcherKey });
  const pending = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: farm ? `farm-form-${farm.id}` : "farm-form-new",
    lastResult: fetcher.data?.result,
    defaultValue: {
      name: farm?.name ?? "",
      description: farm?.description ?? "",
      crops: farm?.crops.join(", ") ?? "",
    },
    // Checked first on submit, then as the farmer types (a message appearing on blur would move the buttons).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: farmFormSchema }),
  });
  const editing = farm !== null;

  // The centre is read as the form is sent: the map may have flown to the farmer while the dialog was open.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const centre = editing ? null : readCentre();
    const elements = event.currentTarget.elements;
    for (const [name, value] of [
      [fields.centerLat.name, centre?.latitude],
      [fields.centerLng.name, centre?.longitude],
    ] as const) {
      const input = elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value === undefined ? "" : String(value);
    }
    form.onSubmit(event);
  }

  return (
    <fetcher.Form method="post" {...getFormProps(form)} onSubmit={onSubmit} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={editing ? "updateFarm" : "createFarm"} />
      {farm ? <input type="hidden" name="farmId" value={farm.id} /> : null}
      {editing ? null : (
        <>
          <input type="hidden" name={fields.centerLat.name} defaultValue="" />
          <input type="hidden" name={fields.centerLng.name} defaultValue="" />
        </>
      )}
      <Field id={fields.name.id} label={t("mapping.farmName")} errors={messages(t, fields.name.errors)}>
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          maxLength={MAPPING_LIMITS.farmNameMaxLength}
          placeholder={t("mapping.farmNamePlaceholder")}
          autoComplete="off"
          required
        />
      </Field>
      <Field
        id={fields.description.id}
        label={t("mapping.description")}
        errors={messages(t, fields.description.errors)}
      >
        <Textarea
          {...getTextareaProps(fields.description)}
          rows={3}
          maxLength={MAPPING_LIMITS.descriptionMaxLength}
          placeholder={t("mapping.descriptionPlaceholder")}
        />
      </Field>
      <CropsField
        id={fields.crops.id}
        errors={messages(t, Object.values(fields.crops.allErrors).flat())}
        input={getInputProps(fields.crops, {
          type: "text",
          ariaInvalid: "allErrors",
          ariaDescribedBy: `${fields.crops.id}-hint`,
        })}
      />
      <DialogActions
        onCancel={onCancel}
        disabled={isBlank(fields.name.value) || pending}
        label={
          pending
            ? editing
              ? t("mapping.saving")
              : t("mapping.creating")
            : editing
              ? t("mapping.saveChanges")
              : t("mapping.createFarm")
        }
      />
    </fetcher.Form>
  );
}

export function PlotForm({
  farmId,
  plot,
  fetcherKey,
  onCancel,
}: {
  farmId: string;
  plot: PlotDto | null;
  fetcherKey: string;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<MappingReply>({ key: fetcherKey });
  const pending = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: plot ? `plot-form-${plot.id}` : "plot-form-new",
    lastResult: fetcher.data?.result,
    defaultValue: { name: plot?.name ?? "", type: plot?.type ?? "field", crops: plot?.crops.join(", ") ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: plotFormSchema }),
  });
  const editing = plot !== null;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={editing ? "updatePlot" : "createPlot"} />
      <input type="hidden" name="farmId" value={farmId} />
      {plot ? <input type="hidden" name="plotId" value={plot.id} /> : null}
      <Field id={fields.name.id} label={t("mapping.plots.name")} errors={messages(t, fields.name.errors)}>
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          maxLength={MAPPING_LIMITS.plotNameMaxLength}
          placeholder={t("mapping.plots.namePlaceholder")}
          autoComplete="off"
          required
        />
      </Field>
      <Field id={fields.type.id} label={t("mapping.plots.type")} errors={messages(t, fields.type.errors)}>
        <NativeSelect {...getSelectProps(fields.type)}>
          {PLOT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`mapping.types.${type}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <CropsField
        id={fields.crops.id}
        errors={messages(t, Object.values(fields.crops.allErrors).flat())}
        input={getInputProps(fields.crops, {
          type: "text",
          ariaInvalid: "allErrors",
          ariaDescribedBy: `${fields.crops.id}-hint`,
        })}
      />
      <DialogActions
        onCancel={onCancel}
        disabled={isBlank(fields.name.value) || pending}
        label={pending ? t("mapping.plots.saving") : editing ? t("mapping.plots.save") : t("mapping.plots.create")}
      />
    </fetcher.Form>
  );
}

/** Submit is disabled while the name is empty (the specification's rule for both dialogs). */
const isBlank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/** A field's messages (translation keys, or a refusal's text already in the reader's language), once each. */
function messages(t: TFunction, errors: string[] | undefined) {
  return errors?.length ? [...new Set(errors.map((error) => t(error)))] : undefined;
}

/**
 * The crops of a farm or plot, typed as a comma-separated list, with the hint its input points to. Its messages
 * are the list's and each crop's (a crop's own is kept under crops[i]).
 */
function CropsField({ id, errors, input }: { id: string; errors?: string[]; input: ComponentProps<typeof Input> }) {
  const { t } = useTranslation();
  return (
    <Field id={id} label={t("mapping.crops")} errors={errors}>
      <Input {...input} placeholder={t("mapping.cropsPlaceholder")} autoComplete="off" />
      <p id={`${id}-hint`} className="text-xs text-gray-500">
        {t("mapping.cropsHint")}
      </p>
    </Field>
  );
}

/** A dialog form's Cancel and submit buttons (the submit disabled while the form is not ready or is being sent). */
function DialogActions({ onCancel, disabled, label }: { onCancel(): void; disabled: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel}>
        {t("mapping.cancel")}
      </Button>
      <Button type="submit" disabled={disabled}>
        {label}
      </Button>
    </div>
  );
}
