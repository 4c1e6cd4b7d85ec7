import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { Dialog } from "./dialog";

/**
 * "Are you sure?" with a way back (Cancel, unless told what it keeps) and a confirm button
 * (destructive unless told otherwise) that shows its pending label.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  text,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  tone = "destructive",
  cancelLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** "default" for a choice that spends something but destroys nothing (a trial use). */
  tone?: "destructive" | "default";
  /** The way back's label, where "Cancel" would be ambiguous (beside "Cancel subscription": "Keep Premium"). */
  cancelLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={text}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
          {cancelLabel ?? t("common.cancel")}
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
