import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import type { MappingIntent, MappingReplyData } from "~/modules/farms/schemas";
import { OUTCOMES, outcomeOf, type FollowUp, type MappingReply, type MappingWork } from "./outcomes";

// Sends the mapping page's intents to its action and answers each reply in one
// place, as the OUTCOMES table says: the toast, then what follows on the page.

/** What the page does for each follow-up; each is given the farm the reply was about (and the reply's data). */
export type FollowUps = Record<FollowUp, (farmId: string | undefined, data?: MappingReplyData) => void>;

export function useMappingWork({ formKey, follow }: { formKey: string; follow: FollowUps }) {
  const { t } = useTranslation();
  // One fetcher per kind of work, because a fetcher's new submission cancels the one it is still sending and
  // these overlap: a farm chosen while a drawn shape is saved, a plot deleted while a boundary is saved.
  // The dialogs' fetcher has a new key for each opening, so a fresh form never shows an earlier answer.
  const fetchers: Record<MappingWork, ReturnType<typeof useFetcher<MappingReply>>> = {
    select: useFetcher<MappingReply>(),
    form: useFetcher<MappingReply>({ key: formKey }),
    shape: useFetcher<MappingReply>(),
    remove: useFetcher<MappingReply>(),
  };

  const answer = (reply: MappingReply) => {
    const outcome = outcomeOf(reply, t);
    if (outcome.toast) toast(outcome.toast);
    for (const step of outcome.then) follow[step](reply.data?.farmId, reply.data);
  };
  useFetcherAnswer(fetchers.select, answer);
  useFetcherAnswer(fetchers.form, answer);
  useFetcherAnswer(fetchers.shape, answer);
  useFetcherAnswer(fetchers.remove, answer);

  /** Sends an intent through its kind of work's fetcher (the dialogs send their own forms through `formKey`). */
  const post = (intent: MappingIntent, fields: Record<string, string>) =>
    fetchers[OUTCOMES[intent].work].submit({ intent, ...fields }, { method: "post" });
  const busy = (work: MappingWork) => fetchers[work].state !== "idle";

  return { post, busy };
}
