import { Link, useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { listingImage } from "~/components/marketplace/listing-card";
import { SellerLink } from "~/components/sellers/seller-link";
import { PageHeader } from "~/components/shell/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Photo } from "~/components/ui/photo";
import { formatNaira } from "~/lib/currency";
import type { LanguageCode } from "~/lib/i18n";
import { listingName } from "~/lib/listing-name";
import { replyFieldErrors, type PageReply } from "~/lib/page-reply";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import type { Cart, CartLine, CartSeller } from "~/modules/cart/cart.server";
import { pricePerUnit } from "~/modules/listings/price";
import { ORDER_TEXT_LIMITS } from "~/modules/orders/constants";
import { Textarea } from "~/components/ui/textarea";

// The cart page: the changes since the buyer last looked, then one card per seller with its items
// (quantity, unit, price, subtotal) and the order request form. Plain forms, so a phone without the
// page's script can still change a quantity or send a request.

type Reply = PageReply<string, undefined>;

/** Field errors of a reply, as texts (the action translated them). */
const fieldErrors = replyFieldErrors;

function Changes({ changes }: { changes: Cart["changes"] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-1 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
      data-testid="cart-changes"
    >
      {changes.map((change) => (
        <p key={change.listingId}>
          {change.change === "removed"
            ? t("cart.removedNotice", { name: change.name ?? t("saved.unnamed") })
            : t("cart.reducedNotice", { name: change.name ?? t("saved.unnamed"), count: change.quantity ?? 0 })}
        </p>
      ))}
    </div>
  );
}

function ItemRow({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Reply>();
  const id = useId();
  const { listing } = line;
  const name = listingName(listing, t("marketplace.agriculturalProduct"));
  const image = listingImage(listing);
  const price = pricePerUnit(t, listing.priceNgn, listing.product?.unit);
  const busy = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (reply) => {
    if (reply.refusal) toast({ title: reply.refusal.message, variant: "destructive" });
  });
  return (
    <li className="flex flex-col gap-3 border-t border-gray-200 py-4 first:border-t-0 dark:border-gray-800 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {image ? (
          <Photo src={image} sizes="64px" className="h-16 w-16 flex-none rounded-lg object-cover" />
        ) : (
          <span className="h-16 w-16 flex-none rounded-lg bg-brand-50 dark:bg-gray-800" />
        )}
        <div className="min-w-0">
          <p className="break-words font-semibold">{name}</p>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {price.amount} {price.unit}
          </p>
          <p className="text-xs text-gray-600 dark:text-gray-400">
            {t("cart.available", { count: listing.available })}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <fetcher.Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="quantity" />
          <input type="hidden" name="listingId" value={line.listingId} />
          <Field id={`${id}-quantity`} label={t("cart.quantity")} errors={fieldErrors(fetcher.data, "quantity")}>
            <Input
              id={`${id}-quantity`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={listing.available}
              step={1}
              defaultValue={line.quantity}
              key={line.quantity}
              className="w-24"
            />
          </Field>
          <Button type="submit" variant="outline" size="sm" disabled={busy} data-testid="cart-update">
            {t("cart.update")}
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="listingId" value={line.listingId} />
          <Button type="submit" variant="ghost" size="sm" disabled={busy} aria-label={t("cart.removeItem", { name })}>
            <Icon name="trash" className="h-4 w-4" />
            {t("cart.remove")}
          </Button>
        </fetcher.Form>
        <p className="min-w-24 text-right font-semibold" data-testid="cart-subtotal">
          {formatNaira(line.subtotalNgn)}
        </p>
      </div>
    </li>
  );
}

