import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { OccupationSelect } from "~/components/auth/occupation-select";
import { PageHeader } from "~/components/shell/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { replySucceeded, type PageReply } from "~/lib/page-reply";
import { toast } from "~/lib/toast-store";
import { useChecksOnUse } from "~/lib/use-checks-on-use";
import { occupationLabelKey } from "~/modules/auth/constants";
import type { ProfileIntent } from "~/modules/auth/schemas";
import type { PublicUser } from "~/modules/auth/users.server";
import type { PhoneState } from "~/modules/phones/verification.server";
import { PhoneCard } from "./phone-card";
import type { ProfileChecks } from "./profile-checks";

// Profile: the account's details, editable, the phone buyers may see on the listings where the
// seller shows it (once confirmed by a texted code), a password change and the USSD menu's PIN.
// Each form checks as it is used (the checks load at the first use) and says the action's answer
// in a toast.

export interface ProfilePageProps {
  user: PublicUser;
  hasPassword: boolean;
  phone: PhoneState;
  /** Texted codes can be sent (an SMS provider, or the demo inbox). */
  canVerify: boolean;
  demoInbox: boolean;
  serviceCode: string;
  locale: LanguageCode;
}

type ProfileReply = PageReply<ProfileIntent, { sent: boolean } | undefined>;

function useTranslatedErrors() {
  const { t } = useTranslation();
  return (errors?: string[]) => errors?.map((error) => t(error));
}

function ProfileForm({
  user,
  lastResult,
  checks,
}: {
  user: PublicUser;
  lastResult?: SubmissionResult<string[]>;
  checks: ProfileChecks | null;
}) {
  const { t } = useTranslation();
  const translate = useTranslatedErrors();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email ?? "",
      occupation: user.occupation ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: checks ? ({ formData }) => checks.profile(formData) : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="profile" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.firstName.id} label={t("auth.firstName")} errors={translate(fields.firstName.errors)}>
          <Input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
        </Field>
        <Field id={fields.lastName.id} label={t("auth.lastName")} errors={translate(fields.lastName.errors)}>
          <Input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
        </Field>
      </div>
      <Field
        id={fields.email.id}
        label={`${t("auth.email")} (${t("common.optional")})`}
        errors={translate(fields.email.errors)}
      >
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
      </Field>
      <Field
        id={fields.occupation.id}
        label={`${t("auth.occupation")} (${t("common.optional")})`}
        errors={translate(fields.occupation.errors)}
      >
        <OccupationSelect meta={fields.occupation} />
      </Field>
      <Button type="submit" className="self-start" disabled={pending}>
        {pending ? t("common.saving") : t("pages.saveProfile")}
      </Button>
    </Form>
  );
}

function PasswordForm({
  lastResult,
  first,
  checks,
}: {
  lastResult?: SubmissionResult<string[]>;
  first: boolean;
  checks: ProfileChecks | null;
}) {
  const { t } = useTranslation();
  const translate = useTranslatedErrors();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  const [form, fields] = useForm<{ currentPassword?: string; newPassword: string }>({
    id: "password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: checks ? ({ formData }) => checks.password(formData, first) : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="password" />
      {first ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("phoneSignIn.firstPassword")}</p>
      ) : (
        <Field
          id={fields.currentPassword.id}
          label={t("pages.currentPassword")}
          errors={translate(fields.currentPassword.errors)}
        >
          <Input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" />
        </Field>
      )}
      <Field id={fields.newPassword.id} label={t("pages.newPassword")} errors={translate(fields.newPassword.errors)}>
        <Input
          {...getInputProps(fields.newPassword, { type: "password" })}
          autoComplete="new-password"
          placeholder={t("auth.passwordPlaceholder")}
        />
      </Field>
      <Button type="submit" className="self-start" disabled={pending}>
        {pending ? t("common.saving") : t("pages.updatePassword")}
      </Button>
    </Form>
  );
}

