import { forwardRef, type TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";

/** A multi-line text box with the inputs' looks (.ui-textarea in tailwind.css). */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ className, ...props }, ref) => <textarea ref={ref} className={cn("ui-textarea", className)} {...props} />,
);
Textarea.displayName = "Textarea";
