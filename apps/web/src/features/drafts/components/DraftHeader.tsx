import { ROUTES } from "@draftroom/contracts";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/Button.tsx";

export interface DraftHeaderProps {
  title: string;
  leagueName?: string | null;
  /** Back to the sessions list (signed-in pages only). */
  backLink?: boolean;
  /** Small line items after the league (auto-advance, connection). */
  meta?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
  /** Above the title (e.g. a "Public view" badge). */
  eyebrow?: ReactNode;
}

/** The title row of every draft screen: back link, title, league and meta, actions (the phase is on the board). */
export function DraftHeader({ title, leagueName, backLink, meta, actions, eyebrow }: DraftHeaderProps) {
  const { t } = useTranslation("drafts");
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {backLink && (
        <Link
          to={ROUTES.dashboard}
          className={buttonClasses("ghost", "icon")}
          aria-label={t("page.backToSessions")}
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
      )}
      <div className="min-w-0 flex-1 basis-48">
        {eyebrow}
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h1 title={title} className="min-w-0 truncate text-xl font-bold tracking-tight text-fg">
            {title}
          </h1>
          <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-muted">
            {leagueName && <span>{leagueName}</span>}
            {meta}
          </div>
        </div>
      </div>
      {actions && (
        <div className="flex w-full flex-wrap items-center justify-end gap-1 sm:w-auto">{actions}</div>
      )}
    </header>
  );
}
