import type { ScrimOfDraft } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import { ScrimLink } from "@/components/scrims/ScrimLink.tsx";

/**
 * A draft's or a live room's link back to its scrim game, in the header's meta line: "Scrim game 2"
 * or "Official match game 2". The draft's own title already names the scrim ("<scrim> · Game 2"),
 * so the game's number is enough; the link's tooltip names the scrim for a renamed draft.
 */
export function ScrimGameLink({ game, testId }: { game: NonNullable<ScrimOfDraft["game"]>; testId: string }) {
  const { t } = useTranslation("drafts");
  return (
    <ScrimLink
      game={game}
      label={t(game.kind === "official" ? "page.officialGame" : "page.scrimGame", { number: game.number })}
      inline
      testId={testId}
    />
  );
}
