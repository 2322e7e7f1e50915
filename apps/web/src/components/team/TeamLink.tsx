import { ROUTES } from "@draftroom/contracts";
import { Link } from "react-router";
import { cn } from "@/lib/cn.ts";

/**
 * A team's name, linking to its scouting report when the team is a saved one (it has an id);
 * `seriesId` opens the report with that series' fearless section.
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
  if (id === null || id === undefined) return <span className={className}>{name}</span>;
  return (
    <Link
      to={ROUTES.scoutingTeam(id, seriesId)}
      className={cn("rounded-sm underline-offset-2 hover:text-primary hover:underline", className)}
    >
      {name}
    </Link>
  );
}
