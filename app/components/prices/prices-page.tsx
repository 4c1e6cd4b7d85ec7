import { Form, Link, useFetcher, useNavigate, useSearchParams } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/shell/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { formatNaira } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { replyFieldErrors, type PageReply } from "~/lib/page-reply";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { useMounted } from "~/lib/use-mounted";
import { pricePerUnit } from "~/modules/listings/price";
import type { PriceAlertDto } from "~/modules/prices/alerts.server";
import type { PricesPageData, TownRow } from "~/modules/prices/page.server";
import { PRICE_PAGE_WEEKS } from "~/modules/prices/constants";
import type { WeekPoint } from "~/modules/prices/prices.server";
import type { PriceProduct } from "~/modules/prices/products.server";
import { PriceChart } from "./price-chart";
import { Table, THead, TBody, TR, TH, TD } from "~/components/ui/table";

// Market Prices: a product search (local names understood), the chosen product's towns with their
// median, range, how many prices (and trades) and the change against four weeks before, 'Near me'
// ordering, a town's twelve weeks as a chart and a table, and the reader's price alerts. Links and
// plain forms, so it works before (or without) the page's script on a slow phone.

type Reply = PageReply<string, { alertId: string } | undefined>;
type Props = PricesPageData & { locale: LanguageCode };

