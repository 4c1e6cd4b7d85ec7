import { useEffect, useState } from "react";

/** False in the server's HTML and until the page's script runs; then true: for what only works with it. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
