import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icons";

/** Opens the browser's print dialog (a receipt prints on one sheet, without its buttons). */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button type="button" onClick={() => window.print()}>
      <Icon name="printer" />
      {label}
    </Button>
  );
}
