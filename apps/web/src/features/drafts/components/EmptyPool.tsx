import { PackageOpen } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The champion pool is empty: title, explanation and what to do. */
export function EmptyPool() {
  const { t } = useTranslation("drafts");
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-16 text-center">
      <div className="mb-2 grid size-14 place-items-center rounded-2xl bg-warning-soft text-warning">
        <PackageOpen className="size-7" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold text-fg">{t("page.emptyPoolTitle")}</h2>
      <p className="max-w-md text-sm text-muted">{t("page.emptyPoolText")}</p>
      <p className="max-w-md text-sm text-muted">{t("page.emptyPoolContact")}</p>
    </div>
  );
}
