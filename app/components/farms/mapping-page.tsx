import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { PremiumGate } from "~/components/premium/premium-prompt";
import { PageHeader } from "~/components/shell/page-header";
import { MappingWorkspace, ReadOnlyFarms } from "./mapping-workspace";

// Farm mapping: the tools behind the premium prompt (farm_mapping); without access the farmer's own
// farms stay listed and exportable below it.

export type MappingPageProps = ComponentProps<typeof MappingWorkspace>;

export function MappingPage(props: MappingPageProps) {
  const { t } = useTranslation();
  const { access, farms } = props;
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col">
      <PageHeader title={t("mapping.title")} subtitle={t("mapping.subtitle")} />
      <PremiumGate feature="farm_mapping" access={access} title={t("mapping.featureName")} preview={<MappingPreview />}>
        <MappingWorkspace {...props} />
      </PremiumGate>
      {access && !access.canAccess && farms.length > 0 ? <ReadOnlyFarms farms={farms} locale={props.locale} /> : null}
    </div>
  );
}

/** What the locked prompt blurs: the shape of the tools, none of the farmer's data. */
function MappingPreview() {
  return (
    <div className="grid gap-4 p-4 lg:grid-cols-3">
      <div className="h-64 rounded-2xl bg-gray-100 dark:bg-gray-800" />
      <div className="h-96 rounded-2xl bg-brand-100 dark:bg-brand-950 lg:col-span-2" />
    </div>
  );
}
