import { Form, Link, useFetcher, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { DisclosureMenu, menuItemClass } from "~/components/ui/disclosure-menu";
import { Icon, type IconName } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useWideScreen } from "~/lib/use-wide-screen";
import { tellServiceWorker } from "~/sw/registration";
import type { PublicUser } from "~/modules/auth/users.server";
import { occupationLabelKey } from "~/modules/auth/constants";
import { VoiceWidget } from "~/components/voice/voice-widget";
import { BrandMark } from "./brand-mark";
import { Footer } from "./footer";
import { LanguageSwitcher, ThemeToggle } from "./preferences-controls";
import { CartLink, CountBadge, useShellCounts } from "./shell-counts";

// The signed-in shell: sidebar (main and account entries, the catalogue and
// moderation for administrators only), sticky header with search, language, theme and user
// menu, the footer, and the floating voice widget.

interface NavEntry {
  to: string;
  label: string;
  icon: IconName;
  admin?: boolean;
  /** Served outside the app (the queue dashboard): opened as a whole new page. */
  document?: boolean;
  /** Shows the unread notifications' count. */
  unreadBadge?: boolean;
}

const MAIN_ENTRIES: NavEntry[] = [
  { to: "/dashboard", label: "nav.dashboard", icon: "home" },
  { to: "/search", label: "nav.search", icon: "search" },
  { to: "/marketplace", label: "nav.marketplace", icon: "store" },
  { to: "/my-listings", label: "nav.myListings", icon: "list" },
  { to: "/orders", label: "nav.orders", icon: "receipt" },
  { to: "/prices", label: "nav.prices", icon: "trend" },
  { to: "/product-catalog", label: "nav.management", icon: "catalog", admin: true },
  { to: "/moderation", label: "moderation.navTitle", icon: "alert", admin: true },
  { to: "/admin/queues", label: "nav.queues", icon: "list", admin: true, document: true },
  { to: "/sms", label: "nav.sms", icon: "smartphone", admin: true },
  { to: "/medicine", label: "nav.medicine", icon: "leaf" },
  { to: "/mapping", label: "nav.mapping", icon: "map" },
  { to: "/asiiko", label: "nav.asiiko", icon: "sparkles" },
];

const ACCOUNT_ENTRIES: NavEntry[] = [
  { to: "/profile", label: "nav.profile", icon: "user" },
  { to: "/notifications", label: "nav.notifications", icon: "bell", unreadBadge: true },
  { to: "/community", label: "nav.community", icon: "users" },
  { to: "/settings", label: "nav.settings", icon: "settings" },
  { to: "/help", label: "nav.help", icon: "help" },
];

/** Sign out through /logout; 'Signing out...' while it runs, then to / whatever happens. */
export function useSignOut() {
  const fetcher = useFetcher<{ ok: boolean }>();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (answer) => {
    // The worker drops what it kept of this reader's pages (it also sees the answer's mark; this is sooner).
    if (answer.ok) return tellServiceWorker({ type: "clear-data" });
    toast({ title: t("auth.logoutFailed"), variant: "destructive" });
    navigate("/");
  });
  return {
    pending,
    signOut: () => fetcher.submit(null, { method: "post", action: "/logout" }),
  };
}

function SignOutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pending, signOut } = useSignOut();
  return (
    <Button variant="ghost" className={cn("w-full justify-start", className)} onClick={signOut} disabled={pending}>
      <Icon name="logout" />
      {pending ? t("nav.signingOut") : t("nav.signOut")}
    </Button>
  );
}

/** The entry for the current page: its own path or a page below it; '/' signed in is the dashboard. */
function isCurrent(entry: NavEntry, pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (entry.to === "/dashboard" && path === "/") return true;
  return path === entry.to || path.startsWith(`${entry.to}/`);
}

