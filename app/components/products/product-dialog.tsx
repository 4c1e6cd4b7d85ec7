import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { ImageListInput } from "~/components/ui/image-list-input";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { PRODUCT_UNITS } from "~/modules/products/constants";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { productFormSchema, type CatalogIntent, type CatalogReplyData } from "~/modules/products/schemas";
import { replySucceeded, type PageReply } from "~/lib/page-reply";
import { CategoryPicker } from "./category-picker";
import type { CatalogProduct } from "./product-table";
import { Textarea } from "~/components/ui/textarea";

// Add or edit a catalogue product: name, unit, description, categories,
// photos and whether it is active. The form posts to the
// catalogue route's action through a fetcher, so the page and its filters stay.

/** What the catalogue route's action answers. */
export type CatalogReply = PageReply<CatalogIntent, CatalogReplyData>;

export function ProductDialog({
  open,
  onOpenChange,
  product,
  fetcherKey,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product being edited; null adds a new one. */
  product: CatalogProduct | null;
  /** A new key for each opening, so an earlier answer never shows in a fresh form. */
  fetcherKey: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CatalogReply>({ key: fetcherKey });
  const pending = fetcher.state !== "idle";

  useFetcherAnswer(fetcher, (answer) => {
    if (replySucceeded(answer)) {
      toast({ title: answer.intent === "update" ? t("catalog.updated") : t("catalog.created") });
      onOpenChange(false);
    } else {
      toast({ title: t("catalog.saveFailed"), variant: "destructive" });
    }
  });

  return (
    <Dialog
      open={open}
      // Stay open while saving, so the answer is not lost.
      onOpenChange={(next) => (next || !pending) && onOpenChange(next)}
      title={product ? t("catalog.editTitle") : t("catalog.addTitle")}
      className="sm:max-w-xl"
    >
      <ProductForm product={product} fetcherKey={fetcherKey} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ProductForm({
  product,
  fetcherKey,
  onCancel,
}: {
  product: CatalogProduct | null;
  fetcherKey: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CatalogReply>({ key: fetcherKey });
  const pending = fetcher.state !== "idle";
  const [categories, setCategories] = useState<string[]>(product?.categories ?? []);
  const [images, setImages] = useState<string[]>(product?.images ?? []);
  const [isActive, setIsActive] = useState(product?.isActive ?? true);
  const activeId = useId();

  const [form, fields] = useForm({
    id: product ? `product-form-${product.id}` : "product-form-new",
    lastResult: fetcher.data?.result,
    defaultValue: { name: product?.name ?? "", description: product?.description ?? "", unit: product?.unit ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema }),
  });

  // Chips and photos change hidden fields, which send no input event: once such a
  // field shows an error, check it again as soon as the new value is in the form.
  function changeList(name: "categories" | "images", next: string[]) {
    flushSync(() => (name === "categories" ? setCategories(next) : setImages(next)));
    if (Object.keys(fields[name].allErrors).length > 0) form.validate({ name });
  }

  const translate = (errors?: string[]) => errors?.map((error) => t(error));
  // A photo's own error is kept under images[i]; show them all under the photos.
  const imageErrors = [...new Set(Object.values(fields.images.allErrors).flat())].map((error) => t(error));

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value={product ? "update" : "create"} />
      {product ? <input type="hidden" name="id" value={product.id} /> : null}

      {form.errors?.length ? (
        <div
          id={form.errorId}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          {form.errors.map((error) => (
            <p key={error}>{t(error)}</p>
          ))}
        </div>
      ) : null}

      <Field id={fields.name.id} label={t("catalog.name")} errors={translate(fields.name.errors)}>
        <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" maxLength={200} />
      </Field>

      <Field id={fields.unit.id} label={t("catalog.unit")} errors={translate(fields.unit.errors)}>
        <NativeSelect {...getSelectProps(fields.unit)}>
          <option value="">{t("catalog.unitNone")}</option>
          {PRODUCT_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {t(`units.${unit}`)}
            </option>
          ))}
        </NativeSelect>
      </Field>

      <Field id={fields.description.id} label={t("catalog.description")} errors={translate(fields.description.errors)}>
        <Textarea {...getTextareaProps(fields.description)} rows={3} maxLength={5000} />
      </Field>

      <Field id={fields.categories.id} label={t("catalog.categories")} errors={translate(fields.categories.errors)}>
        <CategoryPicker
          id={fields.categories.id}
          name={fields.categories.name}
          value={categories}
          onChange={(next) => changeList("categories", next)}
          errorId={fields.categories.errorId}
          invalid={Boolean(fields.categories.errors?.length)}
        />
      </Field>

      <Field id={fields.images.id} label={t("catalog.images")} errors={imageErrors}>
        <ImageListInput
          id={fields.images.id}
          name={fields.images.name}
          value={images}
          onChange={(next) => changeList("images", next)}
          purpose="product"
          errors={imageErrors}
        />
      </Field>

      <div className="flex items-start justify-between gap-4 rounded-lg border border-gray-200 p-3 dark:border-gray-800">
        <div className="min-w-0">
          <Label htmlFor={activeId}>{t("catalog.activeLabel")}</Label>
          <p id={`${activeId}-help`} className="text-sm text-gray-600 dark:text-gray-400">
            {t("catalog.activeHelp")}
          </p>
        </div>
        <Switch id={activeId} checked={isActive} onCheckedChange={setIsActive} aria-describedby={`${activeId}-help`} />
        <input type="hidden" name="isActive" value={isActive ? "on" : "off"} />
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("catalog.saving") : product ? t("catalog.update") : t("catalog.create")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
