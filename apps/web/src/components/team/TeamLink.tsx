import { ROUTES } from "@draftroom/contracts";
import { Link } from "react-router";
import { cn } from "@/lib/cn.ts";

/**
 * A team's name, linking to its scouting report when the team is a saved one (it has an id);
 * `seriesId` opens the report with that series' fearless section. The whole name is in its title:
 * cards and narrow screens cut long names ("Anyone's Le…").
 */
export function TeamLink({
  id,
  name,
  seriesId,
  className,
}: {
  id: number | null | undefined;
  name: string;
  seriesId?: string | undefined;
  className?: string;
}) {
  if (id === null || id === undefined)
    return (
      <span className={className} title={name}>
        {name}
      </span>
    );
  return (
    <Link
      to={ROUTES.scoutingTeam(id, seriesId)}
      title={name}
      // Underlined at rest: a link inside a sentence or title must not rely on colour alone.
      className={cn(
        "rounded-sm underline decoration-dotted decoration-1 underline-offset-2 hover:text-primary hover:decoration-solid",
        className,
      )}
    >
      {name}
    </Link>
  );
}
