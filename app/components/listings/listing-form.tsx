import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useFetcher } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { ImageListInput, type KeptPhoto } from "~/components/ui/image-list-input";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { LISTING_CONDITIONS, LISTING_LIMITS, LISTING_STATUSES } from "~/modules/listings/constants";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { UpsellCard } from "~/components/premium/premium-prompt";
import { listingSchema } from "~/modules/listings/schemas";
import type { FeatureAccess } from "~/modules/premium/access";
import { replySucceeded } from "~/lib/page-reply";
import type { ListingReply, ListingCondition, ListingProductOption, MyListing } from "./listing-types";
import { LocationDialog } from "./location-dialog";
import { PriceSuggestion } from "./price-suggestion";
import { UsualPriceHint } from "~/components/prices/usual-price";
import { useNoSignal } from "~/lib/http/use-when-online";
import type { DraftContent, DraftFields, ListingDraft } from "./listing-drafts";

interface PlacedLocation {
  latitude: number | null;
  longitude: number | null;
  locality: string | null;
}

function initialLocation(listing?: PlacedLocation): PlacedLocation | null {
  if (!listing || (listing.latitude === null && listing.longitude === null && !listing.locality)) return null;
  return { latitude: listing.latitude, longitude: listing.longitude, locality: listing.locality };
}

/** Stands in, for the form's own checks only, for each photo still on the phone: it counts as a photo. */
const KEPT_PHOTO_STAND_IN = "/images/products/kept-on-phone.webp";

/** The form's data with the photos kept on the phone counted among its photos. */
function withKeptPhotos(formData: FormData, name: string, count: number) {
  if (count === 0) return formData;
  const copy = new FormData();
  for (const [key, value] of formData) copy.append(key, value);
  for (let index = 0; index < count; index += 1) copy.append(name, KEPT_PHOTO_STAND_IN);
  return copy;
}

/** A draft's fields as the form holds them. */
function draftFields(formData: FormData, location: PlacedLocation | null): DraftFields {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    productId: text("productId"),
    custom: formData.get("custom") === "on",
    title: text("title"),
    priceNgn: text("priceNgn"),
    quantity: text("quantity"),
    condition: text("condition"),
    showPhone: formData.get("showPhone") === "on",
    latitude: location?.latitude ?? null,
    longitude: location?.longitude ?? null,
    locality: location?.locality ?? null,
  };
}

/** The typed quantity is read as a whole number, and as 1 when it is not one. */
function normaliseQuantity(input: HTMLInputElement) {
  input.value = String(Number.parseInt(input.value, 10) || 1);
}

/**
 * Create or edit a listing: a catalogue product (or, chosen deliberately,
 * a title for something not in the list), price, quantity, condition,
 * photos, place, whether buyers see the seller's phone and (when editing)
 * status. Validates with the shared
 * schema as the seller types, posts to the My Listings action through a
 * fetcher, and on a failed save stays open showing what went wrong. A new
 * listing written without signal (or with photos still on the phone), and a
 * draft being edited, is handed to `onKeep` to wait on the phone instead.
 */
