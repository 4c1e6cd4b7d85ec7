import { Link, useFetcher } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PhoneVerifiedBadge } from "~/components/sellers/seller-link";
import { PageHeader } from "~/components/shell/page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { formatNaira } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { replyFieldErrors, type PageReply } from "~/lib/page-reply";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { ReportReasonSelect } from "~/components/reports/reason-select";
import { DISPUTE_REASONS, ORDER_TEXT_LIMITS } from "~/modules/orders/constants";
import type { OrderMessageDto } from "~/modules/orders/messages.server";
import type { OrderDto, OrderItemDto, OrderParty } from "~/modules/orders/types";
import { REVIEW_TEXT_MAX } from "~/modules/reviews/schemas";
import { OrderStatusBadge } from "./order-status";
import { Stars } from "./stars";
import { Textarea } from "~/components/ui/textarea";
import { Table, THead, TBody, TFoot, TR, TH, TD } from "~/components/ui/table";

// One order as its buyer or seller sees it: where it stands and what happens next, the two
// parties (each other's verified phone once agreed), the items as asked and as agreed, the
// handover's details, the next moves (from moves.ts, through the order's own `actions`), the
// thread, and the review. Every form is a plain form to the page's action.

type Reply = PageReply<string, undefined>;

/** Field errors of a reply, as texts (the action translated them). */
const fieldErrors = replyFieldErrors;

/** A form to the page's action that says a refusal in a toast, and `done` once it went through. */
function useOrderForm(done?: string) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Reply>();
  useFetcherAnswer(fetcher, (reply) => {
    if (reply.refusal) toast({ title: reply.refusal.message, variant: "destructive" });
    else if (reply.result.status !== "error" && done) toast({ title: t(done) });
  });
  return fetcher;
}

/** A move that needs nothing more than a tap. */
function MoveButton({
  intent,
  label,
  done,
  variant = "default",
}: {
  intent: string;
  label: string;
  done: string;
  variant?: "default" | "outline";
}) {
  const { t } = useTranslation();
  const fetcher = useOrderForm(done);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={fetcher.state !== "idle"} data-testid={`order-${intent}`}>
        {fetcher.state !== "idle" ? t("orders.working") : label}
      </Button>
    </fetcher.Form>
  );
}

/** A move that asks for more (a reason, changes): a button that opens its form. */
function MoveDisclosure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button type="button" variant="outline" onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
    );
  return <div className="w-full rounded-xl border border-gray-200 p-4 dark:border-gray-700">{children}</div>;
}

function AcceptWithChanges({ items }: { items: OrderItemDto[] }) {
  const { t } = useTranslation();
  const fetcher = useOrderForm("orders.done.proposed");
  const id = useId();
  return (
    <fetcher.Form method="post" className="flex flex-col gap-4" data-testid="order-changes-form">
      <input type="hidden" name="intent" value="accept" />
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("orders.changesHelp")}</p>
      {items.map((item) => (
        <fieldset key={item.id} className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{item.name}</legend>
          <input type="hidden" name="item" value={item.id} />
          <div className="grid grid-cols-2 gap-3">
            <Field id={`${id}-q-${item.id}`} label={t("orders.quantity")}>
              <Input
                id={`${id}-q-${item.id}`}
                name={`quantity_${item.id}`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                defaultValue={item.quantity}
              />
            </Field>
            <Field id={`${id}-p-${item.id}`} label={t("orders.unitPrice")}>
              <Input
                id={`${id}-p-${item.id}`}
                name={`price_${item.id}`}
                inputMode="decimal"
                defaultValue={Number(item.priceNgn).toString()}
              />
            </Field>
          </div>
        </fieldset>
      ))}
      {fieldErrors(fetcher.data, "items") ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {fieldErrors(fetcher.data, "items")![0]}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"} data-testid="order-propose">
        {fetcher.state !== "idle" ? t("orders.working") : t("orders.proposeChanges")}
      </Button>
    </fetcher.Form>
  );
}

function ReasonForm({ intent, label, done, help }: { intent: "decline"; label: string; done: string; help: string }) {
  const { t } = useTranslation();
  const fetcher = useOrderForm(done);
  const id = useId();
  return (
    <fetcher.Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value={intent} />
      <Field id={`${id}-reason`} label={help} errors={fieldErrors(fetcher.data, "reason")}>
        <Textarea id={`${id}-reason`} name="reason" rows={2} maxLength={ORDER_TEXT_LIMITS.declineReason} />
      </Field>
      <Button
        type="submit"
        className="self-start"
        disabled={fetcher.state !== "idle"}
        data-testid={`order-${intent}-send`}
      >
        {fetcher.state !== "idle" ? t("orders.working") : label}
      </Button>
    </fetcher.Form>
  );
}

function DisputeForm() {
  const { t } = useTranslation();
  const fetcher = useOrderForm("orders.done.disputed");
  const id = useId();
  return (
    <fetcher.Form method="post" className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="dispute" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t("orders.disputeWhat")}</legend>
        {DISPUTE_REASONS.map((reason) => (
          <label
            key={reason}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-gray-700 dark:has-[:checked]:bg-brand-950"
          >
            <input type="radio" name="reason" value={reason} className="h-4 w-4 flex-none accent-brand-600" />
            <span>{t(`orders.disputeReasons.${reason}`)}</span>
          </label>
        ))}
        {fieldErrors(fetcher.data, "reason") ? (
          <p className="text-sm text-red-600 dark:text-red-400">{fieldErrors(fetcher.data, "reason")![0]}</p>
        ) : null}
      </fieldset>
      <Field id={`${id}-note`} label={t("orders.disputeNote")} errors={fieldErrors(fetcher.data, "note")}>
        <Textarea id={`${id}-note`} name="note" rows={3} maxLength={ORDER_TEXT_LIMITS.disputeNote} />
      </Field>
      <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"} data-testid="order-dispute-send">
        {fetcher.state !== "idle" ? t("orders.working") : t("orders.dispute")}
      </Button>
    </fetcher.Form>
  );
}

