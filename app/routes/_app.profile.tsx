import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { ProfilePage } from "~/components/profile/profile-page";
import {
  passwordChangeSchema,
  passwordSetSchema,
  phoneSchema,
  ussdPinSchema,
  profileSchema,
  type ProfileIntent,
} from "~/modules/auth/schemas";
import { readSessionId, toPublicUser } from "~/modules/auth/session.server";
import { requireUser } from "~/modules/auth/gates.server";
import { accountHasPassword, changePassword, updateProfile } from "~/modules/auth/users.server";
import { phoneCodeSchema } from "~/modules/phones/schemas";
import {
  canVerifyPhones,
  confirmPhoneCode,
  phoneState,
  removePhone,
  requestPhoneCode,
} from "~/modules/phones/verification.server";
import { getEnv, isDemoMode } from "~/env.server";
import { setPin } from "~/modules/ussd/callers.server";
import { Refusal } from "~/server/refusal";
import { answerIntent, invalidSubmission, pageSuccess } from "~/server/http/page-reply.server";
import { detectLanguage } from "~/server/i18n.server";
import { readPageForm } from "~/server/http/page-form.server";

// Profile: the account's details, editable, the phone buyers may see on the
// listings where the seller shows it (once confirmed by a texted code), and a
// password change (which signs every other device out; the devices themselves
// are listed on Settings).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    user: toPublicUser(user),
    hasPassword: await accountHasPassword(user.id),
    phone: await phoneState(user.id),
    canVerify: canVerifyPhones(),
    demoInbox: isDemoMode() && canVerifyPhones(),
    serviceCode: getEnv().USSD_SERVICE_CODE,
    locale: detectLanguage(request),
  };
}

/**
 * A refused code changes what the page shows (the tries left; a spent code's field goes), so the
 * page reads the phone again after it, though Remix does not by default after a 4xx.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || formData?.get("intent") === "verify-phone" || formData?.get("intent") === "phone";

const hideFields = ["currentPassword", "newPassword", "pin"];

const intentOf = (requested: FormDataEntryValue | null): ProfileIntent =>
  requested === "password" || requested === "phone" || requested === "verify-phone" || requested === "ussd-pin"
    ? requested
    : "profile";

const schemaOf = {
  password: passwordChangeSchema,
  phone: phoneSchema,
  "verify-phone": phoneCodeSchema,
  "ussd-pin": ussdPinSchema,
  profile: profileSchema,
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readPageForm(request);
  if (form.get("intent") === "remove-phone") {
    await removePhone(user.id);
    return pageSuccess<ProfileIntent>("remove-phone");
  }
  const intent = intentOf(form.get("intent"));
  // An account made on a basic phone chooses its first password: there is no current one to give.
  const firstPassword = intent === "password" && !(await accountHasPassword(user.id));
  const submission = parseWithZod(form, {
    schema: firstPassword ? passwordSetSchema : schemaOf[intent as Exclude<ProfileIntent, "remove-phone">],
  });
  if (submission.status !== "success") {
    return invalidSubmission(intent, submission, { hideFields });
  }
  return answerIntent(
    request,
    intent,
    async () => {
      if (intent === "password") {
        const input = firstPassword
          ? passwordSetSchema.parse(submission.value)
          : passwordChangeSchema.parse(submission.value);
        await changePassword(user.id, await readSessionId(request), input);
        return pageSuccess(intent, { result: submission.reply({ resetForm: true }) });
      }
      if (intent === "phone") {
        const { sent } = await requestPhoneCode(user, phoneSchema.parse(submission.value).phone, context.clientIp);
        return pageSuccess(intent, { result: submission.reply({ resetForm: true }), data: { sent } });
      }
      if (intent === "ussd-pin") {
        // The menu asks for it by the verified number; without one there is no menu to ask.
        if (!(await phoneState(user.id)).verified)
          throw new Refusal("DB_CONSTRAINT_VIOLATION", "ussdPin.needsPhone", {
            fields: { pin: ["ussdPin.needsPhone"] },
          });
        await setPin(user.id, ussdPinSchema.parse(submission.value).pin);
        return pageSuccess(intent, { result: submission.reply({ resetForm: true }) });
      }
      if (intent === "verify-phone") {
        await confirmPhoneCode(user.id, phoneCodeSchema.parse(submission.value).code);
        return pageSuccess(intent, { result: submission.reply({ resetForm: true }) });
      }
      await updateProfile(user.id, profileSchema.parse(submission.value));
      return pageSuccess(intent, { result: submission.reply() });
    },
    { submission, hideFields },
  );
}

export default function Profile() {
  const data = useLoaderData<typeof loader>();
  return <ProfilePage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("ProfilePage");
