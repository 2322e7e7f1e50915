import type { ScrimOfDraft } from "@draftroom/contracts";
import { Swords } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { scrimPath } from "@/lib/scrim-of-draft.ts";

/**
 * In a scrim game's draft header: "Scrim game 2", linking back to the scrim's page. The draft's
 * own title already names the scrim (its games are titled "<scrim> · Game 2"); the link's tooltip
 * names it too, for a draft renamed since.
 */
export function ScrimGameLink({ game }: { game: NonNullable<ScrimOfDraft["game"]> }) {
  const { t } = useTranslation("drafts");
  return (
    <Link
      to={scrimPath(game)}
      title={game.title}
      className="inline-flex min-w-0 items-center gap-1 rounded-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
      data-testid="scrim-game-link"
    >
      <Swords className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{t("page.scrimGame", { number: game.number })}</span>
    </Link>
  );
}