/** The reader's next moves, as the order says they may make them. */
function NextMoves({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const can = (action: string) => (order.actions as string[]).includes(action);
  if (order.actions.length === 0) return null;
  const seller = order.role === "seller";
  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="order-moves">
      {can("accept") && seller ? (
        <>
          <MoveButton intent="accept" label={t("orders.accept")} done="orders.done.accepted" />
          <MoveDisclosure label={t("orders.acceptWithChanges")} testId="order-open-changes">
            <AcceptWithChanges items={order.items} />
          </MoveDisclosure>
        </>
      ) : null}
      {can("accept") && !seller ? (
        <MoveButton intent="accept" label={t("orders.acceptChanges")} done="orders.done.accepted" />
      ) : null}
      {can("deliver") ? <MoveButton intent="deliver" label={t("orders.deliver")} done="orders.done.delivered" /> : null}
      {can("confirm") ? <MoveButton intent="confirm" label={t("orders.confirm")} done="orders.done.completed" /> : null}
      {can("cancel") ? (
        <MoveButton intent="cancel" label={t("orders.cancel")} done="orders.done.cancelled" variant="outline" />
      ) : null}
      {can("decline") ? (
        <MoveDisclosure label={t("orders.decline")} testId="order-open-decline">
          <ReasonForm
            intent="decline"
            label={t("orders.decline")}
            done="orders.done.declined"
            help={t("orders.declineWhy")}
          />
        </MoveDisclosure>
      ) : null}
      {can("dispute") ? (
        <MoveDisclosure label={t("orders.dispute")} testId="order-open-dispute">
          <DisputeForm />
        </MoveDisclosure>
      ) : null}
    </div>
  );
}

function Party({ label, party }: { label: string; party: OrderParty }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 font-semibold">
        <span className="break-words">{party.name}</span>
        {party.phoneVerified ? <PhoneVerifiedBadge /> : null}
      </dd>
      {party.phone ? (
        <dd>
          <a
            href={`tel:${party.phone}`}
            className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline dark:text-brand-300"
            aria-label={t("orders.call", { name: party.name })}
          >
            <Icon name="phone" className="h-4 w-4" />
            {party.phone}
          </a>
        </dd>
      ) : null}
    </div>
  );
}

