import { z } from "zod";

// zod for the modules the browser runs too (form and address schemas). The
// page's Content-Security-Policy allows no eval, so in the browser zod must not
// compile its parsers with new Function, nor probe whether it may (the browser
// reports the probe). The server keeps the compiled parsers. Set here, where
// zod is first loaded, so a page that validates nothing loads no zod at all.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
