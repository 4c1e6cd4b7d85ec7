import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { formatNigerianPhone } from "~/lib/phone";
import { CODE_LENGTH, CODE_MINUTES } from "~/modules/phones/constants";
import type { ProfileChecks } from "~/components/profile/profile-checks";

// The Profile's phone: the number buyers may be shown, once a code texted to it is typed back.
// Saving a number texts the code; until it is confirmed the number waits beside the code field
// and the account keeps what it had. A number another account confirmed is said to be gone.

export interface PhoneCardState {
  phone: string | null;
  verified: boolean;
  pending: { phone: string; expiresAt: string; triesLeft: number } | null;
  takenAt: string | null;
}

function useTranslated() {
  const { t } = useTranslation();
  return (errors?: string[]) => errors?.map((error) => t(error));
}

function useBusy() {
  const navigation = useNavigation();
  return navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
}

function CodeForm({
  pending,
  demoInbox,
  lastResult,
  checks,
}: {
  pending: NonNullable<PhoneCardState["pending"]>;
  demoInbox: boolean;
  lastResult?: SubmissionResult<string[]>;
  checks: ProfileChecks | null;
}) {
  const { t } = useTranslation();
  const translate = useTranslated();
  const busy = useBusy();
  const [form, fields] = useForm<{ code: string }>({
    id: "phone-code",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: checks ? ({ formData }) => checks.phoneCode(formData) : undefined,
  });
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 dark:border-brand-800 dark:bg-brand-950"
      data-testid="phone-code-box"
    >
      <p className="text-sm">
        {t("phoneCheck.codeWaiting", { phone: formatNigerianPhone(pending.phone), minutes: CODE_MINUTES })}
      </p>
      {demoInbox ? (
        <p className="text-sm">
          <Link to="/sms" className="font-medium text-brand-700 underline dark:text-brand-300">
            {t("phoneCheck.openDemoInbox")}
          </Link>
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3" noValidate>
        <input type="hidden" name="intent" value="verify-phone" />
        <Field id={fields.code.id} label={t("phoneCheck.codeLabel")} errors={translate(fields.code.errors)}>
          <Input
            {...getInputProps(fields.code, { type: "text" })}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={CODE_LENGTH + 2}
            className="max-w-[12rem] text-lg tracking-widest"
          />
        </Field>
        <p className="text-xs text-gray-600 dark:text-gray-400">
          {t("phoneCheck.triesLeft", { count: pending.triesLeft })}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy === "verify-phone"}>
            {busy === "verify-phone" ? t("common.saving") : t("phoneCheck.confirm")}
          </Button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="phone" />
        <input type="hidden" name="phone" value={pending.phone} />
        <Button type="submit" variant="outline" size="sm" disabled={busy === "phone"}>
          {t("phoneCheck.sendAgain")}
        </Button>
      </Form>
    </div>
  );
}

function NumberForm({
  hasPhone,
  lastResult,
  checks,
}: {
  hasPhone: boolean;
  lastResult?: SubmissionResult<string[]>;
  checks: ProfileChecks | null;
}) {
  const { t } = useTranslation();
  const translate = useTranslated();
  const busy = useBusy();
  const [form, fields] = useForm<{ phone: string }>({
    id: "phone",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: checks ? ({ formData }) => checks.phone(formData) : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="phone" />
      <Field
        id={fields.phone.id}
        label={t(hasPhone ? "phoneCheck.newNumberLabel" : "pages.phoneLabel")}
        errors={translate(fields.phone.errors)}
      >
        <Input
          {...getInputProps(fields.phone, { type: "tel" })}
          autoComplete="tel-national"
          inputMode="tel"
          maxLength={32}
          placeholder={t("pages.phonePlaceholder")}
        />
      </Field>
      <Button type="submit" className="self-start" disabled={busy === "phone"}>
        {busy === "phone" ? t("common.saving") : t("phoneCheck.sendCode")}
      </Button>
    </Form>
  );
}

export function PhoneCard({
  state,
  canVerify,
  demoInbox,
  locale,
  phoneResult,
  codeResult,
  checks,
}: {
  state: PhoneCardState;
  canVerify: boolean;
  demoInbox: boolean;
  locale: LanguageCode;
  phoneResult?: SubmissionResult<string[]>;
  codeResult?: SubmissionResult<string[]>;
  /** The forms' checks in the browser, once loaded (null: the server checks them). */
  checks: ProfileChecks | null;
}) {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("phoneCheck.why")}</p>
      {state.takenAt ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="phone-taken"
        >
          {t("phoneCheck.takenOver", { date: formatDate(state.takenAt, locale, "long") })}
        </p>
      ) : null}
      {state.phone ? (
        <Form
          method="post"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-800"
        >
          <input type="hidden" name="intent" value="remove-phone" />
          <span className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
            <Icon name="phone" className="h-4 w-4 flex-none text-brand-600 dark:text-brand-400" />
            <span data-testid="profile-phone">{formatNigerianPhone(state.phone)}</span>
            {state.verified ? (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100"
                data-testid="phone-verified"
              >
                <Icon name="check" className="h-3 w-3" />
                {t("phoneCheck.verifiedBadge")}
              </span>
            ) : (
              <span
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
                data-testid="phone-unverified"
              >
                {t("phoneCheck.unverifiedBadge")}
              </span>
            )}
          </span>
          <Button type="submit" variant="outline" size="sm" disabled={busy === "remove-phone"}>
            {busy === "remove-phone" ? t("common.saving") : t("pages.removePhone")}
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("pages.noPhoneYet")}</p>
      )}
      {state.phone && !state.verified && !state.pending ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("phoneCheck.unverifiedText")}</p>
      ) : null}
      {!canVerify ? (
        <p
          role="status"
          className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-200"
          data-testid="phone-unavailable"
        >
          {t("phoneCheck.unavailable")}
        </p>
      ) : (
        <>
          {state.pending ? (
            <CodeForm
              key={state.pending.expiresAt}
              pending={state.pending}
              demoInbox={demoInbox}
              lastResult={codeResult}
              checks={checks}
            />
          ) : null}
          {state.phone && !state.verified && !state.pending ? (
            <Form method="post">
              <input type="hidden" name="intent" value="phone" />
              <input type="hidden" name="phone" value={state.phone} />
              <Button type="submit" size="sm" disabled={busy === "phone"}>
                {t("phoneCheck.verifyThis")}
              </Button>
            </Form>
          ) : null}
          <NumberForm
            hasPhone={state.phone !== null || state.pending !== null}
            lastResult={phoneResult}
            checks={checks}
          />
        </>
      )}
    </div>
  );
}
