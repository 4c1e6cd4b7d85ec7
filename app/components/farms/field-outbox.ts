import { useCallback, useRef, useState } from "react";
import { hasNoSignal } from "~/lib/http/connectivity";
import { oneRunAtATime } from "~/lib/one-run";
import { useWhenOnline } from "~/lib/http/use-when-online";
import { sendKept, type KeptSendOutcome } from "~/lib/http/kept-send";
import { fieldDatabase, type FieldChange } from "~/components/field-database";

// Boundaries and plots drawn or walked where there is no signal: kept on the phone (IndexedDB),
// shown as waiting, and sent in the order they were made when the connection returns (when the
// browser says it is back, when the app's own check finds the server again, or when the page is
// next opened). Each is sent with its own id as the Idempotency-Key, so a send whose answer was
// lost and is sent again makes one plot, not two. The server's refusal (a plot outside the farm,
// crossing edges, the trial over) is kept and shown with its reason; the farmer can delete it.
// IndexedDB's wrapper is loaded when the outbox is first used.

export type { FieldChange, FieldChangeState } from "~/components/field-database";

/** A sent change is shown as sent for a day, then forgotten. */
const SENT_KEPT_MS = 24 * 3_600_000;

const open = fieldDatabase;

export async function listChanges(owner: string): Promise<FieldChange[]> {
  const db = await open();
  const all = await db.getAllFromIndex("changes", "owner", owner);
  const now = Date.now();
  const stale = all.filter((change) => change.state === "sent" && now - Date.parse(change.doneAt ?? "") > SENT_KEPT_MS);
  await Promise.all(stale.map((change) => db.delete("changes", change.id)));
  return all.filter((change) => !stale.includes(change)).sort((a, b) => a.madeAt.localeCompare(b.madeAt));
}

export async function keepChange(change: Omit<FieldChange, "id" | "madeAt" | "state" | "reason" | "doneAt">) {
  const db = await open();
  const kept: FieldChange = {
    ...change,
    id: crypto.randomUUID(),
    madeAt: new Date().toISOString(),
    state: "waiting",
    reason: null,
    doneAt: null,
  };
  await db.put("changes", kept);
  return kept;
}

export async function dropChange(id: string) {
  await (await open()).delete("changes", id);
}

/** Sends one change: sent, refused with the server's message (a 4xx), or to be tried later (no signal, a 5xx, busy). */
function sendChange(change: FieldChange): Promise<KeptSendOutcome> {
  const farm = encodeURIComponent(change.farmId);
  return change.kind === "boundary"
    ? sendKept("PATCH", `/api/farms/${farm}`, { boundary: change.feature }, change.id)
    : sendKept(
        "POST",
        `/api/farms/${farm}/plots`,
        { name: change.name, type: "field", crops: [], geometry: change.feature },
        change.id,
      );
}

const oneSend = oneRunAtATime<number>("asiiko-field-outbox");

/**
 * Sends the owner's waiting changes, oldest first, one at a time; stops at the first that must
 * wait (no signal), so the order holds. One run at a time in this tab, and across tabs where the
 * browser can hold a lock. Resolves with how many were sent.
 */
export function sendWaiting(owner: string, onChange: () => void): Promise<number> {
  return oneSend(async () => {
    const db = await open();
    let sent = 0;
    for (const change of await listChanges(owner)) {
      // A send a closed page left half done is sent again: its key makes it once.
      if (change.state !== "waiting" && change.state !== "sending") continue;
      await db.put("changes", { ...change, state: "sending" });
      onChange();
      const outcome = await sendChange(change);
      if ("later" in outcome) {
        await db.put("changes", { ...change, state: "waiting" });
        onChange();
        break;
      }
      const done = new Date().toISOString();
      await db.put(
        "changes",
        "sent" in outcome
          ? { ...change, state: "sent", reason: null, doneAt: done }
          : { ...change, state: "refused", reason: outcome.refused, doneAt: done },
      );
      if ("sent" in outcome) sent += 1;
      onChange();
    }
    return sent;
  });
}

/**
 * The outbox as the mapping page uses it: the owner's changes, kept up to date, sent when the
 * connection comes back (and when the page opens); `onSent` runs after a run that sent something.
 */
export function useFieldOutbox(owner: string | null, onSent: () => void) {
  const [changes, setChanges] = useState<FieldChange[]>([]);
  const sentCallback = useRef(onSent);
  sentCallback.current = onSent;

  const refresh = useCallback(async () => {
    if (!owner) return;
    try {
      setChanges(await listChanges(owner));
    } catch {
      // No IndexedDB (a private window on some phones): nothing is kept, nothing to show.
    }
  }, [owner]);

  const flush = useCallback(async () => {
    if (!owner || hasNoSignal()) return;
    try {
      const sent = await sendWaiting(owner, () => void refresh());
      await refresh();
      if (sent > 0) sentCallback.current();
    } catch {
      // The database could not be opened: nothing was kept to send.
    }
  }, [owner, refresh]);

  // The owner's list first, then what waits is sent: at once if there is signal, else when it returns.
  useWhenOnline(() => refresh().then(flush), owner);

  return {
    changes,
    async keep(change: Parameters<typeof keepChange>[0]) {
      const kept = await keepChange(change);
      await refresh();
      return kept;
    },
    async drop(id: string) {
      await dropChange(id);
      await refresh();
    },
    flush,
  };
}
