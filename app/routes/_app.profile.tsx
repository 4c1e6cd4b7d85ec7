import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { PageHeader } from "~/components/shell/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { formatDate } from "~/lib/dates";
import { toast } from "~/lib/toast-store";
import { passwordChangeSchema, phoneSchema, profileSchema, type ProfileIntent } from "~/modules/auth/schemas";
import { readSessionId, toPublicUser } from "~/modules/auth/session.server";
import { requireUser } from "~/modules/auth/gates.server";
import { changePassword, readPhone, setPhone, updateProfile } from "~/modules/auth/users.server";
import { formatNigerianPhone } from "~/lib/phone";
import { occupationLabelKey } from "~/modules/auth/constants";
import { OccupationSelect } from "~/components/auth/occupation-select";
import { answerIntent, invalidSubmission, pageSuccess } from "~/server/http/page-reply.server";
import { replySucceeded, type PageReply } from "~/lib/page-reply";
import { detectLanguage } from "~/server/i18n.server";
import { readPageForm } from "~/server/http/page-form.server";

// Profile: the account's details, editable, the phone buyers may see on the
// listings where the seller shows it, and a password change (which signs every
// other device out; the devices themselves are listed on Settings).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    user: toPublicUser(user),
    phone: await readPhone(user.id),
    locale: detectLanguage(request),
  };
}

type ProfileReply = PageReply<ProfileIntent>;

const hideFields = ["currentPassword", "newPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readPageForm(request);
  if (form.get("intent") === "remove-phone") {
    await setPhone(user.id, null);
    return pageSuccess<ProfileIntent>("remove-phone");
  }
  const requested = form.get("intent");
  const intent: ProfileIntent = requested === "password" ? "password" : requested === "phone" ? "phone" : "profile";
  const submission =
    intent === "password"
      ? parseWithZod(form, { schema: passwordChangeSchema })
      : intent === "phone"
        ? parseWithZod(form, { schema: phoneSchema })
        : parseWithZod(form, { schema: profileSchema });
  if (submission.status !== "success") {
    return invalidSubmission(intent, submission, { hideFields });
  }
  return answerIntent(
    request,
    intent,
    async () => {
      if (intent === "password") {
        await changePassword(user.id, await readSessionId(request), passwordChangeSchema.parse(submission.value));
        return pageSuccess(intent, { result: submission.reply({ resetForm: true }) });
      }
      if (intent === "phone") {
        await setPhone(user.id, phoneSchema.parse(submission.value).phone);
        return pageSuccess(intent, { result: submission.reply({ resetForm: true }) });
      }
      await updateProfile(user.id, profileSchema.parse(submission.value));
      return pageSuccess(intent, { result: submission.reply() });
    },
    { submission, hideFields },
  );
}

function useTranslatedErrors() {
  const { t } = useTranslation();
  return (errors?: string[]) => errors?.map((error) => t(error));
}

function ProfileForm({
  user,
  lastResult,
}: {
  user: ReturnType<typeof useLoaderData<typeof loader>>["user"];
  lastResult?: SubmissionResult<string[]>;
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
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

function PasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const translate = useTranslatedErrors();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  const [form, fields] = useForm({
    id: "password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="password" />
      <Field
        id={fields.currentPassword.id}
        label={t("pages.currentPassword")}
        errors={translate(fields.currentPassword.errors)}
      >
        <Input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" />
      </Field>
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

/** The seller's phone: saved as +234..., shown to buyers only on the listings where the seller chooses. */
function PhoneForm({ phone, lastResult }: { phone: string | null; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const translate = useTranslatedErrors();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useForm({
    id: "phone",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: phoneSchema }),
  });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-600 dark:text-gray-400">{t("pages.phoneText")}</p>
      {phone ? (
        <Form
          method="post"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-800"
        >
          <input type="hidden" name="intent" value="remove-phone" />
          <span className="flex items-center gap-2 font-medium" data-testid="profile-phone">
            <Icon name="phone" className="h-4 w-4 text-brand-600 dark:text-brand-400" />
            {formatNigerianPhone(phone)}
          </span>
          <Button type="submit" variant="outline" size="sm" disabled={busy === "remove-phone"}>
            {busy === "remove-phone" ? t("common.saving") : t("pages.removePhone")}
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("pages.noPhoneYet")}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="intent" value="phone" />
        <Field id={fields.phone.id} label={t("pages.phoneLabel")} errors={translate(fields.phone.errors)}>
          <Input
            {...getInputProps(fields.phone, { type: "tel" })}
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={32}
            placeholder={t("pages.phonePlaceholder")}
          />
        </Field>
        <Button type="submit" className="self-start" disabled={busy === "phone"}>
          {busy === "phone" ? t("common.saving") : t("pages.savePhone")}
        </Button>
      </Form>
    </div>
  );
}

export default function ProfilePage() {
  const { user, phone, locale } = useLoaderData<typeof loader>();
  const actionData = useActionData<ProfileReply>();
  const { t } = useTranslation();
  const since = formatDate(user.createdAt, locale, "long");

  useEffect(() => {
    if (!actionData) return;
    if (replySucceeded(actionData)) {
      const saved = {
        password: "pages.passwordChanged",
        phone: "pages.phoneSaved",
        "remove-phone": "pages.phoneRemoved",
        profile: "pages.profileSaved",
      } as const;
      toast({ title: t(saved[actionData.intent]) });
    } else if (actionData.result.status === "error") {
      toast({ title: t("pages.saveFailed"), variant: "destructive" });
    }
  }, [actionData, t]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
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
          <ProfileForm user={user} lastResult={actionData?.intent === "profile" ? actionData.result : undefined} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("pages.phoneTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <PhoneForm phone={phone} lastResult={actionData?.intent === "phone" ? actionData.result : undefined} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("pages.changePassword")}</CardTitle>
        </CardHeader>
        <CardContent>
          <PasswordForm lastResult={actionData?.intent === "password" ? actionData.result : undefined} />
        </CardContent>
      </Card>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        <Link to="/settings#devices" className="font-medium text-brand-700 underline dark:text-brand-300">
          {t("pages.devices.onSettings")}
        </Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = pageErrorBoundary("ProfilePage");
