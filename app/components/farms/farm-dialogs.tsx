import { useTranslation } from "react-i18next";
import { LoadingPart, onDemand } from "~/components/shell/on-demand";
import { Dialog } from "~/components/ui/dialog";
import type { FarmDto, PlotDto } from "~/modules/farms/types";

// The farm and plot dialogs. Their forms (./farm-forms.tsx, with the checks as the farmer types)
// are fetched when a dialog first opens, or when the farmer reaches for a button that opens one
// (`loadFarmForms`), not with the page: most visits look at the map. The service worker keeps
// them with the page; offline and never kept, the dialog says so in place.

export interface Centre {
  latitude: number;
  longitude: number;
}

export const loadFarmForms = () => import("./farm-forms");
const FarmForm = onDemand(() => loadFarmForms().then((module) => module.FarmForm));
const PlotForm = onDemand(() => loadFarmForms().then((module) => module.PlotForm));

/** The Create Farm dialog, and the same form to edit a farm's name, description and crops. */
export function FarmDialog({
  open,
  onOpenChange,
  farm,
  fetcherKey,
  readCentre,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The farm being edited; none to create one. */
  farm: FarmDto | null;
  /** A new key for each opening, so an earlier answer never shows in a fresh form. */
  fetcherKey: string;
  /** Where the map is now: a new farm starts there (the farmer's position once located). */
  readCentre(): Centre | null;
}) {
  const { t } = useTranslation();
  const editing = farm !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t("mapping.editFarm") : t("mapping.createFarmTitle")}
      description={editing ? undefined : t("mapping.createFarmText")}
    >
      <FarmForm
        fallback={<LoadingPart />}
        farm={farm}
        fetcherKey={fetcherKey}
        readCentre={readCentre}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

/** The Add Plot dialog (no shape: it can be drawn later) and the Edit Plot dialog. */
export function PlotDialog({
  open,
  onOpenChange,
  farmId,
  plot,
  fetcherKey,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The selected farm, which the plot is on. */
  farmId: string;
  /** The plot being edited; none to add one. */
  plot: PlotDto | null;
  /** A new key for each opening, so an earlier answer never shows in a fresh form. */
  fetcherKey: string;
}) {
  const { t } = useTranslation();
  const editing = plot !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? t("mapping.plots.editTitle") : t("mapping.plots.addTitle")}
      description={editing ? undefined : t("mapping.plots.addText")}
    >
      <PlotForm
        fallback={<LoadingPart />}
        farmId={farmId}
        plot={plot}
        fetcherKey={fetcherKey}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
