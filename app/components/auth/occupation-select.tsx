import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "~/components/ui/select";
import { OCCUPATIONS } from "~/modules/auth/constants";

/** What the person says they are (sign-up and Profile): optional, a plain select that works without JavaScript. */
export function OccupationSelect<Schema, FormSchema extends Record<string, unknown>>({
  meta,
}: {
  meta: FieldMetadata<Schema, FormSchema, string[]>;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect {...getSelectProps(meta)}>
      <option value="">{t("auth.occupationNone")}</option>
      {OCCUPATIONS.map((occupation) => (
        <option key={occupation} value={occupation}>
          {t(`nav.occupations.${occupation}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