const productLink = (productId: string, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ product: productId, ...extra })}`;

function ChangeBadge({ pct }: { pct: number | null }) {
  const { t } = useTranslation();
  if (pct === null) return <span className="text-xs text-gray-600 dark:text-gray-400">{t("prices.noChange")}</span>;
  const up = pct > 0;
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold",
        pct === 0
          ? "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100"
          : up
            ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            : "bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-100",
      )}
    >
      {t(up ? "prices.changeUp" : pct < 0 ? "prices.changeDown" : "prices.changeNone", {
        pct: Math.abs(pct).toLocaleString("en-NG", { maximumFractionDigits: 1 }),
      })}
    </span>
  );
}

/** '14 prices · 3 trades', or '14 asking prices' when none was a trade. */
function Sources({ count, trades }: { count: number; trades: number }) {
  const { t } = useTranslation();
  return (
    <span className="text-xs text-gray-600 dark:text-gray-400">
      {trades > 0
        ? t("prices.sources", { count, trades: t("prices.trades", { count: trades }) })
        : t("prices.askingOnly", { count })}
    </span>
  );
}

function ProductSearch({ q, products, popular }: Pick<Props, "q" | "products" | "popular">) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Card className="flex flex-col gap-4 p-4">
      <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end" role="search">
        <div className="min-w-0 flex-1">
          <Field id={`${id}-q`} label={t("prices.productLabel")}>
            <Input
              id={`${id}-q`}
              name="q"
              type="search"
              defaultValue={q}
              placeholder={t("prices.productPlaceholder")}
              maxLength={100}
              autoComplete="off"
            />
          </Field>
        </div>
        <Button type="submit" className="self-start sm:self-auto">
          <Icon name="search" className="h-4 w-4" />
          {t("prices.find")}
        </Button>
      </Form>
      {q && products.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400" role="status">
          {t("prices.noProducts", { q })}
        </p>
      ) : null}
      {products.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold text-gray-700 dark:text-gray-300">
            {popular ? t("prices.popular") : t("prices.matches")}
          </h2>
          <ul className="flex flex-wrap gap-2" data-testid="price-products">
            {products.map((product) => (
              <li key={product.id}>
                <Link to={productLink(product.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
                  {product.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

function NearMe({ product, near, nearUnknown }: { product: PriceProduct; near: string; nearUnknown: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const hydrated = useMounted();
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);
  const locate = () => {
    if (!("geolocation" in navigator)) return toast({ title: t("prices.locationFailed"), variant: "destructive" });
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        navigate(
          productLink(product.id, {
            lat: position.coords.latitude.toFixed(4),
            lng: position.coords.longitude.toFixed(4),
          }),
        );
      },
      () => {
        setLocating(false);
        toast({ title: t("prices.locationFailed"), variant: "destructive" });
      },
      { timeout: 15_000, maximumAge: 600_000 },
    );
  };
  return (
    <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <input type="hidden" name="product" value={product.id} />
      <div className="min-w-0 flex-1">
        <Field
          id={`${id}-near`}
          label={t("prices.nearLabel")}
          errors={nearUnknown ? [t("prices.nearUnknown")] : undefined}
        >
          <Input
            id={`${id}-near`}
            name="near"
            defaultValue={near}
            placeholder={t("prices.nearPlaceholder")}
            maxLength={100}
            autoComplete="address-level2"
          />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline">
          {t("prices.nearMe")}
        </Button>
        {hydrated ? (
          <Button type="button" variant="ghost" onClick={locate} disabled={locating} data-testid="prices-locate">
            <Icon name="crosshair" className="h-4 w-4" />
            {locating ? t("prices.locating") : t("prices.useLocation")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function TownList({ product, towns, town }: { product: PriceProduct; towns: TownRow[]; town: string | null }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const keep = Object.fromEntries(
    ["near", "lat", "lng"].flatMap((key) => {
      const value = searchParams.get(key);
      return value ? [[key, value]] : [];
    }),
  );
  return (
    <ul className="flex flex-col divide-y divide-gray-200 dark:divide-gray-800" data-testid="price-towns">
      {towns.map((row) => {
        const unit = pricePerUnit(t, row.median, product.unit);
        return (
          <li key={row.town} data-testid="price-town">
            <Link
              to={productLink(product.id, { ...keep, town: row.town })}
              aria-current={row.town === town ? "true" : undefined}
              className={cn(
                "flex flex-col gap-1 px-2 py-3 hover:bg-brand-50 dark:hover:bg-gray-800",
                row.town === town && "bg-brand-50 dark:bg-gray-800",
              )}
            >
              <span className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 break-words font-semibold" data-testid="price-town-name">
                  {row.town}
                </span>
                <span className="flex-none text-right font-bold" data-testid="price-median">
                  {unit.amount}
                  {unit.unit ? <span className="ml-1 text-xs font-normal">{unit.unit}</span> : null}
                </span>
              </span>
              <span className="text-xs text-gray-600 dark:text-gray-400">
                {row.distanceKm !== null ? `${t("prices.distance", { km: row.distanceKm })} · ` : null}
                {t("prices.range", { low: formatNaira(row.low), high: formatNaira(row.high) })}
              </span>
              <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <Sources count={row.count} trades={row.trades} />
                <ChangeBadge pct={row.changePct} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function WeeksTable({ product, series, locale }: { product: PriceProduct; series: WeekPoint[]; locale: LanguageCode }) {
  const { t } = useTranslation();
  return (
    <Table data-testid="price-weeks">
      <caption className="sr-only">{t("prices.tableCaption", { product: product.name })}</caption>
      <THead className="text-xs">
        <TR>
          <TH className="pr-2 font-medium">{t("prices.week")}</TH>
          <TH className="pr-2 text-right font-medium">{t("prices.median")}</TH>
          <TH className="pr-2 text-right font-medium">{t("prices.middleHalf")}</TH>
          <TH className="text-right font-medium">{t("prices.points")}</TH>
        </TR>
      </THead>
      <TBody className="divide-y divide-gray-200 dark:divide-gray-800">
        {[...series].reverse().map((point) => (
          <TR key={point.week}>
            <TH scope="row" className="pr-2 font-normal">
              {formatDate(`${point.week}T00:00:00Z`, locale, "day-month")}
            </TH>
            <TD className="pr-2 text-right font-semibold">{formatNaira(point.median)}</TD>
            <TD className="pr-2 text-right">{`${formatNaira(point.p25)}–${formatNaira(point.p75)}`}</TD>
            <TD className="text-right">
              {point.trades > 0 ? `${point.count} (${t("prices.trades", { count: point.trades })})` : point.count}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

function FollowForm({ product, town, alert }: { product: PriceProduct; town: string; alert: PriceAlertDto | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Reply>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  useFetcherAnswer(fetcher, (reply) => {
    if (reply.refusal) toast({ title: reply.refusal.message, variant: "destructive" });
    else if (reply.intent === "follow") toast({ title: t("prices.alerts.saved") });
  });
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-gray-200 p-4 dark:border-gray-800"
      data-testid="price-follow"
    >
      <h3 className="font-semibold">{t("prices.alerts.followTitle", { product: product.name, town })}</h3>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("prices.alerts.followText")}</p>
      {alert ? (
        <p className="text-sm font-medium" role="status" data-testid="price-following">
          {alert.targetNgn !== null
            ? t("prices.alerts.followingTarget", { target: formatNaira(alert.targetNgn) })
            : t("prices.alerts.following")}
        </p>
      ) : null}
      <fetcher.Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="follow" />
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="town" value={town} />
        <div className="min-w-0 flex-1">
          <Field
            id={`${id}-target`}
            label={t("prices.alerts.targetLabel")}
            errors={replyFieldErrors(fetcher.data, "target_price")}
          >
            <Input
              id={`${id}-target`}
              name="target"
              type="number"
              inputMode="numeric"
              min={1}
              step="any"
              defaultValue={alert?.targetNgn ?? ""}
              key={alert?.targetNgn ?? "none"}
            />
          </Field>
        </div>
        <Button type="submit" disabled={busy} className="self-start sm:self-auto" data-testid="price-follow-submit">
          <Icon name="bell" className="h-4 w-4" />
          {alert ? t("prices.alerts.update") : t("prices.alerts.follow")}
        </Button>
      </fetcher.Form>
      {alert ? <UnfollowButton alert={alert} /> : null}
    </div>
  );
}

function UnfollowButton({ alert }: { alert: PriceAlertDto }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Reply>();
  useFetcherAnswer(fetcher, (reply) => {
    if (reply.refusal) toast({ title: reply.refusal.message, variant: "destructive" });
  });
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="unfollow" />
      <input type="hidden" name="alertId" value={alert.id} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={t("prices.alerts.stopNamed", { product: alert.product.name, town: alert.town })}
      >
        <Icon name="close" className="h-4 w-4" />
        {t("prices.alerts.stop")}
      </Button>
    </fetcher.Form>
  );
}

function AlertsList({ alerts }: { alerts: PriceAlertDto[] }) {
  const { t } = useTranslation();
  if (alerts.length === 0) return null;
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="price-alerts">
      <h2 className="font-semibold">{t("prices.alerts.title")}</h2>
      <ul className="flex flex-col divide-y divide-gray-200 dark:divide-gray-800">
        {alerts.map((alert) => (
          <li key={alert.id} className="flex flex-wrap items-center gap-2 py-2">
            <Link
              to={productLink(alert.product.id, { town: alert.town })}
              className="min-w-0 flex-1 break-words font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-300"
            >
              {t("prices.alerts.entry", { product: alert.product.name, town: alert.town })}
              {alert.targetNgn !== null ? (
                <span className="ml-1 text-sm font-normal text-gray-600 dark:text-gray-400">
                  {t("prices.alerts.targetShort", { target: formatNaira(alert.targetNgn) })}
                </span>
              ) : null}
            </Link>
            <UnfollowButton alert={alert} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function PricesPage(props: Props) {
  const { t } = useTranslation();
  const { chosen, locale } = props;
  const chosenTown = chosen?.town ? chosen.towns.find((row) => row.town === chosen.town) : undefined;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageHeader title={t("prices.title")} subtitle={t("prices.subtitle")} />
      <ProductSearch q={props.q} products={props.products} popular={props.popular} />
      {props.productMissing ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t("prices.errors.product")}
        </p>
      ) : null}
      {chosen ? (
        <Card className="flex flex-col gap-4 p-4" data-testid="price-product">
          <div>
            <h2 className="break-words text-xl font-bold">{chosen.product.name}</h2>
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("prices.honesty")}</p>
          </div>
          <NearMe product={chosen.product} near={props.near} nearUnknown={props.nearUnknown} />
          {props.located ? <p className="text-sm text-gray-600 dark:text-gray-400">{t("prices.byLocation")}</p> : null}
          {chosen.towns.length === 0 ? (
            <p className="text-gray-600 dark:text-gray-400" role="status">
              {t("prices.noTowns")}
            </p>
          ) : (
            <TownList product={chosen.product} towns={chosen.towns} town={chosen.town} />
          )}
        </Card>
      ) : null}
      {chosen?.town ? (
        <Card className="flex flex-col gap-4 p-4" data-testid="price-town-detail">
          <h2 className="break-words text-lg font-bold">
            {t("prices.townTitle", { product: chosen.product.name, town: chosen.town, weeks: PRICE_PAGE_WEEKS })}
          </h2>
          {chosen.series.length > 0 ? (
            <>
              <PriceChart
                series={chosen.series}
                lastWeek={chosen.series.at(-1)?.week ?? ""}
                weeks={PRICE_PAGE_WEEKS}
                locale={locale}
                title={t("prices.chartTitle", { product: chosen.product.name, town: chosen.town })}
              />
              <p className="flex flex-wrap gap-4 text-xs text-gray-600 dark:text-gray-400" aria-hidden="true">
                <span className="inline-flex items-center gap-1">
                  <span className="inline-block h-1 w-4 rounded bg-brand-700 dark:bg-brand-300" />
                  {t("prices.legendMedian")}
                </span>
                <span className="inline-flex items-center gap-1">
                  <span className="inline-block h-3 w-4 rounded bg-brand-200 dark:bg-brand-900" />
                  {t("prices.legendBand")}
                </span>
              </p>
              <WeeksTable product={chosen.product} series={chosen.series} locale={locale} />
            </>
          ) : (
            <p className="text-gray-600 dark:text-gray-400" role="status">
              {t("prices.noWeeks")}
            </p>
          )}
          {chosenTown || chosen.series.length > 0 ? (
            <FollowForm product={chosen.product} town={chosen.town} alert={props.alert} />
          ) : null}
        </Card>
      ) : null}
      <AlertsList alerts={props.alerts} />
    </div>
  );
}