function Items({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <Table data-testid="order-items">
        <caption className="sr-only">{t("orders.items")}</caption>
        <THead>
          <TR>
            <TH className="font-medium">{t("orders.item")}</TH>
            <TH className="font-medium">{t("orders.quantity")}</TH>
            <TH className="font-medium">{t("orders.unitPrice")}</TH>
            <TH className="text-right font-medium">{t("orders.subtotal")}</TH>
          </TR>
        </THead>
        <TBody>
          {order.items.map((item) => (
            <TR key={item.id} className="border-t border-gray-200 align-top dark:border-gray-800">
              <TD className="break-words font-medium">{item.name}</TD>
              <TD>
                {item.agreedQuantity}
                {item.unit ? ` ${t(`units.${item.unit}`, { defaultValue: item.unit })}` : ""}
                {item.proposedQuantity !== null && item.proposedQuantity !== item.quantity ? (
                  <span className="block text-xs text-gray-600 dark:text-gray-400">
                    {t("orders.was", { value: item.quantity })}
                  </span>
                ) : null}
              </TD>
              <TD>
                {formatNaira(item.agreedPriceNgn)}
                {item.proposedPriceNgn !== null && item.proposedPriceNgn !== item.priceNgn ? (
                  <span className="block text-xs text-gray-600 dark:text-gray-400">
                    {t("orders.was", { value: formatNaira(item.priceNgn) })}
                  </span>
                ) : null}
              </TD>
              <TD className="text-right font-semibold">{formatNaira(item.subtotalNgn)}</TD>
            </TR>
          ))}
        </TBody>
        <TFoot>
          <TR className="border-t-2 border-gray-300 dark:border-gray-700">
            <TH scope="row" colSpan={3}>
              {t("orders.totalLabel")}
            </TH>
            <TD className="text-right text-lg font-bold" data-testid="order-total">
              {formatNaira(order.totalNgn)}
            </TD>
          </TR>
        </TFoot>
      </Table>
    </div>
  );
}

function ReportMessage({ messageId }: { messageId: string }) {
  const { t } = useTranslation();
  const fetcher = useOrderForm("reports.sentText");
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button
        type="button"
        className="text-xs text-gray-600 underline dark:text-gray-400"
        onClick={() => setOpen(true)}
      >
        {t("reports.button")}
      </button>
    );
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="messageId" value={messageId} />
      <ReportReasonSelect />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        {t("reports.send")}
      </Button>
    </fetcher.Form>
  );
}

function Thread({ messages, locale }: { messages: OrderMessageDto[]; locale: LanguageCode }) {
  const { t } = useTranslation();
  const fetcher = useOrderForm();
  const id = useId();
  const sending = fetcher.state !== "idle";
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("orders.messages")}
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("orders.noMessages")}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="order-thread">
          {messages.map((message) => (
            <li
              key={message.id}
              className={
                message.mine
                  ? "ml-6 rounded-xl bg-brand-50 p-3 dark:bg-brand-950"
                  : "mr-6 rounded-xl bg-gray-100 p-3 dark:bg-gray-800"
              }
            >
              <p className="text-xs text-gray-600 dark:text-gray-400">
                {message.mine ? t("orders.you") : message.author} ·{" "}
                {formatDate(message.createdAt, locale, "medium-time")}
              </p>
              <p className="whitespace-pre-wrap break-words">
                {message.hidden ? <em>{t("orders.messageHidden")}</em> : message.body}
              </p>
              {!message.mine && !message.hidden ? <ReportMessage messageId={message.id} /> : null}
            </li>
          ))}
        </ol>
      )}
      <fetcher.Form
        method="post"
        className="flex flex-col gap-2"
        key={messages.length}
        data-testid="order-message-form"
      >
        <input type="hidden" name="intent" value="message" />
        <Field id={`${id}-body`} label={t("orders.writeMessage")} errors={fieldErrors(fetcher.data, "body")}>
          <Textarea id={`${id}-body`} name="body" rows={2} maxLength={ORDER_TEXT_LIMITS.message} />
        </Field>
        <Button type="submit" className="self-start" disabled={sending} data-testid="order-message-send">
          {sending ? t("orders.working") : t("orders.sendMessage")}
        </Button>
      </fetcher.Form>
    </Card>
  );
}

function ReviewForm() {
  const { t } = useTranslation();
  const fetcher = useOrderForm("reviews.saved");
  const id = useId();
  return (
    <fetcher.Form method="post" className="flex flex-col gap-3" data-testid="review-form">
      <input type="hidden" name="intent" value="review" />
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t("reviews.rate")}</legend>
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label
              key={stars}
              className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-lg border border-gray-200 px-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:border-gray-700 dark:has-[:checked]:bg-brand-950"
            >
              <input type="radio" name="rating" value={stars} className="sr-only" />
              <Icon name="star" className="h-4 w-4 text-amber-500" />
              <span>{t("reviews.stars", { count: stars })}</span>
            </label>
          ))}
        </div>
        {fieldErrors(fetcher.data, "rating") ? (
          <p className="mt-1 text-sm text-red-600 dark:text-red-400">{fieldErrors(fetcher.data, "rating")![0]}</p>
        ) : null}
      </fieldset>
      <Field
        id={`${id}-text`}
        label={`${t("reviews.text")} (${t("common.optional")})`}
        errors={fieldErrors(fetcher.data, "text")}
      >
        <Textarea id={`${id}-text`} name="text" rows={3} maxLength={REVIEW_TEXT_MAX} />
      </Field>
      <Button type="submit" className="self-start" disabled={fetcher.state !== "idle"} data-testid="review-send">
        {fetcher.state !== "idle" ? t("orders.working") : t("reviews.send")}
      </Button>
    </fetcher.Form>
  );
}

