import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatDate } from "~/lib/dates";
import { ApiError } from "~/lib/http/errors";
import { apiRequest } from "~/lib/http/request";
import type { LanguageCode } from "~/lib/i18n";
import { formatNumber } from "~/lib/numbers";
import { toast } from "~/lib/toast-store";

// Settings' data rights (Nigeria Data Protection Act 2023): a copy of the account's data, made by
// a job and offered here when ready, and deleting the account, confirmed by its password.

export interface DataExport {
  id: string;
  status: "pending" | "ready" | "failed";
  expiresAt: string;
  bytes: number | null;
  downloadUrl: string | null;
}

/** How often the page asks whether a copy being made is ready. */
const POLL_MS = 3_000;

const fileSize = (bytes: number, locale: LanguageCode) =>
  bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)), locale)} KB`
    : `${formatNumber(Math.round((bytes / (1024 * 1024)) * 10) / 10, locale)} MB`;

export function DataExportCard({ initial, locale }: { initial: DataExport | null; locale: LanguageCode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(initial);
  const [asking, setAsking] = useState(false);

  // While a copy is being made, ask now and then whether it is ready.
  useEffect(() => {
    if (current?.status !== "pending") return;
    const timer = setInterval(() => {
      apiRequest<{ data: { export: DataExport | null } }>("GET", "/api/user/export")
        .then((answer) => setCurrent(answer.data.export))
        .catch(() => {});
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [current?.status]);

  async function ask() {
    setAsking(true);
    try {
      const answer = await apiRequest<{ data: { export: DataExport } }>("POST", "/api/user/export");
      setCurrent(answer.data.export);
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429;
      toast({
        title: t(tooMany ? "accountData.export.tooMany" : "accountData.export.unavailable"),
        variant: "destructive",
      });
    } finally {
      setAsking(false);
    }
  }

  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="data-export">
      <h2 className="font-medium">{t("accountData.export.title")}</h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("accountData.export.text")}</p>
      <p role="status" className="text-sm">
        {current?.status === "pending" ? t("accountData.export.pending") : null}
        {current?.status === "failed" ? t("accountData.export.failed") : null}
        {current?.status === "ready"
          ? t("accountData.export.ready", {
              size: fileSize(current.bytes ?? 0, locale),
              date: formatDate(current.expiresAt, locale, "long"),
            })
          : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {current?.status === "ready" && current.downloadUrl ? (
          <a href={current.downloadUrl} download className={buttonVariants()}>
            {t("accountData.export.download")}
          </a>
        ) : null}
        {current?.status === "pending" ? null : (
          <Button variant={current?.status === "ready" ? "outline" : "default"} disabled={asking} onClick={ask}>
            {asking
              ? t("accountData.export.requesting")
              : current
                ? t("accountData.export.again")
                : t("accountData.export.request")}
          </Button>
        )}
      </div>
    </Card>
  );
}

export function DeleteAccountCard() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (!password) {
      setError(t("accountData.delete.passwordRequired"));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await apiRequest("DELETE", "/api/user/account", { password });
      // The session is gone: a full load, so nothing of the account stays in the page.
      window.location.assign("/account-deleted");
    } catch (failure) {
      setPending(false);
      if (failure instanceof ApiError && failure.code === "SEC_INVALID_TOKEN")
        setError(t("accountData.delete.passwordWrong"));
      else if (failure instanceof ApiError && failure.code === "PAY_PROCESSING_ERROR")
        setError(t("accountData.delete.cancelFailed"));
      else if (failure instanceof ApiError && failure.status === 429) setError(t("errors.rateLimited"));
      else setError(t("errors.unexpected"));
    }
  }

  return (
    <Card className="flex flex-col gap-3 border-red-200 p-5 dark:border-red-900" data-testid="delete-account">
      <h2 className="font-medium">{t("accountData.delete.title")}</h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("accountData.delete.text")}</p>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("accountData.delete.keeps")}</p>
      <Button variant="destructive" className="self-start" onClick={() => setOpen(true)}>
        {t("accountData.delete.button")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(null);
        }}
        title={t("accountData.delete.confirmTitle")}
        description={t("accountData.delete.text")}
      >
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <Field id="delete-password" label={t("accountData.delete.password")} errors={error ? [error] : undefined}>
            <Input id="delete-password" name="password" type="password" autoComplete="current-password" />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              {t("accountData.delete.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? t("accountData.delete.deleting") : t("accountData.delete.confirm")}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
