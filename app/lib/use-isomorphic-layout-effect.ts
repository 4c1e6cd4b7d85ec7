import { useEffect, useLayoutEffect } from "react";

/** useLayoutEffect in the browser (before paint), useEffect on the server (where layout effects warn and never run). */
export const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
