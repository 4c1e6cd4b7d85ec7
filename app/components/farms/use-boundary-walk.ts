import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast-store";
import { WALK_GEOLOCATION_OPTIONS } from "~/modules/farms/constants";
import { checkRing, ringFeature } from "./shape";
import { addWalkPosition, emptyWalk, walkRing, type WalkState } from "./walk";

// Walking a boundary with the phone's GPS: the positions heard while the farmer
// walks (walk.ts keeps the corners), whether the walked ring is being saved, and
// the watch on the phone's position, which ends with the walk or the page.

export type Walk = WalkState & { saving: boolean };

export function useBoundaryWalk() {
  const { t } = useTranslation();
  const [walk, setWalk] = useState<Walk | null>(null);
  const watchId = useRef<number | null>(null);

  const stop = useCallback(() => {
    if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
    watchId.current = null;
    setWalk(null);
  }, []);
  useEffect(
    () => () => {
      if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
    },
    [],
  );

  function start() {
    if (!("geolocation" in navigator)) {
      toast({ title: t("mapping.walk.unavailable"), variant: "destructive" });
      return;
    }
    setWalk({ ...emptyWalk(), saving: false });
    watchId.current = navigator.geolocation.watchPosition(
      (position) => {
        setWalk((current) => {
          if (!current || current.saving) return current;
          const { latitude, longitude, accuracy } = position.coords;
          return { ...addWalkPosition(current, { latitude, longitude, accuracy }).walk, saving: false };
        });
      },
      (error) => {
        // A refusal ends the walk; a fix that is late or lost (under trees, between buildings) does not:
        // the walk goes on and the panel says it is waiting for the signal.
        if (error.code !== error.PERMISSION_DENIED) return;
        toast({ title: t("mapping.walk.denied"), variant: "destructive" });
        stop();
      },
      WALK_GEOLOCATION_OPTIONS,
    );
  }

  /** The walked boundary to send, the walk then saving; or null, with a toast saying why it cannot be sent yet. */
  function finish(): string | null {
    if (!walk) return null;
    const ring = walkRing(walk);
    if (!ring) {
      toast({ title: t("mapping.walk.needMore"), variant: "destructive" });
      return null;
    }
    const check = checkRing(ring);
    if (!check.ok) {
      toast({
        title: t("mapping.toasts.boundaryFailed"),
        description: t(`mapping.geometry.${check.problem}`),
        variant: "destructive",
      });
      return null;
    }
    setWalk({ ...walk, saving: true });
    return ringFeature(check.ring);
  }

  /** The boundary was refused: the walk goes on, and may be saved again. */
  const resume = useCallback(() => setWalk((current) => (current ? { ...current, saving: false } : current)), []);

  return { walk, start, stop, finish, resume };
}
