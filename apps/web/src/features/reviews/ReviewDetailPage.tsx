import { ROUTES } from "@draftroom/contracts";
import { ArrowLeft, CalendarDays, Pencil, Shield, Trash2, Trophy, User, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "@/components/ui/Button.tsx";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { MoveToWorkspace } from "@/components/workspace/MoveToWorkspace.tsx";
import { isNotFound } from "@/lib/api.ts";
import { dateTimeFormat } from "@/lib/format.ts";
import { useItemAccess } from "@/lib/item-access.ts";
import { personLabel } from "@/lib/person.ts";
import { isReviewId, useDeleteReview, useReview, useUpdateReview } from "./api/reviews.ts";
import { ReviewForm } from "./components/ReviewForm.tsx";
import { PlayerStatusBadge, ReviewStatusBadge } from "./components/StatusBadge.tsx";
import { valuesFromReview } from "./form.ts";

function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat(locale, { dateStyle: "medium" }).format(date);
}

export default function ReviewDetailPage() {
  const { t, i18n } = useTranslation("reviews");
  const params = useParams();
  const id = params.id ?? params.reviewId ?? "";
  const navigate = useNavigate();
  const query = useReview(id);
  // Why a workspace review cannot be changed by this member (a personal one is its author's).
  const access = useItemAccess("review", isReviewId(id) ? id : "");
  const update = useUpdateReview(id);
  const remove = useDeleteReview();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const back = (
    <Link
      to={ROUTES.rosterReviews}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted transition hover:text-fg"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t("detail.back")}
    </Link>
  );

  if (!isReviewId(id) || query.isError) {
    const notFound = !isReviewId(id) || isNotFound(query.error);
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:py-10">
        {back}
        <ErrorState
          className="mt-6"
          title={notFound ? t("detail.notFoundTitle") : t("detail.loadError")}
          message={notFound ? t("detail.notFound") : undefined}
          onRetry={notFound ? undefined : () => void query.refetch()}
          retryLabel={t("retry")}
        />
      </div>
    );
  }

  if (query.isPending) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:py-10" role="status" aria-live="polite">
        <span className="sr-only">{t("loading")}</span>
        <div aria-hidden="true" className="h-5 w-32 animate-pulse rounded bg-surface-3" />
        <div aria-hidden="true" className="mt-6 h-10 w-2/3 animate-pulse rounded-lg bg-surface-3" />
        <div aria-hidden="true" className="mt-6 h-64 animate-pulse rounded-2xl bg-surface-3" />
      </div>
    );
  }

  const review = query.data;
  const locale = i18n.language;

  if (editing) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:py-10">
        {back}
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-fg">{t("form.editTitle")}</h1>
        <div className="mt-8 rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-7">
          <ReviewForm
            mode="edit"
            initial={valuesFromReview(review)}
            submitting={update.isPending}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              setEditing(false);
              toast.success(t("detail.saved"));
            }}
            onCancel={() => setEditing(false)}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:py-10">
      {back}
      <article className="mt-4">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <ReviewStatusBadge status={review.status} />
              <span className="text-sm text-muted">
                {review.league.name} · {review.season}
              </span>
            </div>
            <h1 className="mt-2 break-words text-3xl font-extrabold tracking-tight text-fg">
              {review.title}
            </h1>
          </div>
          {review.can_edit && (
            <div className="flex shrink-0 gap-2">
              <Button
                variant="outline"
                leftIcon={<Pencil aria-hidden="true" className="size-4" />}
                onClick={() => setEditing(true)}
              >
                {t("detail.edit")}
              </Button>
              <Button
                variant="outline"
                className="text-[hsl(354_72%_42%)] dark:text-danger"
                leftIcon={<Trash2 aria-hidden="true" className="size-4" />}
                onClick={() => setConfirming(true)}
              >
                {t("detail.delete")}
              </Button>
            </div>
          )}
        </header>
        <div className="mt-4 flex flex-col gap-2">
          <MoveToWorkspace type="review" id={review.id} canEdit={review.can_edit} />
          {!review.can_edit && <AccessNote workspace={access.workspace} capability="edit_practice" />}
        </div>

        <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Meta icon={<Trophy className="size-4" />} label={t("detail.league")} value={review.league.name} />
          <Meta icon={<Shield className="size-4" />} label={t("detail.team")} value={review.team.name} />
          <Meta icon={<CalendarDays className="size-4" />} label={t("detail.season")} value={review.season} />
          <Meta
            icon={<User className="size-4" />}
            label={t("detail.author")}
            value={personLabel(review.author)}
          />
        </dl>

        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-6">
            <section
              aria-labelledby="review-summary"
              className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
            >
              <h2 id="review-summary" className="text-xs font-semibold uppercase tracking-wider text-muted">
                {t("detail.description")}
              </h2>
              <p className="mt-2 whitespace-pre-wrap text-base leading-relaxed text-fg">
                {review.description}
              </p>
              <h2 className="mt-6 text-xs font-semibold uppercase tracking-wider text-muted">
                {t("detail.review")}
              </h2>
              <div className="mt-2 whitespace-pre-wrap break-words text-sm leading-7 text-fg">
                {review.review_text}
              </div>
            </section>
            <p className="text-xs text-muted">
              {t("detail.created")} {formatDateTime(review.created_at, locale)}
              {review.updated_at !== review.created_at &&
                ` · ${t("detail.updated")} ${formatDateTime(review.updated_at, locale)}`}
            </p>
          </div>

          <section
            aria-labelledby="review-players"
            className="h-fit rounded-2xl border border-border bg-surface p-5 shadow-card"
          >
            <h2 id="review-players" className="flex items-center gap-2 text-base font-semibold text-fg">
              <Users aria-hidden="true" className="size-4 text-primary" />
              {t("detail.players")}
            </h2>
            {review.players.length === 0 ? (
              <p className="mt-3 text-sm text-muted">{t("detail.noPlayers")}</p>
            ) : (
              <ul className="mt-3 divide-y divide-border">
                {review.players.map((player, index) => (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: players have no id and may repeat names
                    key={index}
                    className="flex items-center justify-between gap-3 py-2.5"
                  >
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-fg">{player.name}</p>
                      <p className="text-xs text-muted">{t(`positions.${player.position}`)}</p>
                    </div>
                    <PlayerStatusBadge status={player.status} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </article>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("detail.deleteTitle")}
        message={t("detail.deleteBody", { title: review.title })}
        confirmLabel={t("detail.deleteConfirm")}
        cancelLabel={t("detail.cancel")}
        destructive
        loading={remove.isPending}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(review.id);
            setConfirming(false);
            navigate(ROUTES.rosterReviews, { replace: true });
          } catch {
            toast.error(t("detail.deleteFailed"));
          }
        }}
      />
    </div>
  );
}

function Meta({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-border bg-surface px-4 py-3">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted">
        <span aria-hidden="true">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1 truncate font-semibold text-fg">{value}</dd>
    </div>
  );
}
