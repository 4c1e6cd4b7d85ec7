import { readFileSync } from "node:fs";
import path from "node:path";

// Reading a V8 CPU profile (node --cpu-prof) of a server under load: where the samples fell,
// by the code's owner (a package, the product's build, Node itself, the garbage collector) and
// by function, as the benchmarks' results files show it.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileShare {
  name: string;
  ms: number;
  /** Of the time the process was busy (idle left out). */
  share: number;
}

export interface ProfileSummary {
  /** Wall time the profile covers, ms. */
  totalMs: number;
  /** Time spent running anything (not idle), ms. */
  busyMs: number;
  /** Self time by owner: a package, "our build", "node", "garbage collection", "program". */
  owners: ProfileShare[];
  /** Self time by function, the heaviest first. */
  functions: ProfileShare[];
  /** Time under (self and below) each of the given function names, when it was on the stack. */
  under: ProfileShare[];
}

/** Whose code a frame is: a package by its name, the product's build, Node's own, or V8's pseudo-frames. */
export function ownerOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === "(garbage collector)") return "garbage collection";
    if (functionName === "(idle)") return "idle";
    if (functionName === "(program)") return "program (V8, not attributed)";
    return functionName ? `native: ${functionName}` : "native";
  }
  if (url.startsWith("node:")) return "node";
  const modules = url.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "/node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? "package");
  }
  if (url.includes("/build/server/")) return "our build (pages and API)";
  if (url.includes("/build/node/")) return "our server (Express wiring)";
  return path.basename(url);
}

const share = (entries: Map<string, number>, busyMs: number, limit: number) =>
  [...entries]
    .map(([name, ms]) => ({ name, ms, share: busyMs > 0 ? ms / busyMs : 0 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, limit);

/** The monotonic clock V8's profiles are stamped with, in microseconds (the same in every process of the machine). */
export const profileClock = () => Number(process.hrtime.bigint() / 1000n);

export interface SummaryOptions {
  /** Function names whose whole subtree is wanted. */
  under?: string[];
  /** How many owners and functions to keep. */
  limit?: number;
  /** Only the samples within these times (profileClock), say the measurement without start-up and warm-up. */
  from?: number;
  to?: number;
}

/** Self and inclusive times of a profile. */
export function summariseProfile(
  profile: CpuProfile,
  { under = [], limit = 20, from = -Infinity, to = Infinity }: SummaryOptions = {},
): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfMs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    // A sample's delta is the time since the one before; the first is the profile's start.
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    selfMs.set(id, (selfMs.get(id) ?? 0) + delta / 1000);
  });
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  const below = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  for (const [id, ms] of selfMs) {
    const node = byId.get(id);
    if (!node) continue;
    totalMs += ms;
    const owner = ownerOf(node.callFrame);
    if (owner === "idle") {
      idleMs += ms;
      continue;
    }
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.startsWith("node:") ? url : owner}:${lineNumber + 1}` : owner;
    const name = `${functionName || "(anonymous)"} (${where})`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    // Counted once per wanted name on this sample's stack.
    const seen = new Set<string>();
    for (let frame: number | undefined = id; frame !== undefined; frame = parent.get(frame)) {
      const frameName = byId.get(frame)?.callFrame.functionName ?? "";
      if (under.includes(frameName) && !seen.has(frameName)) {
        seen.add(frameName);
        below.set(frameName, (below.get(frameName) ?? 0) + ms);
      }
    }
  }
  const busyMs = totalMs - idleMs;
  return {
    totalMs,
    busyMs,
    owners: share(owners, busyMs, limit),
    functions: share(functions, busyMs, limit),
    under: share(below, busyMs, under.length),
  };
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
}

/** The summary as Markdown: CPU per request, then the owners and the functions. */
export function renderProfile(summary: ProfileSummary, requests: number): string[] {
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const perRequest = (ms: number) => (requests > 0 ? (ms / requests).toFixed(2) : "–");
  const rows = (entries: ProfileShare[]) =>
    entries.map(
      (entry) => `| ${entry.name.replace(/\|/g, "\\|")} | ${percent(entry.share)} | ${perRequest(entry.ms)} |`,
    );
  return [
    `Busy ${(summary.busyMs / 1000).toFixed(1)} s of ${(summary.totalMs / 1000).toFixed(1)} s profiled, ${requests.toLocaleString("en")} requests answered: ${perRequest(summary.busyMs)} ms of CPU per request in the web process.`,
    "",
    "| whose code | share of busy time | ms per request |",
    "|---|---:|---:|",
    ...rows(summary.owners),
    "",
    ...(summary.under.length
      ? ["| under (inclusive) | share of busy time | ms per request |", "|---|---:|---:|", ...rows(summary.under), ""]
      : []),
    "| function (self time) | share of busy time | ms per request |",
    "|---|---:|---:|",
    ...rows(summary.functions),
  ];
}