/** The order request for one seller's items: pickup or delivery, a date, a message. */
function RequestForm({ group, today }: { group: CartSeller; today: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Reply>();
  const id = useId();
  const [fulfilment, setFulfilment] = useState<"pickup" | "delivery">("pickup");
  const sending = fetcher.state !== "idle";
  const reply = fetcher.data;
  const formError = fieldErrors(reply, "")?.[0];
  return (
    <fetcher.Form method="post" className="flex flex-col gap-4" data-testid="order-request-form">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="sellerId" value={group.seller.id} />
      {formError || reply?.refusal ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          {formError ?? reply?.refusal?.message}
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t("cart.fulfilment")}</legend>
        {(["pickup", "delivery"] as const).map((choice) => (
          <label
            key={choice}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-gray-700 dark:has-[:checked]:bg-brand-950"
          >
            <input
              type="radio"
              name="fulfilment"
              value={choice}
              checked={fulfilment === choice}
              onChange={() => setFulfilment(choice)}
              className="h-4 w-4 flex-none accent-brand-600"
            />
            <span>{t(`orders.fulfilment.${choice}`)}</span>
          </label>
        ))}
      </fieldset>
      {fulfilment === "delivery" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-town`} label={t("cart.town")} errors={fieldErrors(reply, "town")}>
            <Input id={`${id}-town`} name="town" maxLength={ORDER_TEXT_LIMITS.town} autoComplete="address-level2" />
          </Field>
          <Field
            id={`${id}-note`}
            label={`${t("cart.deliveryNote")} (${t("common.optional")})`}
            errors={fieldErrors(reply, "deliveryNote")}
          >
            <Input id={`${id}-note`} name="deliveryNote" maxLength={ORDER_TEXT_LIMITS.deliveryNote} />
          </Field>
        </div>
      ) : null}
      <Field
        id={`${id}-date`}
        label={`${t("cart.preferredDate")} (${t("common.optional")})`}
        errors={fieldErrors(reply, "preferredDate")}
      >
        <Input id={`${id}-date`} name="preferredDate" type="date" min={today} className="sm:w-56" />
      </Field>
      <Field
        id={`${id}-message`}
        label={`${t("cart.message")} (${t("common.optional")})`}
        errors={fieldErrors(reply, "message")}
      >
        <Textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          maxLength={ORDER_TEXT_LIMITS.message}
          placeholder={t("cart.messagePlaceholder")}
        />
      </Field>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("cart.noMoneyHere")}</p>
      <Button type="submit" disabled={sending} className="self-start" data-testid="send-order-request">
        <Icon name="receipt" className="h-4 w-4" />
        {sending ? t("cart.sending") : t("cart.send")}
      </Button>
    </fetcher.Form>
  );
}

function SellerGroup({ group, today }: { group: CartSeller; today: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <Card className="flex flex-col gap-2 p-4 sm:p-6" aria-labelledby={headingId} data-testid="cart-seller">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          <span>{t("cart.from")}</span>
          <SellerLink seller={group.seller} />
        </h2>
        <p className="font-semibold" data-testid="cart-seller-total">
          {t("cart.total", { amount: formatNaira(group.totalNgn) })}
        </p>
      </div>
      <ul>
        {group.items.map((line) => (
          <ItemRow key={line.listingId} line={line} />
        ))}
      </ul>
      {open ? (
        <RequestForm group={group} today={today} />
      ) : (
        <Button className="self-start" onClick={() => setOpen(true)} data-testid="open-order-request">
          <Icon name="receipt" className="h-4 w-4" />
          {t("cart.send")}
        </Button>
      )}
    </Card>
  );
}

export function CartPage({ cart, today }: { cart: Cart; today: string; locale: LanguageCode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeader title={t("cart.title")} subtitle={t("cart.subtitle")} />
      <Changes changes={cart.changes} />
      {cart.sellers.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <Icon name="cart" className="h-10 w-10 text-brand-600" />
          <p className="text-gray-600 dark:text-gray-400">{t("cart.empty")}</p>
          <Link to="/marketplace" className={buttonVariants({ variant: "outline" })}>
            {t("saved.browse")}
          </Link>
        </Card>
      ) : (
        cart.sellers.map((group) => <SellerGroup key={group.seller.id} group={group} today={today} />)
      )}
    </div>
  );
}
