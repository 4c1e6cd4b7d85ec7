import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/** The platform's own select: light, accessible and familiar on low-cost phones. */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  ({ className, ...props }, ref) => <select ref={ref} className={cn("ui-select", className)} {...props} />,
);
NativeSelect.displayName = "NativeSelect";
