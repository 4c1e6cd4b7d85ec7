import { Link, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/shell/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icons";
import { TabList } from "~/components/ui/tabs";
import { formatNaira } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { OrderSummary } from "~/modules/orders/types";
import { OrderStatusBadge } from "./order-status";

// My orders: Buying and Selling as tabs (links, so they work before the page's script), each a
// list of orders with their state, the other party, what was asked for and the total.

const ROLES = ["buyer", "seller"] as const;

function OrderRow({ order, locale }: { order: OrderSummary; locale: LanguageCode }) {
  const { t } = useTranslation();
  const what =
    order.itemCount > 1 ? t("orders.andMore", { name: order.firstItem, count: order.itemCount - 1 }) : order.firstItem;
  return (
    <li>
      <Link
        to={`/orders/${order.id}`}
        className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 hover:border-brand-400 dark:border-gray-800 dark:bg-gray-900 sm:flex-row sm:items-center"
        data-testid="order-row"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold">{order.reference}</span>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="break-words font-semibold">{what}</p>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {t(order.role === "buyer" ? "orders.fromSeller" : "orders.forBuyer", { name: order.otherParty })}
            {" · "}
            {formatDate(order.updatedAt, locale)}
          </p>
        </div>
        <p className="text-lg font-bold">{formatNaira(order.totalNgn)}</p>
      </Link>
    </li>
  );
}

export function OrdersPage({
  orders,
  total,
  page,
  pageSize,
  role,
  locale,
}: {
  orders: OrderSummary[];
  total: number;
  page: number;
  pageSize: number;
  role: "buyer" | "seller";
  locale: LanguageCode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeader title={t("orders.title")} subtitle={t("orders.subtitle")} />
      <TabList
        id="orders"
        label={t("orders.tabsLabel")}
        items={ROLES.map((value) => ({
          value,
          label: value === "buyer" ? t("orders.tabBuying") : t("orders.tabSelling"),
          href: `?role=${value}`,
        }))}
        value={role}
        onChange={(value) => navigate(`?role=${value}`)}
        className="grid grid-cols-2 rounded-xl bg-gray-100 p-1 dark:bg-gray-800 sm:max-w-sm"
        tabClassName="flex min-h-10 items-center justify-center rounded-lg px-2 text-center text-sm font-semibold text-gray-600 aria-selected:bg-white aria-selected:text-gray-900 aria-selected:shadow-sm dark:text-gray-300 dark:aria-selected:bg-gray-950 dark:aria-selected:text-white"
      />
      <section id={`orders-panel-${role}`} role="tabpanel" aria-labelledby={`orders-tab-${role}`}>
        {orders.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <Icon name="receipt" className="h-10 w-10 text-brand-600" />
            <p className="text-gray-600 dark:text-gray-400">
              {t(role === "buyer" ? "orders.emptyBuying" : "orders.emptySelling")}
            </p>
            <Link
              to={role === "buyer" ? "/marketplace" : "/my-listings"}
              className={buttonVariants({ variant: "outline" })}
            >
              {t(role === "buyer" ? "saved.browse" : "orders.toListings")}
            </Link>
          </Card>
        ) : (
          <ul className="flex flex-col gap-3">
            {orders.map((order) => (
              <OrderRow key={order.id} order={order} locale={locale} />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className="mt-4 flex items-center justify-between" aria-label={t("orders.pages")}>
            {page > 1 ? (
              <Link
                to={`?role=${role}&page=${page - 1}`}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                {t("orders.newer")}
              </Link>
            ) : (
              <span />
            )}
            {page < pages ? (
              <Link
                to={`?role=${role}&page=${page + 1}`}
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                {t("orders.older")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
