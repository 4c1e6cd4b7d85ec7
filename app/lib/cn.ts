import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Nothing is merged at run time: the shared components' own
 * looks are component classes (tailwind.css), below the utilities, so a
 * className passed to them wins by the cascade. Within one call, give
 * alternatives (a ? "x" : "y"), never two utilities for the same property.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
