import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icons";
import { NativeSelect } from "~/components/ui/select";
import { categoryKey, PRODUCT_CATEGORIES } from "~/modules/products/constants";

/**
 * The product's categories as removable chips, and a select offering the ones
 * not chosen yet. Each chosen category is sent as a hidden `name` field.
 */
export function CategoryPicker({
  id,
  name,
  value,
  onChange,
  errorId,
  invalid,
}: {
  id: string;
  name: string;
  value: string[];
  onChange: (categories: string[]) => void;
  errorId: string;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const available = PRODUCT_CATEGORIES.filter((category) => !value.includes(category));
  return (
    <div className="flex flex-col gap-2">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {value.map((category) => (
            <li
              key={category}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200"
            >
              {t(categoryKey(category))}
              <input type="hidden" name={name} value={category} />
              <button
                type="button"
                onClick={() => onChange(value.filter((item) => item !== category))}
                className="inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-brand-100 dark:hover:bg-brand-900"
                aria-label={t("catalog.removeCategory", { name: t(categoryKey(category)) })}
              >
                <Icon name="close" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <NativeSelect
        id={id}
        value=""
        onChange={(event) => {
          if (event.target.value) onChange([...value, event.target.value]);
        }}
        disabled={available.length === 0}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      >
        <option value="">{t("catalog.addCategory")}</option>
        {available.map((category) => (
          <option key={category} value={category}>
            {t(categoryKey(category))}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
