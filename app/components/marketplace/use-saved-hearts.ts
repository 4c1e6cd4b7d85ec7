import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiRequest } from "~/lib/http/request";
import { ApiError, OfflineError } from "~/lib/http/errors";
import { toast } from "~/lib/toast-store";
import { SAVED_LISTINGS_MAX } from "~/modules/saved/constants";

// The heart on a listing's card, kept with the account (/api/saved-listings/{id}): it fills or
// empties at once, and goes back with a message if the server did not take it (offline, the cap,
// a listing gone). The page's loader says which hearts start filled.

/** Where hearts were kept on this phone before they were kept with the account. */
const LOCAL_HEARTS_KEY = "asiiko-favourites";
/** The most recent local hearts moved into the account (older ones were only ever on this phone). */
const LOCAL_HEARTS_MOVED = 100;

const savedPath = (id: string) => `/api/saved-listings/${encodeURIComponent(id)}`;

/** What went wrong, in the reader's language: offline, the cap, or a failure to save or remove. */
export function useSavedFailure() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, saving: boolean) => {
      const title =
        error instanceof OfflineError || (error instanceof TypeError && !navigator.onLine)
          ? t("saved.offline")
          : error instanceof ApiError && error.code === "AUTHZ_FEATURE_LIMIT_REACHED"
            ? t("saved.tooMany", { count: SAVED_LISTINGS_MAX })
            : t(saving ? "saved.saveFailed" : "saved.removeFailed");
      toast({ title, variant: "destructive" });
    },
    [t],
  );
}

/** Saves or removes one listing for the signed-in user. */
export const setSaved = (id: string, saved: boolean) => apiRequest(saved ? "PUT" : "DELETE", savedPath(id));

export function useSavedHearts(initial: readonly string[]) {
  const failure = useSavedFailure();
  const [saved, setSavedIds] = useState(() => new Set(initial));
  // The hearts as they stand, read and changed at once by a tap (state alone is updated later).
  const current = useRef(saved);
  const busy = useRef(new Set<string>());
  const show = useCallback((next: Set<string>) => {
    current.current = next;
    setSavedIds(next);
  }, []);
  // New loader data (another page, a revalidation) is the account's word on which are saved.
  // Only when it says something new: the state began with it, and setting an equal set again
  // re-rendered the whole page of cards once more right after it took over (~40 ms of a slow
  // phone's main thread in one task).
  const initialKey = [...initial].sort().join(",");
  const shownKey = useRef(initialKey);
  useEffect(() => {
    if (shownKey.current === initialKey) return;
    shownKey.current = initialKey;
    show(new Set(initialKey ? initialKey.split(",") : []));
  }, [initialKey, show]);

  const toggle = useCallback(
    (id: string) => {
      // One change of a heart at a time: a second tap while the first is on its way waits for it.
      if (busy.current.has(id)) return;
      busy.current.add(id);
      const saving = !current.current.has(id);
      const flip = (on: boolean) => {
        const next = new Set(current.current);
        if (on) next.add(id);
        else next.delete(id);
        show(next);
      };
      flip(saving);
      void setSaved(id, saving)
        .catch((error: unknown) => {
          flip(!saving);
          failure(error, saving);
        })
        .finally(() => busy.current.delete(id));
    },
    [failure, show],
  );
  return { isSaved: (id: string) => saved.has(id), toggle };
}

/**
 * Hearts this phone kept before they were kept with the account: moved into it once (the newest
 * LOCAL_HEARTS_MOVED; a listing gone or the cap reached is skipped), then forgotten here, and the
 * page loaded again to show them. Offline, they wait for the next visit.
 */
export function useMoveLocalHearts() {
  const revalidator = useRevalidator();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    let ids: string[];
    try {
      const stored = JSON.parse(window.localStorage.getItem(LOCAL_HEARTS_KEY) ?? "[]") as unknown;
      ids = Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
    } catch {
      ids = [];
    }
    if (ids.length === 0) {
      window.localStorage.removeItem(LOCAL_HEARTS_KEY);
      return;
    }
    void (async () => {
      for (const id of ids.slice(-LOCAL_HEARTS_MOVED).reverse()) {
        try {
          await setSaved(id, true);
        } catch (error) {
          if (error instanceof OfflineError) return;
          if (error instanceof ApiError && error.code === "AUTHZ_FEATURE_LIMIT_REACHED") break;
          if (!(error instanceof ApiError) || error.status >= 500 || error.status === 429) return;
          // A listing no longer shown (404): nothing to move.
        }
      }
      window.localStorage.removeItem(LOCAL_HEARTS_KEY);
      revalidator.revalidate();
    })();
    // Once per page visit: the revalidator changes on every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
