import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { PublicHeader } from "~/components/shell/public-header";
import { Button } from "~/components/ui/button";
import { OccupationSelect } from "~/components/auth/occupation-select";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { TabList, tabPanelProps } from "~/components/ui/tabs";
import { StaticToast } from "~/components/ui/toaster";
import { usePageHydrates } from "~/components/shell/hydration";
import { STATIC_HOOKS } from "~/components/shell/static-hooks";
import { formatNaira } from "~/lib/currency";
import { LANGUAGES } from "~/lib/i18n";
import { toast } from "~/lib/toast-store";
import { AUTH_INTENTS, loginSchema, registerSchema, safeRedirect, type AuthIntent } from "~/modules/auth/schemas";
import type { PageReply } from "~/lib/page-reply";
import { usePublicEnv } from "~/lib/use-root-data";

// The sign-in page: signing in and registering as two tabs (links, so they work before the page's
// script), the plan and the languages beside them, and a suspended account's support contact.
// Sent without the app (the route's handle): the static page's script runs the tabs and the toast.

type AuthReply = PageReply<AuthIntent>;

/** The address of a tab: this page, its other parameters kept (redirectTo). */
function tabHref(params: URLSearchParams, tab: AuthIntent) {
  const next = new URLSearchParams(params);
  if (tab === "register") next.set("tab", tab);
  else next.delete("tab");
  const query = next.toString();
  return query ? `/auth?${query}` : "/auth";
}

/** A reply without its whole-form message (a suspended account's is said, with the support contact, above the tabs). */
function withoutFormErrors(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  if (!result.error) return result;
  const { [""]: _said, ...fields } = result.error;
  return { ...result, error: fields };
}

function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
    >
      {errors.join(" ")}
    </div>
  );
}

type FormProps = { lastResult?: SubmissionResult<string[]>; redirectTo: string };
/** The fields of both forms (signing in uses the first two). */
type AuthFields = {
  username: string;
  password: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  occupation?: string;
};

/** A field of the sign-in page's forms: its label and placeholder are the page's texts of that name. */
function TextField({
  meta,
  type = "text",
  optional = false,
  ...input
}: {
  meta: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "password";
  optional?: boolean;
  autoComplete: string;
  autoCapitalize?: string;
}) {
  const { t } = useTranslation();
  const label = t(`auth.${meta.name}`);
  return (
    <Field
      id={meta.id}
      label={optional ? `${label} (${t("common.optional")})` : label}
      errors={meta.errors?.map((error) => t(error))}
    >
      <Input {...getInputProps(meta, { type })} placeholder={t(`auth.${meta.name}Placeholder`)} {...input} />
    </Field>
  );
}

/**
 * One of the page's two forms: it posts its intent to this page's action (it works before the
 * app's JavaScript has loaded: the static page's script says 'Signing in...'), and shows the
 * action's form errors above its fields.
 */
function AuthForm({
  intent,
  lastResult,
  redirectTo,
  labels,
  children,
}: FormProps & {
  intent: AuthIntent;
  labels: { submit: string; pending: string };
  children: (fields: ReturnType<typeof useForm<AuthFields>>[1]) => ReactNode;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<AuthFields>({
    id: intent,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: intent === "register" ? registerSchema : loginSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      {...{ [STATIC_HOOKS.pendingForm]: "" }}
      className="flex flex-col gap-4"
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {children(fields)}
      <Button type="submit" size="lg" disabled={pending} {...{ [STATIC_HOOKS.pendingLabel]: labels.pending }}>
        {pending ? labels.pending : labels.submit}
      </Button>
    </Form>
  );
}

function SignInForm(props: FormProps) {
  const { t } = useTranslation();
  const phoneAddress =
    props.redirectTo === "/" ? "/auth/phone" : `/auth/phone?redirectTo=${encodeURIComponent(props.redirectTo)}`;
  return (
    <>
      <AuthForm intent="login" labels={{ submit: t("auth.signInButton"), pending: t("auth.signingIn") }} {...props}>
        {(fields) => (
          <>
            <TextField meta={fields.username} autoComplete="username" autoCapitalize="none" />
            <TextField meta={fields.password} type="password" autoComplete="current-password" />
          </>
        )}
      </AuthForm>
      {/* An account made on a basic phone has no password: it signs in with a code to its phone. */}
      <Link
        to={phoneAddress}
        className="mt-3 block text-center text-sm font-medium text-brand-700 underline dark:text-brand-300"
      >
        {t("phoneSignIn.link")}
      </Link>
    </>
  );
}

function SignUpForm(props: FormProps) {
  const { t } = useTranslation();
  return (
    <AuthForm intent="register" labels={{ submit: t("auth.signUpButton"), pending: t("auth.signingUp") }} {...props}>
      {(fields) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.firstName} autoComplete="given-name" />
            <TextField meta={fields.lastName} autoComplete="family-name" />
          </div>
          <TextField meta={fields.username} autoComplete="username" autoCapitalize="none" />
          <TextField meta={fields.email} type="email" optional autoComplete="email" />
          <TextField meta={fields.password} type="password" autoComplete="new-password" />
          <Field
            id={fields.occupation.id}
            label={`${t("auth.occupation")} (${t("common.optional")})`}
            errors={fields.occupation.errors?.map((error) => t(error))}
          >
            <OccupationSelect meta={fields.occupation} />
          </Field>
          <p className="text-sm text-gray-600 dark:text-gray-400" data-testid="sign-up-agreement">
            <Trans
              i18nKey="auth.agreement"
              components={{
                terms: <a href="/terms" className="text-brand-700 underline dark:text-brand-300" />,
                privacy: <a href="/privacy" className="text-brand-700 underline dark:text-brand-300" />,
              }}
            />
          </p>
        </>
      )}
    </AuthForm>
  );
}

