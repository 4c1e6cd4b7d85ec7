import { planFile } from "~/modules/farms/import-plan.server";
import { serveThread } from "./serve";

// The thread that reads a person's boundary file (KML, KMZ or GeoJSON) and checks its shapes:
// everything done with the file's bytes, off the web process's event loop (import.server.ts).
serveThread(planFile);
