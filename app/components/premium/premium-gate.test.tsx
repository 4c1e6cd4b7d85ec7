import { createRemixStub } from "@remix-run/testing";
import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "~/locales/en.json";
import { i18nConfig } from "~/lib/i18n";
import { PUBLIC_ENV_DEFAULTS } from "~/lib/public-env";
import type { FeatureAccess } from "~/modules/premium/access";
import { PremiumGate } from "./premium-prompt";

// The gate as a page shows it, rendered to HTML inside a Remix router.
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ ...i18nConfig, lng: "en", resources: { en: { translation: en } } });
});

/** The gate under a root route whose data says whether a payment provider takes checkouts. */
function render(access: FeatureAccess | null, { paymentsAvailable = true } = {}) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <PremiumGate feature="farm_mapping" access={access}>
          <p>the map itself</p>
        </PremiumGate>
      ),
    },
  ]);
  const env = { ...PUBLIC_ENV_DEFAULTS, PAYMENTS_AVAILABLE: paymentsAvailable };
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub hydrationData={{ loaderData: { root: { env } } }} />
    </I18nextProvider>,
  );
}

const base = { canAccess: false, isTrialExpired: false, hasActiveSubscription: false, hasUsedPremiumFeatures: false };

describe("PremiumGate", () => {
  it("shows the feature when access is allowed", () => {
    const html = render({ ...base, canAccess: true });
    expect(html).toContain("the map itself");
    expect(html).not.toContain("Upgrade to Premium");
  });

  it("locks it behind a blurred, hidden preview with the upgrade button and the right sentence", () => {
    const html = render({ ...base, hasUsedPremiumFeatures: true });
    expect(html).toMatch(/aria-hidden="true"[^>]*blur-sm/);
    expect(html).toContain("Upgrade to Premium to use Interactive Farm Mapping.");
    expect(html).toContain("Upgrade to Premium");
    expect(html).toContain("Premium features used - upgrade to continue");
    expect(html).not.toContain("Trial Expired");
  });

  it("says payments are not set up, with no upgrade button, where the site has no payment provider", () => {
    const html = render({ ...base, hasUsedPremiumFeatures: true }, { paymentsAvailable: false });
    expect(html).toContain("Upgrade to Premium to use Interactive Farm Mapping.");
    expect(html).toContain("Payments are not set up on this site yet");
    expect(html).not.toContain("<button");
    expect(render({ ...base }, { paymentsAvailable: true })).not.toContain("Payments are not set up");
  });

  it("shows the Trial Expired badge and its sentence when the day has passed", () => {
    const html = render({ ...base, isTrialExpired: true });
    expect(html).toContain("Trial Expired");
    expect(html).toContain("Your 1-day trial has expired");
  });

  it("offers Try Again when the access check failed", () => {
    const html = render(null);
    expect(html).toContain("Failed to check feature access");
    expect(html).toContain("Try Again");
    expect(html).not.toContain("the map itself");
  });
});
