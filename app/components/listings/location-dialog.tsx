import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { findTown } from "~/modules/listings/towns";

export interface ChosenLocation {
  latitude: number;
  longitude: number;
  /** 'Current Location' for the device's position, else the town and state. */
  locality: string;
  /** The town's name ('Ibadan'), or null for the device's position. */
  town: string | null;
}

/**
 * 'Use Current Location' (the device's GPS: high accuracy, 10 s time-out,
 * 60 s maximum age) or a typed town, found in the bundled list of Nigerian
 * towns when Enter is pressed. No outside geocoding service is called.
 */
export function LocationDialog({
  open,
  onOpenChange,
  onChoose,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (location: ChosenLocation) => void;
  /** The dialog's heading: 'Add Location' (the listing form's) unless the page names it its way. */
  title?: string;
}) {
  const { t } = useTranslation();
  const [locating, setLocating] = useState(false);
  const [query, setQuery] = useState("");
  const [message, setMessage] = useState<string | null>(null);

  function useCurrent() {
    if (!("geolocation" in navigator)) {
      setMessage(t("location.unsupported"));
      return;
    }
    setLocating(true);
    setMessage(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onChoose({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          locality: t("location.currentLocation"),
          town: null,
        });
        onOpenChange(false);
      },
      (error) => {
        setLocating(false);
        console.error("Geolocation failed", error);
        setMessage(t("location.denied"));
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const town = findTown(query);
    if (!town) {
      setMessage(t("location.notFound"));
      return;
    }
    onChoose({
      latitude: town.latitude,
      longitude: town.longitude,
      locality: `${town.name}, ${town.state}`,
      town: town.name,
    });
    setQuery("");
    setMessage(null);
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title ?? t("location.title")}>
      <div className="flex flex-col gap-4">
        <Button type="button" onClick={useCurrent} disabled={locating}>
          <Icon name="pin" />
          {locating ? t("location.locating") : t("location.useCurrent")}
        </Button>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t("location.orType")}
          <Input
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t("location.placeholder")}
            autoComplete="off"
          />
        </label>
        {message ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {message}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
