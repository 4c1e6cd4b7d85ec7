import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/** The platform's own select: light, accessible and familiar on low-cost phones. */
export const NativeSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(({ className, ...props }, ref) => (
  <select
    ref={ref}
    className={cn(
      "min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 focus-visible:border-brand-500 aria-[invalid=true]:border-red-500 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100",
      className,
    )}
    {...props}
  />
));
NativeSelect.displayName = "NativeSelect";