function ReplyForm() {
  const { t } = useTranslation();
  const fetcher = useOrderForm("reviews.answered");
  const id = useId();
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="reply" />
      <Field id={`${id}-reply`} label={t("reviews.answer")} errors={fieldErrors(fetcher.data, "reply")}>
        <Textarea id={`${id}-reply`} name="reply" rows={2} maxLength={REVIEW_TEXT_MAX} />
      </Field>
      <Button type="submit" size="sm" className="self-start" disabled={fetcher.state !== "idle"}>
        {t("reviews.sendAnswer")}
      </Button>
    </fetcher.Form>
  );
}

function ReviewSection({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  if (!order.review && !order.canReview) return null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-6" data-testid="order-review">
      <h2 className="text-lg font-semibold">{t("reviews.title")}</h2>
      {order.review ? (
        order.review.hidden ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t("reviews.hidden")}</p>
        ) : (
          <div className="flex flex-col gap-2">
            <Stars rating={order.review.rating} />
            {order.review.text ? <p className="whitespace-pre-wrap break-words">{order.review.text}</p> : null}
            {order.review.reply ? (
              <p className="rounded-lg bg-gray-100 p-3 text-sm dark:bg-gray-800">
                <span className="font-semibold">{t("reviews.sellerAnswer")}</span> {order.review.reply}
              </p>
            ) : null}
          </div>
        )
      ) : (
        <ReviewForm />
      )}
      {order.canReply ? <ReplyForm /> : null}
    </Card>
  );
}

export function OrderPage({
  order,
  messages,
  sent,
  locale,
}: {
  order: OrderDto;
  messages: OrderMessageDto[];
  sent: boolean;
  locale: LanguageCode;
}) {
  const { t } = useTranslation();
  const when = (value: string | null) => (value ? formatDate(value, locale) : "");
  const next = t(`orders.next.${order.status}.${order.role}`, {
    date: when(order.completesAt),
    completed: when(order.completedAt),
    reason: order.declineReason ?? "",
  });
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeader title={t("orders.orderTitle", { reference: order.reference })}>
        <Link
          to={`/orders?role=${order.role}`}
          className="text-sm font-medium text-brand-700 underline dark:text-brand-300"
        >
          {t("orders.backToList")}
        </Link>
      </PageHeader>
      {sent && order.status === "requested" && order.role === "buyer" ? (
        <p
          role="status"
          className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-950 dark:text-brand-100"
        >
          {t("orders.sentNotice", { name: order.seller.name })}
        </p>
      ) : null}
      <Card className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <OrderStatusBadge status={order.status} className="text-sm" />
          <span className="text-sm text-gray-600 dark:text-gray-400">{when(order.createdAt)}</span>
        </div>
        <p data-testid="order-next">{next}</p>
        <NextMoves order={order} />
      </Card>
      <Card className="flex flex-col gap-4 p-4 sm:p-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Party label={t("orders.seller")} party={order.seller} />
          <Party label={t("orders.buyer")} party={order.buyer} />
          <div className="flex flex-col gap-1">
            <dt className="text-sm text-gray-600 dark:text-gray-400">{t("orders.handover")}</dt>
            <dd className="font-semibold">
              {order.fulfilment === "delivery"
                ? t("orders.deliveryTo", { town: order.town ?? "" })
                : t("orders.fulfilment.pickup")}
            </dd>
            {order.deliveryNote ? <dd className="break-words text-sm">{order.deliveryNote}</dd> : null}
          </div>
          {order.preferredDate ? (
            <div className="flex flex-col gap-1">
              <dt className="text-sm text-gray-600 dark:text-gray-400">{t("orders.preferredDate")}</dt>
              <dd className="font-semibold">{formatDate(`${order.preferredDate}T12:00:00Z`, locale)}</dd>
            </div>
          ) : null}
          {order.message ? (
            <div className="flex flex-col gap-1 sm:col-span-2">
              <dt className="text-sm text-gray-600 dark:text-gray-400">{t("orders.buyerMessage")}</dt>
              <dd className="whitespace-pre-wrap break-words">{order.message}</dd>
            </div>
          ) : null}
        </dl>
        <Items order={order} />
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("cart.noMoneyHere")}</p>
      </Card>
      <ReviewSection order={order} />
      <Thread messages={messages} locale={locale} />
    </div>
  );
}
