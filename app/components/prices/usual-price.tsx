import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNaira } from "~/lib/currency";
import { cn } from "~/lib/cn";
import { pricePerUnit } from "~/modules/listings/price";
import type { UsualPriceAnswer } from "~/modules/prices/usual.server";

// The usual price beside a listing's price (GET /api/prices/usual): in the listing form, 'Usually
// ₦8,000 to ₦11,000 per bag in Ibadan, from 14 prices in the last 30 days'; on a listing's details,
// whether its price is below, within or above that. Says nothing when there are too few prices, or
// when the request fails: it is a help, never in the way.

/** The answer for an address of the API (null: nothing to ask), once it has come. */
function useUsualPrice(address: string | null, delayMs: number): UsualPriceAnswer | null {
  const [answer, setAnswer] = useState<{ address: string; data: UsualPriceAnswer } | null>(null);
  useEffect(() => {
    if (!address) return;
    const controller = new AbortController();
    // The form asks once the seller stops changing the product or place, not at every change.
    const timer = setTimeout(() => {
      fetch(address, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) return;
          const body = (await response.json()) as { data?: UsualPriceAnswer };
          if (body.data && !controller.signal.aborted) setAnswer({ address, data: body.data });
        })
        .catch(() => undefined);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [address, delayMs]);
  return answer && answer.address === address ? answer.data : null;
}

export function UsualPriceHint({
  productId,
  place,
}: {
  productId: string;
  place: { latitude: number | null; longitude: number | null; locality: string | null } | null;
}) {
  const { t } = useTranslation();
  const params = new URLSearchParams({ product_id: productId });
  if (place?.locality) params.set("locality", place.locality);
  if (place?.latitude != null && place.longitude != null) {
    params.set("lat", String(place.latitude));
    params.set("lng", String(place.longitude));
  }
  const wanted = productId && place ? `/api/prices/usual?${params}` : null;
  const answer = useUsualPrice(wanted, 400);
  const usual = answer?.usual;
  if (!wanted || !usual) return null;
  const unit = pricePerUnit(t, usual.low, answer.product?.unit).unit;
  const values = {
    low: formatNaira(usual.low),
    high: formatNaira(usual.high),
    unit: unit ?? "",
    town: usual.town,
    count: usual.count,
  };
  return (
    <p className="text-sm text-gray-700 dark:text-gray-300" role="status" data-testid="usual-price-hint">
      {t(unit ? "prices.usual.hint" : "prices.usual.hintNoUnit", values)}
    </p>
  );
}

export function UsualPricePosition({ listingId }: { listingId: string }) {
  const { t } = useTranslation();
  const answer = useUsualPrice(`/api/prices/usual?${new URLSearchParams({ listing_id: listingId })}`, 0);
  const usual = answer?.usual;
  if (!usual || !answer.position) return null;
  return (
    <p
      className={cn(
        "rounded-lg px-3 py-2 text-sm",
        answer.position === "above"
          ? "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          : "bg-brand-50 text-brand-900 dark:bg-brand-950 dark:text-brand-100",
      )}
      data-testid="usual-price-position"
      data-position={answer.position}
    >
      {t(`prices.usual.${answer.position}`, {
        town: usual.town,
        low: formatNaira(usual.low),
        high: formatNaira(usual.high),
      })}
    </p>
  );
}
