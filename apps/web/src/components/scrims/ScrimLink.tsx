import type { ScrimOfDraft } from "@draftroom/contracts";
import { Swords } from "lucide-react";
import { Link } from "react-router";
import { cn } from "@/lib/cn.ts";
import { partsOfScrimGame, useScrimName } from "@/lib/scrim-name.ts";
import { scrimPath } from "@/lib/scrim-of-draft.ts";

/**
 * A link back to the scrim a draft or a series was played for, named by `label`; its tooltip
 * names the scrim. `inline` sits in a line of small meta text (a draft's header); otherwise it
 * stands on its own line at the body's size (a series page).
 */
export function ScrimLink({
  game,
  label,
  inline = false,
  testId,
}: {
  game: NonNullable<ScrimOfDraft["game"]>;
  label: string;
  inline?: boolean;
  testId: string;
}) {
  const nameOf = useScrimName();
  return (
    <Link
      to={scrimPath(game)}
      title={nameOf(partsOfScrimGame(game))}
      className={cn(
        "inline-flex min-w-0 items-center rounded-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary",
        inline ? "gap-1" : "gap-1.5 text-sm",
      )}
      data-testid={testId}
    >
      <Swords className={cn("shrink-0", inline ? "size-3.5" : "size-4")} aria-hidden />
      <span className="truncate">{label}</span>
    </Link>
  );
}