/** The PIN of the USSD menu, chosen again (for an account with a verified phone, the number the menu knows). */
function UssdPinForm({
  lastResult,
  serviceCode,
  checks,
}: {
  lastResult?: SubmissionResult<string[]>;
  serviceCode: string;
  checks: ProfileChecks | null;
}) {
  const { t } = useTranslation();
  const translate = useTranslatedErrors();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "ussd-pin";
  const [form, fields] = useForm({
    id: "ussd-pin",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: checks ? ({ formData }) => checks.ussdPin(formData) : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="ussd-pin" />
      <p className="text-sm text-gray-700 dark:text-gray-300">{t("ussdPin.text", { code: serviceCode })}</p>
      <Field id={fields.pin.id} label={t("ussdPin.label")} errors={translate(fields.pin.errors)}>
        <Input
          {...getInputProps(fields.pin, { type: "password" })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          className="max-w-32"
        />
      </Field>
      <Button type="submit" className="self-start" disabled={pending}>
        {pending ? t("common.saving") : t("ussdPin.save")}
      </Button>
    </Form>
  );
}

/** The forms' checks in the browser, with zod: fetched at the first use of a form. */
const loadChecks = () => import("./profile-checks").then((module) => module.profileChecks);

export function ProfilePage({ user, hasPassword, phone, canVerify, demoInbox, locale, serviceCode }: ProfilePageProps) {
  const actionData = useActionData<ProfileReply>();
  const { t } = useTranslation();
  const since = formatDate(user.createdAt, locale, "long");
  const forms = useRef<HTMLDivElement>(null);
  const checks = useChecksOnUse(loadChecks, forms);

  useEffect(() => {
    if (!actionData) return;
    if (replySucceeded(actionData)) {
      const saved = {
        password: "pages.passwordChanged",
        phone: "phoneCheck.codeSent",
        "verify-phone": "phoneCheck.verified",
        "remove-phone": "pages.phoneRemoved",
        "ussd-pin": "ussdPin.saved",
        profile: "pages.profileSaved",
      } as const;
      const sentNothing = actionData.intent === "phone" && actionData.data?.sent === false;
      toast({ title: t(sentNothing ? "phoneCheck.alreadyVerified" : saved[actionData.intent]) });
    } else if (actionData.refusal && (actionData.intent === "phone" || actionData.intent === "verify-phone")) {
      // What the code's refusal says: the tries left, a code expired, too many codes asked for.
      toast({ title: actionData.refusal.message, variant: "destructive" });
    } else if (actionData.result.status === "error") {
      toast({ title: t("pages.saveFailed"), variant: "destructive" });
    }
  }, [actionData, t]);

  return (
    <div ref={forms} className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title={t("pages.profileTitle")} subtitle={t("pages.profileText")} />
      <Card className="flex items-center gap-4 p-5">
        <span className="inline-flex h-14 w-14 flex-none items-center justify-center rounded-full bg-brand-600 text-xl font-bold text-white">
          {user.firstName.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">
            {user.firstName} {user.lastName}
          </p>
          <p className="truncate text-sm text-gray-500">@{user.username}</p>
          <p className="text-sm text-gray-500">
            <span data-testid="profile-occupation">{t(occupationLabelKey(user))}</span> ·{" "}
            {t("pages.memberSince", { date: since })}
          </p>
        </div>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("pages.editProfile")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ProfileForm
            user={user}
            lastResult={actionData?.intent === "profile" ? actionData.result : undefined}
            checks={checks}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("pages.phoneTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <PhoneCard
            state={phone}
            canVerify={canVerify}
            demoInbox={demoInbox}
            locale={locale}
            phoneResult={actionData?.intent === "phone" ? actionData.result : undefined}
            codeResult={actionData?.intent === "verify-phone" ? actionData.result : undefined}
            checks={checks}
          />
        </CardContent>
      </Card>
      <Card id="set-password">
        <CardHeader>
          <CardTitle>{hasPassword ? t("pages.changePassword") : t("phoneSignIn.choosePassword")}</CardTitle>
        </CardHeader>
        <CardContent>
          <PasswordForm
            first={!hasPassword}
            lastResult={actionData?.intent === "password" ? actionData.result : undefined}
            checks={checks}
          />
        </CardContent>
      </Card>
      {phone.verified ? (
        <Card id="ussd-pin-card">
          <CardHeader>
            <CardTitle>{t("ussdPin.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <UssdPinForm
              serviceCode={serviceCode}
              lastResult={actionData?.intent === "ussd-pin" ? actionData.result : undefined}
              checks={checks}
            />
          </CardContent>
        </Card>
      ) : null}
      <p className="text-sm text-gray-600 dark:text-gray-400">
        <Link to="/settings#devices" className="font-medium text-brand-700 underline dark:text-brand-300">
          {t("pages.devices.onSettings")}
        </Link>
      </p>
    </div>
  );
}
