import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(({ className, ...props }, ref) => (
  <input
    ref={ref}
    className={cn(
      "flex min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 disabled:opacity-50 aria-[invalid=true]:border-red-500 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-500",
      className,
    )}
    {...props}
  />
));
Input.displayName = "Input";
