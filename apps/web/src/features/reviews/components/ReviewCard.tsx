import { type Review, ROUTES } from "@draftroom/contracts";
import { Shield, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dateTimeFormat } from "@/lib/format.ts";
import { personLabel } from "@/lib/person.ts";
import { PlayerStatusBadge, ReviewStatusBadge } from "./StatusBadge.tsx";

export function ReviewCard({ review }: { review: Review }) {
  const { t, i18n } = useTranslation("reviews");
  const updated = dateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(review.updated_at));
  const shown = review.players.slice(0, 3);
  return (
    <li className="group relative flex flex-col rounded-2xl border border-border bg-surface p-5 shadow-card transition hover:-translate-y-0.5 hover:border-primary/50 hover:shadow-pop">
      <div className="flex items-start justify-between gap-3">
        <ReviewStatusBadge status={review.status} />
        <span className="text-xs text-muted">{review.season}</span>
      </div>
      <h3 className="mt-3 line-clamp-2 text-base font-semibold text-fg">
        <Link
          to={ROUTES.rosterReview(review.id)}
          className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring group-focus-within:underline"
        >
          {review.title}
        </Link>
      </h3>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
        <Shield aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="truncate">
          {review.team.name} · {review.league.name}
        </span>
      </p>
      <p className="mt-3 line-clamp-3 flex-1 text-sm leading-relaxed text-muted">{review.description}</p>
      {review.players.length > 0 && (
        <div className="mt-4 flex flex-wrap items-center gap-1.5">
          <span className="mr-1 inline-flex items-center gap-1 text-xs text-muted">
            <Users aria-hidden="true" className="size-3.5" />
            {t("list.players", { count: review.players.length })}
          </span>
          {shown.map((player, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: players have no id
              key={index}
              className="inline-flex items-center gap-1 text-xs text-fg"
            >
              <span className="max-w-24 truncate font-medium">{player.name}</span>
              <PlayerStatusBadge status={player.status} className="px-1.5 py-0 text-[11px]" />
            </span>
          ))}
        </div>
      )}
      <p className="mt-4 border-t border-border pt-3 text-xs text-muted">
        {t("list.by", { author: personLabel(review.author) })} · {t("list.updated", { date: updated })}
      </p>
    </li>
  );
}
