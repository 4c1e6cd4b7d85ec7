-- AlterTable
ALTER TABLE "PaymentEvent" ADD COLUMN     "ignoredFacts" JSONB,
ADD COLUMN     "ignoredReason" VARCHAR(40);

-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "planCode" VARCHAR(100);

-- A card subscription with Paystack takes the plan its first charge named, as stored with that
-- charge's event (under the transaction id its payment was recorded by).
UPDATE "Subscription" AS s
SET "planCode" = first."plan"
FROM (
  SELECT DISTINCT ON (p."subscriptionId") p."subscriptionId", plans."plan"
  FROM "Payment" AS p
  JOIN "PaymentEvent" AS e ON e."id" = 'paystack/charge.success/' || p."externalId"
  CROSS JOIN LATERAL (
    SELECT COALESCE(
      CASE WHEN jsonb_typeof(e."payload"->'data'->'plan') = 'object' THEN e."payload"->'data'->'plan'->>'plan_code' END,
      CASE WHEN jsonb_typeof(e."payload"->'data'->'plan') = 'string' THEN e."payload"->'data'->>'plan' END,
      e."payload"->'data'->'plan_object'->>'plan_code'
    ) AS "plan"
  ) AS plans
  WHERE p."provider" = 'paystack' AND p."method" = 'card' AND p."subscriptionId" IS NOT NULL
    AND plans."plan" IS NOT NULL AND plans."plan" <> ''
  ORDER BY p."subscriptionId", p."paidAt" ASC
) AS first
WHERE s."id" = first."subscriptionId" AND s."planCode" IS NULL;