function NavItem({ entry, onNavigate }: { entry: NavEntry; onNavigate: () => void }) {
  const { t } = useTranslation();
  const current = isCurrent(entry, useLocation().pathname);
  const { unread } = useShellCounts();
  return (
    <li>
      <Link
        to={entry.to}
        reloadDocument={entry.document}
        prefetch={entry.document ? "none" : "intent"}
        onClick={onNavigate}
        aria-current={current ? "page" : undefined}
        className={cn(
          "flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors",
          current
            ? "bg-brand-50 text-brand-800 dark:bg-brand-950 dark:text-brand-200"
            : "text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800",
        )}
      >
        <Icon name={entry.icon} />
        <span className="flex-1">{t(entry.label)}</span>
        {entry.unreadBadge && unread > 0 ? (
          <>
            <CountBadge count={unread} />
            <span className="sr-only">{t("notifications.unreadCount", { count: unread })}</span>
          </>
        ) : null}
        {entry.admin ? (
          <span className="rounded-full bg-earth-100 px-2 py-0.5 text-xs font-semibold text-earth-800 dark:bg-earth-800 dark:text-earth-100">
            {t("nav.adminBadge")}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

function Sidebar({ user, open, onClose }: { user: PublicUser; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = MAIN_ENTRIES.filter((entry) => !entry.admin || user.isAdmin);
  return (
    <>
      {open ? (
        <button
          type="button"
          aria-label={t("nav.closeMenu")}
          className="fixed inset-0 z-30 bg-black/60 lg:hidden"
          onClick={onClose}
          data-testid="sidebar-overlay"
        />
      ) : null}
      <aside
        id="app-sidebar"
        className={cn(
          "fixed inset-y-0 left-0 z-40 w-72 flex-none border-r border-gray-200 bg-white transition-transform dark:border-gray-800 dark:bg-gray-950 lg:static lg:translate-x-0",
          open ? "translate-x-0" : "-translate-x-full",
        )}
        aria-label={t("nav.mainNavigation")}
      >
        {/* On a wide screen the column runs the page's full height beside the footer, and its content stays in view. */}
        <div className="flex h-full flex-col lg:sticky lg:top-[var(--offline-banner-height,0px)] lg:h-[calc(100dvh-var(--offline-banner-height,0px))]">
          <div className="flex h-16 items-center justify-between px-4">
            <BrandMark to="/" className="text-xl" onClick={onClose} />
            <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t("nav.closeMenu")} onClick={onClose}>
              <Icon name="close" />
            </Button>
          </div>
          <nav className="flex-1 overflow-y-auto px-3 pb-4">
            <ul className="flex flex-col gap-1">
              {entries.map((entry) => (
                <NavItem key={entry.to} entry={entry} onNavigate={onClose} />
              ))}
            </ul>
            <p className="mt-6 px-3 text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">
              {t("nav.account")}
            </p>
            <ul className="mt-2 flex flex-col gap-1">
              {ACCOUNT_ENTRIES.map((entry) => (
                <NavItem key={entry.to} entry={entry} onNavigate={onClose} />
              ))}
            </ul>
          </nav>
          <div className="border-t border-gray-200 p-3 dark:border-gray-800">
            <div className="flex items-center gap-3 px-2 py-2" data-testid="profile-block">
              <span className="inline-flex h-10 w-10 flex-none items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
                {user.firstName.slice(0, 1).toUpperCase()}
                {user.lastName.slice(0, 1).toUpperCase()}
              </span>
              <div className="min-w-0">
                {/* A long name (Nwankwo-Okonkwo) goes on to a second line rather than being cut. */}
                <p className="break-words text-sm font-semibold">
                  {user.firstName} {user.lastName}
                </p>
                <p className="truncate text-xs text-gray-600 dark:text-gray-400">{t(occupationLabelKey(user))}</p>
              </div>
            </div>
            <SignOutButton />
          </div>
        </div>
      </aside>
    </>
  );
}

function HeaderSearch() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  // On a phone the box is narrow: a short placeholder that shows whole ('Search pr' said nothing).
  const wide = useWideScreen();
  return (
    <Form method="get" action="/search" role="search" className="min-w-0 flex-1">
      <label htmlFor="header-search" className="sr-only">
        {t("header.searchLabel")}
      </label>
      <div className="relative">
        <Icon
          name="search"
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-400"
        />
        <input
          id="header-search"
          type="search"
          name="q"
          defaultValue={location.pathname === "/search" ? (params.get("q") ?? "") : ""}
          placeholder={wide ? t("header.searchPlaceholder") : t("header.searchPlaceholderShort")}
          className="h-10 w-full rounded-full border border-gray-300 bg-gray-50 pl-9 pr-3 text-sm placeholder:text-gray-400 focus-visible:border-brand-500 focus-visible:bg-white dark:border-gray-700 dark:bg-gray-900"
        />
      </div>
    </Form>
  );
}

function UserMenu({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { pending, signOut } = useSignOut();
  return (
    <DisclosureMenu
      label={t("nav.userMenu")}
      panelClassName="min-w-48"
      trigger={
        <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
          {user.firstName.slice(0, 1).toUpperCase()}
        </span>
      }
    >
      <p className="px-3 py-2 text-sm">
        <span className="block font-semibold">
          {user.firstName} {user.lastName}
        </span>
        <span className="block text-xs text-gray-500">@{user.username}</span>
      </p>
      <hr className="my-1 border-gray-200 dark:border-gray-700" />
      {[
        { to: "/profile", label: "nav.profile" },
        { to: "/settings", label: "nav.settings" },
      ].map((item) => (
        <Link key={item.to} to={item.to} className={menuItemClass}>
          {t(item.label)}
        </Link>
      ))}
      <button
        type="button"
        disabled={pending}
        onClick={signOut}
        className={`${menuItemClass} text-red-700 hover:bg-red-50 focus-visible:bg-red-50 disabled:opacity-60 dark:text-red-400 dark:hover:bg-red-950 dark:focus-visible:bg-red-950`}
      >
        {pending ? t("nav.signingOut") : t("nav.signOut")}
      </button>
    </DisclosureMenu>
  );
}

export function AppShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // A navigation closes the mobile sidebar.
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-dvh">
      <Sidebar user={user} open={open} onClose={() => setOpen(false)} />
      {/* Room at the bottom, so the end of every page can be scrolled clear of the voice button. */}
      <div className="flex min-w-0 flex-1 flex-col pb-20">
        <header className="sticky top-[var(--offline-banner-height,0px)] z-20 flex h-16 items-center gap-2 border-b border-gray-200 bg-white/95 px-3 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95 sm:gap-3 sm:px-4">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={open ? t("nav.closeMenu") : t("nav.openMenu")}
            aria-expanded={open}
            aria-controls="app-sidebar"
            onClick={() => setOpen((value) => !value)}
          >
            <Icon name="menu" />
          </Button>
          <BrandMark to="/" size={28} className="hidden sm:flex lg:hidden" />
          <HeaderSearch />
          <CartLink />
          <LanguageSwitcher compact />
          {/* On a phone the header keeps its room for search and the cart: the theme is in Settings there. */}
          <div className="hidden sm:block">
            <ThemeToggle />
          </div>
          <UserMenu user={user} />
        </header>
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">{children}</main>
        <Footer />
      </div>
      <VoiceWidget />
    </div>
  );
}