export function ListingForm({
  listing,
  draft,
  products,
  access,
  hasPhone,
  onCancel,
  onSaved,
  onKeep,
}: {
  listing?: MyListing;
  /** A draft kept on the phone, opened to be edited: saving keeps it again, to be sent. */
  draft?: ListingDraft;
  /** Keeps a new listing as a draft on the phone; without it, every save goes to the server. */
  onKeep?: (content: DraftContent) => Promise<void>;
  products: ListingProductOption[];
  /** Whether the seller has saved a phone on Profile: without one, 'show my phone' cannot be ticked. */
  hasPhone: boolean;
  /** Premium access: the price suggestion for those who have it, an upsell card for the others. */
  access: FeatureAccess | null;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  // Access as it was when the form opened: a suggestion (the trial's one free
  // use) stays on screen even though it ends the trial behind it.
  const [accessWhenOpened] = useState(access);
  const fetcher = useFetcher<ListingReply>();
  const intent = listing ? "update" : "create";
  const sending = fetcher.state !== "idle";
  const kept = draft?.fields;
  const [images, setImages] = useState<string[]>(listing?.images ?? draft?.images ?? []);
  const [photos, setPhotos] = useState<KeptPhoto[]>(draft?.photos ?? []);
  const [condition, setCondition] = useState<ListingCondition>(
    listing?.condition ?? LISTING_CONDITIONS.find((item) => item === kept?.condition) ?? "new",
  );
  const [location, setLocation] = useState<PlacedLocation | null>(() => initialLocation(listing ?? kept));
  const [locationOpen, setLocationOpen] = useState(false);
  // 'Something not in the list': a title replaces the product. Old listings with neither open without it.
  const [custom, setCustom] = useState(kept?.custom ?? Boolean(listing && !listing.productId && listing.title));
  const noSignal = useNoSignal();
  // Where a save goes: to the server, or (a new listing) kept on the phone until there is signal.
  const keeps = Boolean(onKeep && !listing && (draft || photos.length > 0 || noSignal));
  const [keeping, setKeeping] = useState(false);
  const pending = sending || keeping;
  const locationLabelId = useId();
  const submitted = useRef(false);

  const [form, fields] = useForm({
    id: listing ? `listing-${listing.id}` : "listing-new",
    lastResult: fetcher.data?.result,
    defaultValue: {
      productId: listing?.productId ?? kept?.productId ?? "",
      title: listing?.title ?? kept?.title ?? "",
      // "45000.00" reads better in the box as 45000.
      priceNgn: listing ? String(Number(listing.priceNgn)) : (kept?.priceNgn ?? ""),
      quantity: listing ? String(listing.quantity) : (kept?.quantity ?? "1"),
      condition: listing?.condition ?? kept?.condition ?? "new",
      status: listing?.status ?? "active",
    },
    // Checked first on submit, then as the seller types: a message appearing on blur
    // would move the buttons under a pointer that is pressing one.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(withKeptPhotos(formData, "images", photos.length), { schema: listingSchema }),
    // Checked and sound: kept on the phone instead of sent, where that is where it goes.
    onSubmit: (event, { formData }) => {
      if (!keeps || !onKeep) return;
      event.preventDefault();
      setKeeping(true);
      const content: DraftContent = {
        id: draft?.id,
        fields: draftFields(formData, location),
        images: formData.getAll("images").filter((value): value is string => typeof value === "string"),
        photos,
      };
      void onKeep(content)
        .then(() => {
          toast({ title: noSignal ? t("listing.drafts.keptOffline") : t("listing.drafts.kept") });
          onSaved();
        })
        .catch(() => toast({ title: t("listing.drafts.keepFailed"), variant: "destructive" }))
        .finally(() => setKeeping(false));
    },
  });

  useFetcherAnswer(fetcher, (answer) => {
    if (replySucceeded(answer)) {
      toast({ title: intent === "create" ? t("myListings.created") : t("myListings.updated") });
      onSaved();
    } else {
      toast({ title: t("listing.form.saveFailed"), description: answer.refusal?.message, variant: "destructive" });
    }
  });

  const translate = (errors?: string[]) => (errors?.length ? [...new Set(errors.map((error) => t(error)))] : undefined);
  const imageErrors = translate(Object.values(fields.images.allErrors).flat());
  const locationErrors = translate([
    ...(fields.latitude.errors ?? []),
    ...(fields.longitude.errors ?? []),
    ...(fields.locality.errors ?? []),
  ]);
  const formErrors = translate(form.errors);

  // A product the listing links to may since have been deactivated; keep it selectable.
  const productOptions =
    listing?.product && !products.some((product) => product.id === listing.product?.id)
      ? [listing.product, ...products]
      : products;

  // The photos are not typed into a field Conform watches: once checked, re-check them when the hidden inputs have changed.
  function changeImages(next: string[]) {
    flushSync(() => setImages(next));
    if (submitted.current) form.validate({ name: fields.images.name });
  }
  function changePhotos(next: KeptPhoto[]) {
    flushSync(() => setPhotos(next));
    if (submitted.current) form.validate({ name: fields.images.name });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const quantity = event.currentTarget.elements.namedItem(fields.quantity.name);
    if (quantity instanceof HTMLInputElement) normaliseQuantity(quantity);
    submitted.current = true;
    form.onSubmit(event);
  }

  const conditionDescriptionId = `${fields.condition.id}-description`;
  const showPhoneHintId = `${fields.showPhone.id}-hint`;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} onSubmit={onSubmit} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      {listing ? <input type="hidden" name="id" value={listing.id} /> : null}

      <div className="flex flex-col gap-2">
        {custom ? (
          <Field id={fields.title.id} label={t("listing.form.title")} errors={translate(fields.title.errors)}>
            <Input
              {...getInputProps(fields.title, { type: "text" })}
              maxLength={80}
              placeholder={t("listing.form.titlePlaceholder")}
              autoComplete="off"
            />
          </Field>
        ) : (
          <Field id={fields.productId.id} label={t("listing.form.product")} errors={translate(fields.productId.errors)}>
            <NativeSelect {...getSelectProps(fields.productId)}>
              <option value="">{t("listing.form.productPlaceholder")}</option>
              {productOptions.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <div className="flex flex-col">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              name={fields.custom.name}
              checked={custom}
              onChange={(event) => setCustom(event.target.checked)}
              aria-describedby={`${fields.custom.id}-hint`}
              className="h-5 w-5 flex-none accent-brand-600"
            />
            {t("listing.form.customChoice")}
          </label>
          <p id={`${fields.custom.id}-hint`} className="-mt-2 pl-8 text-sm text-gray-600 dark:text-gray-400">
            {t("listing.form.customHint")}
          </p>
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Field id={fields.priceNgn.id} label={t("listing.form.price")} errors={translate(fields.priceNgn.errors)}>
          <Input
            {...getInputProps(fields.priceNgn, { type: "number" })}
            min={LISTING_LIMITS.priceMinNgn}
            max={LISTING_LIMITS.priceMaxNgn}
            step={0.01}
            inputMode="decimal"
          />
        </Field>
        <Field id={fields.quantity.id} label={t("listing.form.quantity")} errors={translate(fields.quantity.errors)}>
          <Input
            {...getInputProps(fields.quantity, { type: "number" })}
            min={LISTING_LIMITS.quantityMin}
            max={LISTING_LIMITS.quantityMax}
            step={1}
            inputMode="numeric"
            onBlur={(event) => {
              normaliseQuantity(event.currentTarget);
              if (fields.quantity.errors) form.validate({ name: fields.quantity.name });
            }}
          />
        </Field>
      </div>

      {/* What the product usually costs where the listing is: free, for every seller. */}
      {custom ? null : <UsualPriceHint productId={String(fields.productId.value ?? "")} place={location} />}

      {/* The premium price suggestion stays beside the price it fills in. */}
      {accessWhenOpened?.canAccess ? (
        <PriceSuggestion
          productId={custom ? "" : String(fields.productId.value ?? "")}
          access={accessWhenOpened}
          onUse={(price) => form.update({ name: fields.priceNgn.name, value: String(price) })}
        />
      ) : null}

      <Field id={fields.condition.id} label={t("listing.form.condition")} errors={translate(fields.condition.errors)}>
        <NativeSelect
          {...getSelectProps(fields.condition)}
          aria-describedby={
            fields.condition.errors?.length
              ? `${conditionDescriptionId} ${fields.condition.errorId}`
              : conditionDescriptionId
          }
          onChange={(event) => {
            const value = LISTING_CONDITIONS.find((item) => item === event.target.value);
            if (value) setCondition(value);
          }}
        >
          {LISTING_CONDITIONS.map((item) => (
            <option key={item} value={item}>
              {t(`listing.conditions.${item}`)}
            </option>
          ))}
        </NativeSelect>
        <p id={conditionDescriptionId} className="text-sm text-gray-600 dark:text-gray-400">
          {t(`listing.conditionDescriptions.${condition}`)}
        </p>
      </Field>

      <Field id={fields.images.id} label={t("listing.form.images")} errors={imageErrors}>
        <ImageListInput
          id={fields.images.id}
          name={fields.images.name}
          value={images}
          onChange={changeImages}
          purpose="listing"
          errors={imageErrors}
          kept={onKeep && !listing ? { photos, onChange: changePhotos } : undefined}
        />
      </Field>

      <div role="group" aria-labelledby={locationLabelId} className="flex flex-col gap-1.5">
        <span id={locationLabelId} className="text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("listing.form.location")}
        </span>
        <input type="hidden" name={fields.latitude.name} value={location?.latitude ?? ""} />
        <input type="hidden" name={fields.longitude.name} value={location?.longitude ?? ""} />
        <input type="hidden" name={fields.locality.name} value={location?.locality ?? ""} />
        {location ? (
          <div className="flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-gray-50 pl-3 dark:border-gray-700 dark:bg-gray-800">
            <Icon name="pin" className="h-4 w-4 flex-none text-brand-600 dark:text-brand-400" />
            <span className="min-w-0 flex-1 truncate text-sm" data-testid="listing-form-locality">
              {location.locality ??
                (location.latitude !== null && location.longitude !== null
                  ? `${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)}`
                  : "")}
            </span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={() => setLocation(null)}
              aria-label={t("listing.form.removeLocation")}
            >
              <Icon name="close" className="h-4 w-4" />
            </Button>
          </div>
        ) : (
          <Button type="button" variant="outline" className="self-start" onClick={() => setLocationOpen(true)}>
            <Icon name="pin" className="h-4 w-4" />
            {t("listing.form.addLocation")}
          </Button>
        )}
        {locationErrors ? (
          <ul className="text-sm text-red-600 dark:text-red-400">
            {locationErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
        <LocationDialog open={locationOpen} onOpenChange={setLocationOpen} onChoose={(chosen) => setLocation(chosen)} />
      </div>

      {/* Without premium access, the upsell card comes after the location, as the form's fields are ordered. */}
      {accessWhenOpened?.canAccess ? null : (
        <UpsellCard
          access={accessWhenOpened}
          title={t("listing.form.premiumTitle")}
          text={t("listing.form.premiumText")}
        />
      )}

      <div className="flex flex-col gap-1">
        <label
          className={cn(
            "flex min-h-11 items-center gap-3 text-sm",
            hasPhone ? "cursor-pointer" : "cursor-not-allowed opacity-70",
          )}
        >
          <input
            type="checkbox"
            name={fields.showPhone.name}
            defaultChecked={hasPhone && (listing?.showPhone ?? false)}
            disabled={!hasPhone}
            aria-describedby={showPhoneHintId}
            className="h-5 w-5 flex-none accent-brand-600"
          />
          <span className="font-medium">{t("listing.form.showPhone")}</span>
        </label>
        <p id={showPhoneHintId} className="-mt-2 pl-8 text-sm text-gray-600 dark:text-gray-400">
          {hasPhone ? (
            t("listing.form.showPhoneHint")
          ) : (
            <>
              {t("listing.form.noPhoneHint")}{" "}
              <Link
                to="/profile"
                className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
              >
                {t("listing.form.profileLink")}
              </Link>
            </>
          )}
        </p>
        {fields.showPhone.errors ? (
          <ul className="pl-8 text-sm text-red-600 dark:text-red-400">
            {translate(fields.showPhone.errors)?.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>

      {listing ? (
        <Field id={fields.status.id} label={t("listing.form.status")} errors={translate(fields.status.errors)}>
          <NativeSelect {...getSelectProps(fields.status)}>
            {LISTING_STATUSES.map((item) => (
              <option key={item} value={item}>
                {t(`listing.statuses.${item}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}

      {formErrors ? (
        <div
          id={form.errorId}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {formErrors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}

      {keeps && (noSignal || photos.length > 0) ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-earth-50 p-3 text-sm text-earth-900 dark:bg-earth-950 dark:text-earth-100"
          data-keeps-draft=""
        >
          <Icon name="smartphone" className="mt-0.5 h-4 w-4 flex-none" />
          {noSignal ? t("listing.drafts.noSignalNote") : t("listing.drafts.sendsFromDrafts")}
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t("listing.form.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {!pending ? <Icon name={keeps ? "smartphone" : listing ? "pencil" : "plus"} className="h-4 w-4" /> : null}
          {pending
            ? t("listing.form.saving")
            : keeps
              ? noSignal
                ? t("listing.drafts.keep")
                : t("listing.drafts.saveAndSend")
              : listing
                ? t("listing.form.update")
                : t("listing.form.create")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