export function AuthPage() {
  const actionData = useActionData<AuthReply>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const signedOutEverywhere = params.get("signedOut") === "everywhere" && !actionData;
  const { PREMIUM_PRICE_NGN: price, SUPPORT_EMAIL: supportEmail } = usePublicEnv();
  // Suspended by a moderator: how to reach support, beside the form (the toast says it too).
  const suspended = actionData?.intent === "login" && actionData.refusal?.code === "AUTH_ACCOUNT_LOCKED";
  const hydrates = usePageHydrates();
  const [tab, setTab] = useState<AuthIntent>(
    actionData?.intent ?? (params.get("tab") === "register" ? "register" : "login"),
  );
  const chooseTab = (value: AuthIntent) => {
    setTab(value);
    window.history.replaceState(window.history.state, "", tabHref(params, value));
  };
  const failureTitle = actionData?.intent === "register" ? t("auth.registrationFailed") : t("auth.loginFailed");

  useEffect(() => {
    if (!actionData?.refusal) return;
    toast({ title: failureTitle, description: actionData.refusal.message, variant: "destructive" });
  }, [actionData, failureTitle]);

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-white dark:from-gray-900 dark:to-gray-950">
      <PublicHeader />
      <main className="mx-auto grid w-full max-w-5xl flex-1 items-start gap-8 px-4 py-6 md:grid-cols-[1fr_22rem] md:py-12">
        <section className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900 sm:p-8">
          <h1 className="text-2xl font-bold">{t("auth.title")}</h1>
          <p className="mb-6 text-gray-600 dark:text-gray-400">{t("auth.subtitle")}</p>
          {signedOutEverywhere ? (
            <p
              role="status"
              className="mb-6 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800 dark:border-brand-900 dark:bg-brand-950 dark:text-brand-200"
            >
              {t("auth.signedOutEverywhere")}
            </p>
          ) : null}
          {suspended ? (
            <div
              role="alert"
              data-testid="account-suspended"
              className="mb-6 flex flex-col gap-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
            >
              <p className="font-semibold">{t("moderation.signIn.title")}</p>
              <p>{t("moderation.signIn.help")}</p>
              <a href={`mailto:${supportEmail}`} className="break-all font-medium underline">
                {supportEmail}
              </a>
            </div>
          ) : null}
          <TabList
            id="auth"
            label={t("auth.title")}
            items={AUTH_INTENTS.map((value) => ({
              value,
              label: value === "login" ? t("auth.signInTab") : t("auth.signUpTab"),
              href: tabHref(params, value),
            }))}
            value={tab}
            onChange={chooseTab}
            className="mb-6 grid grid-cols-2 rounded-xl bg-gray-100 p-1 dark:bg-gray-800"
            tabClassName="flex min-h-10 items-center justify-center rounded-lg text-sm font-semibold text-gray-600 aria-selected:bg-white aria-selected:text-gray-900 aria-selected:shadow-sm dark:text-gray-300 dark:aria-selected:bg-gray-950 dark:aria-selected:text-white"
          />
          <div {...tabPanelProps("auth", "login", tab === "login")}>
            <SignInForm
              lastResult={
                actionData?.intent !== "login"
                  ? undefined
                  : suspended
                    ? withoutFormErrors(actionData.result)
                    : actionData.result
              }
              redirectTo={redirectTo}
            />
          </div>
          <div {...tabPanelProps("auth", "register", tab === "register")}>
            <SignUpForm
              lastResult={actionData?.intent === "register" ? actionData.result : undefined}
              redirectTo={redirectTo}
            />
          </div>
        </section>
        <aside className="flex flex-col gap-4">
          <div className="rounded-2xl bg-brand-700 p-6 text-white shadow-sm">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-200">{t("auth.planTitle")}</p>
            <p className="mt-1 text-3xl font-extrabold">{t("auth.planPrice", { price: formatNaira(price) })}</p>
            <p className="mt-2 text-sm text-brand-100">{t("auth.planText")}</p>
            <p className="mt-3 text-sm font-semibold">{t("auth.trialText")}</p>
            {/* The promise, and beside it the rule it stands for. */}
            <p data-trial-rule="" className="mt-1 text-sm text-brand-100">
              {t("premium.trialRule")}
            </p>
          </div>
          <div className="rounded-2xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
            <p className="flex items-center gap-2 font-semibold">
              <Icon name="globe" /> {t("auth.languagesTitle")}
            </p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {LANGUAGES.map((language) => (
                <li
                  key={language.code}
                  lang={language.code}
                  className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 dark:bg-brand-950 dark:text-brand-200"
                >
                  {language.name}
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </main>
      {!hydrates && actionData?.refusal ? (
        <StaticToast title={failureTitle} description={actionData.refusal.message} variant="destructive" />
      ) : null}
    </div>
  );
}
