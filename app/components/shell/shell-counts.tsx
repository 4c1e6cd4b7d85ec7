import { Link } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import { useFormatNumber } from "~/lib/numbers";

// What the shell counts for the signed-in user: the listings in their cart (the header's cart
// link, and which cards say 'In cart') and their unread notifications (the sidebar's badge).
// The layout's loader gives them with every page; a card that adds to the cart says so at once.

interface ShellCounts {
  inCart: (listingId: string) => boolean;
  cartCount: number;
  unread: number;
  /** A listing the server has just taken into the cart. */
  addedToCart: (listingId: string) => void;
}

const Counts = createContext<ShellCounts>({
  inCart: () => false,
  cartCount: 0,
  unread: 0,
  addedToCart: () => {},
});

export function ShellCountsProvider({
  cartIds,
  unread,
  children,
}: {
  cartIds: readonly string[];
  unread: number;
  children: ReactNode;
}) {
  const key = [...cartIds].sort().join(",");
  const [ids, setIds] = useState(() => new Set(cartIds));
  // The loader's word (another page, an action) replaces what this page added meanwhile.
  useEffect(() => setIds(new Set(key ? key.split(",") : [])), [key]);
  const addedToCart = useCallback((listingId: string) => setIds((now) => new Set(now).add(listingId)), []);
  const value = useMemo(
    () => ({ inCart: (id: string) => ids.has(id), cartCount: ids.size, unread, addedToCart }),
    [ids, unread, addedToCart],
  );
  return <Counts.Provider value={value}>{children}</Counts.Provider>;
}

export const useShellCounts = () => useContext(Counts);

/** A count on an icon or an entry: hidden at 0, '99+' past 99. */
export function CountBadge({ count, className = "" }: { count: number; className?: string }) {
  const formatNumber = useFormatNumber();
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white ${className}`}
    >
      {count > 99 ? `${formatNumber(99)}+` : formatNumber(count)}
    </span>
  );
}

/** The header's cart: an icon with how many listings the cart holds, to /cart. */
export function CartLink() {
  const { t } = useTranslation();
  const { cartCount } = useShellCounts();
  return (
    <Link
      to="/cart"
      prefetch="intent"
      className="relative inline-flex h-11 w-11 flex-none items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
      aria-label={t("cart.headerLabel", { count: cartCount })}
      data-testid="cart-link"
    >
      <Icon name="cart" />
      <CountBadge count={cartCount} className="absolute -right-0.5 -top-0.5" />
    </Link>
  );
}
