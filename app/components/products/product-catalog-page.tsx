import { useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CatalogFilters } from "~/components/products/catalog-filters";
import { Icon } from "~/components/ui/icons";
import { ProductDialog, type CatalogReply } from "~/components/products/product-dialog";
import { ProductTable, type CatalogProduct } from "~/components/products/product-table";
import { PageHeader } from "~/components/shell/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast-store";
import { useFetcherAnswer } from "~/lib/use-fetcher-answer";
import { isFilteringHere } from "~/lib/use-url-search";
import { replySucceeded } from "~/lib/page-reply";
import type { LanguageCode } from "~/lib/i18n";

// Product Catalog: administrators keep the global product list that listings link to (search,
// filters, add, edit, delete); everyone else sees the access-denied alert.

export type ProductCatalogPageProps =
  { isAdmin: false } | { isAdmin: true; products: CatalogProduct[]; total: number; locale: LanguageCode };

function StatusLine({ children }: { children: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
      <span
        className="h-4 w-4 flex-none animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
        aria-hidden="true"
      />
      {children}
    </p>
  );
}

export function ProductCatalogPage(loaderData: ProductCatalogPageProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const pendingHere = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  // A changed filter only reloads the products (dimmed under 'Loading products...');
  // coming to this address again runs the permission check again.
  const loading = loaderData.isAdmin && isFilteringHere(location, navigation);
  const checking = pendingHere && !loading;

  // Each opening of the product dialog gets its own fetcher (see ProductDialog).
  const [dialog, setDialog] = useState<{ product: CatalogProduct | null; opening: number } | null>(null);
  const openings = useRef(0);
  const openDialog = (product: CatalogProduct | null) => setDialog({ product, opening: ++openings.current });
  const onDialogChange = useCallback((open: boolean) => {
    if (!open) setDialog(null);
  }, []);

  const [deleting, setDeleting] = useState<CatalogProduct | null>(null);
  const deleteFetcher = useFetcher<CatalogReply>();
  useFetcherAnswer(deleteFetcher, (answer) => {
    setDeleting(null);
    if (replySucceeded(answer)) {
      const deactivated = answer.data && "deactivated" in answer.data && answer.data.deactivated;
      toast({ title: deactivated ? t("catalog.deactivated") : t("catalog.deleted") });
    } else {
      toast({ title: answer.refusal?.message ?? t("errors.unexpected"), variant: "destructive" });
    }
  });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader title={t("catalog.title")} subtitle={t("catalog.subtitle")}>
        {loaderData.isAdmin && !checking ? (
          <Button onClick={() => openDialog(null)} className="self-start sm:self-auto">
            <Icon name="plus" className="h-4 w-4" />
            {t("catalog.add")}
          </Button>
        ) : null}
      </PageHeader>

      {checking ? (
        <StatusLine>{t("catalog.checking")}</StatusLine>
      ) : !loaderData.isAdmin ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {t("catalog.denied")}
        </div>
      ) : (
        <>
          <CatalogFilters />
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-x-4 gap-y-2 p-4 pb-3 sm:p-5 sm:pb-3">
              <CardTitle>{t("catalog.tableTitle", { count: loaderData.total })}</CardTitle>
              {loading ? <StatusLine>{t("catalog.loading")}</StatusLine> : null}
            </CardHeader>
            <CardContent
              aria-busy={loading}
              className={cn("p-3 pt-0 transition-opacity sm:p-5 sm:pt-0", loading && "pointer-events-none opacity-50")}
            >
              {loaderData.products.length === 0 ? (
                <p className="py-10 text-center text-gray-600 dark:text-gray-400">{t("catalog.empty")}</p>
              ) : (
                <ProductTable
                  products={loaderData.products}
                  locale={loaderData.locale}
                  onEdit={openDialog}
                  onDelete={setDeleting}
                />
              )}
            </CardContent>
          </Card>

          <ProductDialog
            open={dialog !== null}
            onOpenChange={onDialogChange}
            product={dialog?.product ?? null}
            fetcherKey={`catalog-product-${dialog?.opening ?? 0}`}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && deleteFetcher.state === "idle" && setDeleting(null)}
            title={t("catalog.confirmTitle")}
            text={t("catalog.confirmText")}
            confirmLabel={t("catalog.deleteButton")}
            pendingLabel={t("catalog.deleting")}
            pending={deleteFetcher.state !== "idle"}
            onConfirm={() =>
              deleting && deleteFetcher.submit({ intent: "delete", id: deleting.id }, { method: "post" })
            }
          />
        </>
      )}
    </div>
  );
}
