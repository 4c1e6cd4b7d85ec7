import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icons";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import type { SignedInDevice } from "~/modules/auth/devices.server";
import { DEVICE_SIGN_OUT } from "~/modules/auth/constants";

// Settings' signed-in devices: each session of the account with its browser and device, when
// it was signed in and last seen; 'Sign out' for each other device, 'Sign out everywhere else',
// and 'Sign out everywhere' (this one too, after a confirmation).

/** Systems of computers; anything else, Opera Mini on a feature phone included, is most likely a phone here. */
const COMPUTERS = new Set(["Windows", "Mac", "Linux", "ChromeOS"]);

/** "Chrome on Android", "Opera Mini", "Android", or 'Unknown device'. */
function useDeviceName() {
  const { t } = useTranslation();
  return ({ browser, platform }: Pick<SignedInDevice, "browser" | "platform">) =>
    browser && platform
      ? t("pages.devices.browserOn", { browser, platform })
      : (browser ?? platform ?? t("pages.devices.unknown"));
}

/** Whether the page is busy with this sign-out (the whole list's, or one device's). */
function usePendingSignOut() {
  const navigation = useNavigation();
  return (intent: string, session?: string) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    (session === undefined || navigation.formData?.get("session") === session);
}

function DeviceRow({ device, locale }: { device: SignedInDevice; locale: LanguageCode }) {
  const { t } = useTranslation();
  const name = useDeviceName()(device);
  const pending = usePendingSignOut()(DEVICE_SIGN_OUT.device, device.id);
  const date = (iso: string) => formatDate(iso, locale, "medium-time");
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="signed-in-device">
      <Icon
        name={device.platform && COMPUTERS.has(device.platform) ? "monitor" : "smartphone"}
        className="h-6 w-6 flex-none text-brand-600 dark:text-brand-400"
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{name}</span>
          {device.current ? (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
              {t("pages.devices.thisDevice")}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {t("pages.devices.signedIn", { date: date(device.signedInAt) })}
        </p>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {t("pages.devices.lastSeen", { date: date(device.lastSeenAt) })}
        </p>
      </div>
      {device.current ? null : (
        <Form method="post" className="flex-none">
          <input type="hidden" name="intent" value={DEVICE_SIGN_OUT.device} />
          <input type="hidden" name="session" value={device.id} />
          <Button
            type="submit"
            variant="outline"
            size="sm"
            disabled={pending}
            aria-label={t("pages.devices.signOutNamed", { device: name })}
          >
            {pending ? t("nav.signingOut") : t("pages.devices.signOut")}
          </Button>
        </Form>
      )}
    </li>
  );
}

export function SignedInDevices({ devices, locale }: { devices: SignedInDevice[]; locale: LanguageCode }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const isPending = usePendingSignOut();
  const [confirming, setConfirming] = useState(false);
  const everywherePending = isPending(DEVICE_SIGN_OUT.everywhere);
  const othersPending = isPending(DEVICE_SIGN_OUT.others);
  const others = devices.filter((device) => !device.current).length;
  return (
    <Card id="devices" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{t("pages.sessionsTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("pages.sessionsText")}</p>
        <ul className="divide-y divide-gray-100 dark:divide-gray-800" aria-label={t("pages.sessionsTitle")}>
          {devices.map((device) => (
            <DeviceRow key={device.id} device={device} locale={locale} />
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          {others > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value={DEVICE_SIGN_OUT.others} />
              <Button type="submit" disabled={othersPending}>
                {othersPending ? t("nav.signingOut") : t("pages.devices.signOutOthers")}
              </Button>
            </Form>
          ) : null}
          <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
            {t("pages.signOutEverywhere")}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => !everywherePending && setConfirming(open)}
          title={t("pages.signOutEverywhereTitle")}
          text={t("pages.signOutEverywhereText")}
          confirmLabel={t("pages.signOutEverywhere")}
          pendingLabel={t("nav.signingOut")}
          pending={everywherePending}
          onConfirm={() => submit({ intent: DEVICE_SIGN_OUT.everywhere }, { method: "post" })}
        />
      </CardContent>
    </Card>
  );
}
