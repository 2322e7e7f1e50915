import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn.ts";

function pageWindow(page: number, total: number): (number | "gap")[] {
  if (total <= 7) return Array.from({ length: total }, (_, index) => index + 1);
  const pages = new Set([1, total, page - 1, page, page + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const [index, p] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && p - previous > 1) out.push("gap");
    out.push(p);
  }
  return out;
}

/** Page buttons; renders nothing with a single page. `page` is 1-based. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  className,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const item =
    "grid h-9 min-w-9 place-items-center rounded-lg px-2 text-sm font-medium transition-colors disabled:opacity-40 disabled:cursor-not-allowed";
  return (
    <nav aria-label={t("ui.pagination")} className={cn("flex items-center justify-center gap-1", className)}>
      <button
        type="button"
        className={cn(item, "text-muted hover:bg-surface-2 hover:text-fg")}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label={t("ui.previousPage")}
      >
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      {pageWindow(page, pageCount).map((p, index, all) =>
        p === "gap" ? (
          <span key={`gap-after-${all[index - 1]}`} className="px-1 text-subtle" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            onClick={() => onPageChange(p)}
            aria-current={p === page ? "page" : undefined}
            aria-label={t("ui.goToPage", { page: p })}
            className={cn(
              item,
              p === page
                ? "bg-primary text-primary-fg shadow-sm"
                : "text-muted hover:bg-surface-2 hover:text-fg",
            )}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className={cn(item, "text-muted hover:bg-surface-2 hover:text-fg")}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount}
        aria-label={t("ui.nextPage")}
      >
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}
