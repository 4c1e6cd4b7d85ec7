import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import type { LanguageCode } from "~/lib/i18n";
import { categoryKey } from "~/modules/products/constants";
import { cn } from "~/lib/cn";
import type { ProductDto } from "~/modules/products/products.server";
import { Icon } from "~/components/ui/icons";
import { Photo } from "~/components/ui/photo";
import { Table, THead, TBody, TR, TH, TD } from "~/components/ui/table";

// The catalogue's products: a table from 768 px up, stacked cards on a phone
// (a seven-column table cannot fit 360 px without scrolling sideways).

export type CatalogProduct = ProductDto;

/** A row shows at most two category badges, then '+N'. */
const CATEGORY_BADGES = 2;

interface ProductTableProps {
  products: CatalogProduct[];
  locale: LanguageCode;
  onEdit: (product: CatalogProduct) => void;
  onDelete: (product: CatalogProduct) => void;
}

function Thumbnail({ product }: { product: CatalogProduct }) {
  const image = product.images[0];
  return image ? (
    <Photo
      src={image}
      sizes="40px"
      className="h-10 w-10 flex-none rounded-lg bg-gray-100 object-cover dark:bg-gray-800"
    />
  ) : (
    <span className="inline-flex h-10 w-10 flex-none items-center justify-center rounded-lg bg-gray-100 text-gray-400 dark:bg-gray-800 dark:text-gray-500">
      <Icon name="image" />
    </span>
  );
}

function CategoryBadges({ categories }: { categories: string[] }) {
  const { t } = useTranslation();
  const hidden = categories.slice(CATEGORY_BADGES);
  return (
    <div className="flex flex-wrap gap-1">
      {categories.slice(0, CATEGORY_BADGES).map((category) => (
        <span
          key={category}
          className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200"
        >
          {t(categoryKey(category))}
        </span>
      ))}
      {hidden.length > 0 ? (
        <span
          className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-300"
          title={hidden.map((category) => t(categoryKey(category))).join(", ")}
        >
          +{hidden.length}
        </span>
      ) : null}
    </div>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2 py-0.5 text-xs font-semibold",
        active
          ? "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300"
          : "bg-gray-200 text-gray-700 dark:bg-gray-800 dark:text-gray-300",
      )}
    >
      {active ? t("catalog.active") : t("catalog.inactive")}
    </span>
  );
}

/** Edit and delete, named by the product's name for screen readers (aria-describedby). */
function RowActions({
  product,
  nameId,
  onEdit,
  onDelete,
}: { product: CatalogProduct; nameId: string } & Pick<ProductTableProps, "onEdit" | "onDelete">) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-none items-center justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("catalog.edit")}
        aria-describedby={nameId}
        onClick={() => onEdit(product)}
      >
        <Icon name="pencil" className="h-4 w-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("catalog.delete")}
        aria-describedby={nameId}
        onClick={() => onDelete(product)}
        className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
      >
        <Icon name="trash" className="h-4 w-4" />
      </Button>
    </div>
  );
}

export function ProductTable({ products, locale, onEdit, onDelete }: ProductTableProps) {
  const { t } = useTranslation();
  const unit = (product: CatalogProduct) => (product.unit ? t(`units.${product.unit}`) : "-");

  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        {/* Fixed columns, so a long name or description wraps or truncates instead of widening the table. */}
        <Table className="min-w-[42rem] table-fixed">
          <colgroup>
            <col />
            <col className="w-[10.5rem]" />
            <col className="w-20" />
            <col className="w-24" />
            <col className="w-28" />
            <col className="w-[6.5rem]" />
          </colgroup>
          <THead className="border-b border-gray-200 text-xs uppercase tracking-wide text-gray-500 dark:border-gray-800 dark:text-gray-400">
            <TR>
              <TH className="py-3 font-semibold">{t("catalog.colProduct")}</TH>
              <TH className="px-3 py-3 font-semibold">{t("catalog.colCategories")}</TH>
              <TH className="px-3 py-3 font-semibold">{t("catalog.colUnit")}</TH>
              <TH className="px-3 py-3 font-semibold">{t("catalog.colStatus")}</TH>
              <TH className="px-3 py-3 font-semibold">{t("catalog.colCreated")}</TH>
              <TH className="py-3 pl-3 text-right font-semibold">{t("catalog.colActions")}</TH>
            </TR>
          </THead>
          <TBody className="divide-y divide-gray-100 dark:divide-gray-800">
            {products.map((product) => (
              <TR key={product.id} className="align-middle">
                <TD className="py-3">
                  <div className="flex items-center gap-3">
                    <Thumbnail product={product} />
                    <div className="min-w-0 flex-1">
                      <p
                        id={`catalog-row-${product.id}-name`}
                        className="break-words font-medium text-gray-900 dark:text-gray-100"
                      >
                        {product.name}
                      </p>
                      {product.description ? (
                        <p
                          data-clamped=""
                          className="truncate text-gray-500 dark:text-gray-400"
                          title={product.description}
                        >
                          {product.description}
                        </p>
                      ) : null}
                    </div>
                  </div>
                </TD>
                <TD className="px-3 py-3">
                  <CategoryBadges categories={product.categories} />
                </TD>
                <TD className="px-3 py-3">{unit(product)}</TD>
                <TD className="px-3 py-3">
                  <StatusBadge active={product.isActive} />
                </TD>
                <TD className="whitespace-nowrap px-3 py-3 text-gray-600 dark:text-gray-400">
                  {formatDate(product.createdAt, locale)}
                </TD>
                <TD className="py-3 pl-3">
                  <RowActions
                    product={product}
                    nameId={`catalog-row-${product.id}-name`}
                    onEdit={onEdit}
                    onDelete={onDelete}
                  />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden">
        {products.map((product) => (
          <li
            key={product.id}
            className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3 dark:border-gray-800"
          >
            <div className="flex items-start gap-3">
              <Thumbnail product={product} />
              <div className="min-w-0 flex-1">
                <p
                  id={`catalog-card-${product.id}-name`}
                  className="break-words font-medium text-gray-900 dark:text-gray-100"
                >
                  {product.name}
                </p>
                {product.description ? (
                  <p data-clamped="" className="truncate text-sm text-gray-500 dark:text-gray-400">
                    {product.description}
                  </p>
                ) : null}
              </div>
            </div>
            <CategoryBadges categories={product.categories} />
            <div className="flex items-end justify-between gap-3">
              <dl className="flex min-w-0 flex-wrap gap-x-5 gap-y-2 text-sm">
                <div>
                  <dt className="text-xs text-gray-500 dark:text-gray-400">{t("catalog.colUnit")}</dt>
                  <dd>{unit(product)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-gray-500 dark:text-gray-400">{t("catalog.colStatus")}</dt>
                  <dd>
                    <StatusBadge active={product.isActive} />
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-gray-500 dark:text-gray-400">{t("catalog.colCreated")}</dt>
                  <dd className="whitespace-nowrap">{formatDate(product.createdAt, locale)}</dd>
                </div>
              </dl>
              <RowActions
                product={product}
                nameId={`catalog-card-${product.id}-name`}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
