import { ROUTES } from "@draftroom/contracts";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { useCurrentWorkspace } from "@/lib/current-workspace.ts";
import { useCurrentWorkspaceAccess } from "@/lib/item-access.ts";
import { useCreateReview } from "./api/reviews.ts";
import { ReviewForm } from "./components/ReviewForm.tsx";
import { emptyValues } from "./form.ts";

export default function ReviewCreatePage() {
  const { t } = useTranslation("reviews");
  const navigate = useNavigate();
  // Written in the header's current workspace, like a new session or series.
  const workspaceId = useCurrentWorkspace();
  const here = useCurrentWorkspaceAccess();
  const workspace = here.workspace;
  const create = useCreateReview(workspaceId);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:py-10">
      <Link
        to={ROUTES.rosterReviews}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted transition hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("detail.back")}
      </Link>
      <header className="mt-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-fg">{t("form.createTitle")}</h1>
        <p className="mt-1 text-muted">{t("form.createSubtitle")}</p>
        {workspace && here.may("edit_practice") && (
          <p className="mt-2 text-sm font-medium text-fg" data-testid="review-workspace-note">
            {t("workspace.createNote", { name: workspace.name })}
          </p>
        )}
      </header>
      {/* The form is offered only where the review can be saved (decision 048). */}
      <AccessNote workspace={workspace} capability="edit_practice" className="mt-6" />
      {here.may("edit_practice") && (
        <div className="mt-8 rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-7">
          <ReviewForm
            mode="create"
            initial={emptyValues()}
            submitting={create.isPending}
            onSubmit={async (body) => {
              const review = await create.mutateAsync(body);
              navigate(ROUTES.rosterReview(review.id));
            }}
            onCancel={() => navigate(ROUTES.rosterReviews)}
          />
        </div>
      )}
    </div>
  );
}
