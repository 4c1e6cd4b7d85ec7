import { useTranslation } from "react-i18next";
import { cn } from "~/lib/cn";
import type { OrderStatus } from "~/modules/orders/constants";

// An order's state as a badge: waiting (amber), agreed or done (green), ended without a trade (grey),
// disputed (red). The colour is never the only sign: the word says it.

const TONES: Record<OrderStatus, string> = {
  requested: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  changes_proposed: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  accepted: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-50",
  delivered: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-50",
  completed: "bg-brand-700 text-white dark:bg-brand-600",
  declined: "bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100",
  cancelled: "bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100",
  disputed: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
};

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        TONES[status],
        className,
      )}
      data-testid="order-status"
    >
      {t(`orders.status.${status}`)}
    </span>
  );
}
