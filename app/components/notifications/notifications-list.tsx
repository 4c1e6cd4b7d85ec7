import { Link, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/shell/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { formatNaira } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { NotificationDto } from "~/modules/notifications/notifications.server";

// The Notifications page: each notification in the reader's language (a row keeps the kind and
// what the text needs, never a sentence), unread ones marked, each opening the order it tells of.

const ICONS: Record<NotificationDto["kind"], IconName> = {
  order_requested: "receipt",
  order_answered: "receipt",
  order_delivered: "check",
  order_completed: "check",
  order_message: "mail",
  review_received: "star",
  moderation_outcome: "alert",
  premium_ending: "sparkles",
  price_moved: "trend",
  price_under_target: "trend",
};

/** Where a notification leads: the order it tells of, Settings for premium, the prices it follows. */
function notificationLink(notification: NotificationDto): string | null {
  if (notification.orderId) return `/orders/${notification.orderId}`;
  if (notification.kind === "premium_ending") return "/settings";
  const { data } = notification;
  if (notification.kind === "price_under_target" && data.listingId)
    return `/marketplace?${new URLSearchParams({ listing: String(data.listingId) })}`;
  if (notification.kind === "price_moved" && data.productId)
    return `/prices?${new URLSearchParams({ product: String(data.productId), town: String(data.town ?? "") })}`;
  return null;
}

/** The sentence for a notification. */
export function useNotificationText() {
  const { t } = useTranslation();
  return (notification: NotificationDto, locale: LanguageCode) => {
    const { data } = notification;
    const values = {
      reference: data.reference ?? "",
      count: Number(data.count ?? 1),
      rating: Number(data.rating ?? 0),
      date: data.endsAt ? formatDate(String(data.endsAt), locale) : "",
      product: String(data.product ?? ""),
      town: String(data.town ?? ""),
      median: formatNaira(Number(data.median ?? 0)),
      before: formatNaira(Number(data.before ?? 0)),
      price: formatNaira(Number(data.price ?? 0)),
      target: formatNaira(Number(data.target ?? 0)),
    };
    if (notification.kind === "price_moved")
      return t(`notifications.text.${Number(data.median) >= Number(data.before) ? "priceUp" : "priceDown"}`, values);
    if (notification.kind === "order_answered")
      return t(`notifications.text.answered.${String(data.status ?? "accepted")}`, values);
    if (notification.kind === "premium_ending" && data.trial) return t("notifications.text.trialEnding", values);
    if (notification.kind === "order_completed" && data.by === "time")
      return t("notifications.text.completedByTime", values);
    return t(`notifications.text.${notification.kind}`, values);
  };
}

export function NotificationsList({
  notifications,
  unread,
  hasMore,
  page,
  locale,
}: {
  notifications: NotificationDto[];
  unread: number;
  hasMore: boolean;
  page: number;
  locale: LanguageCode;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const text = useNotificationText();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title={t("notifications.title")} subtitle={t("notifications.unreadCount", { count: unread })}>
        {unread > 0 ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"} data-testid="read-all">
              <Icon name="check" className="h-4 w-4" />
              {t("notifications.readAll")}
            </Button>
          </fetcher.Form>
        ) : null}
      </PageHeader>
      {notifications.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <Icon name="bell" className="h-10 w-10 text-brand-600" />
          <p className="text-gray-600 dark:text-gray-400">{t("notifications.empty")}</p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="notifications">
          {notifications.map((notification) => {
            const body = (
              <>
                <span
                  className={cn(
                    "inline-flex h-10 w-10 flex-none items-center justify-center rounded-full",
                    notification.read
                      ? "bg-gray-100 text-gray-600 dark:bg-gray-800 dark:text-gray-300"
                      : "bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100",
                  )}
                >
                  <Icon name={ICONS[notification.kind]} className="h-5 w-5" />
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className={cn("break-words", notification.read ? "" : "font-semibold")}>
                    {text(notification, locale)}
                  </span>
                  <span className="text-xs text-gray-600 dark:text-gray-400">
                    {formatDate(notification.createdAt, locale, "medium-time")}
                    {notification.read ? "" : ` · ${t("notifications.new")}`}
                  </span>
                </span>
              </>
            );
            const className = cn(
              "flex items-center gap-3 rounded-xl border p-3",
              notification.read
                ? "border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900"
                : "border-brand-300 bg-brand-50 dark:border-brand-800 dark:bg-brand-950",
            );
            const link = notificationLink(notification);
            return (
              <li key={notification.id} data-testid="notification" data-read={notification.read ? "yes" : "no"}>
                {link ? (
                  <Link to={link} className={cn(className, "hover:border-brand-500")}>
                    {body}
                  </Link>
                ) : (
                  <div className={className}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {page > 1 || hasMore ? (
        <nav className="flex items-center justify-between" aria-label={t("orders.pages")}>
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("orders.newer")}
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link to={`?page=${page + 1}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("orders.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
