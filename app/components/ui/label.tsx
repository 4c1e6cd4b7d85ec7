import { forwardRef, type LabelHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

export const Label = forwardRef<HTMLLabelElement, LabelHTMLAttributes<HTMLLabelElement>>(
  ({ className, ...props }, ref) => (
    <label ref={ref} className={cn("text-sm font-medium text-gray-800 dark:text-gray-200", className)} {...props} />
  ),
);
Label.displayName = "Label";
