import { type DraftPlanFile, ROUTES } from "@draftroom/contracts";
import { useQuery } from "@tanstack/react-query";
import { ClipboardList, FileUp, Plus, SearchX } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Field } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { isNotFound } from "@/lib/api.ts";
import { workspacesQuery } from "@/lib/collab-api.ts";
import { useCurrentWorkspace } from "@/lib/current-workspace.ts";
import { planListSpace, useDraftPlans } from "@/lib/draft-plan-list.ts";
import { errorMessage } from "@/lib/errors.ts";
import { loadSchemas, type Schemas } from "@/lib/schemas.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import { useChampionList, useDraftPlanMutations } from "./api/draft-plans.ts";
import { FearlessBudgetPanel } from "./components/FearlessBudgetPanel.tsx";

/**
 * `/app/draft-plans`: a workspace's plans (or the caller's personal ones), new plan, import. It
 * opens on the header's current workspace; `?workspace=<id>` (empty: personal) picks another, so
 * the workspace page links straight to its plans.
 */
export default function DraftPlansPage() {
  const { t, i18n } = useTranslation("draftPlans");
  const navigate = useNavigate();
  const workspaces = useQuery(workspacesQuery);
  const current = useCurrentWorkspace();
  const [search, setSearch] = useSearchParams();
  const workspaceId = planListSpace(search, current);
  const setWorkspaceId = (id: string | null) => setSearch({ workspace: id ?? "" }, { replace: true });
  const workspace = workspaces.data?.find((candidate) => candidate.id === workspaceId) ?? null;
  // Personal plans are the caller's own; a workspace's need `edit_plans` there (decision 048).
  const mayCreate = workspaceId === null || mayIn(workspace, "edit_plans");
  const plans = useDraftPlans(workspaceId);
  const champions = useChampionList();
  const { create, importFile } = useDraftPlanMutations();
  const fileInput = useRef<HTMLInputElement>(null);

  const createPlan = () =>
    create.mutate(
      { workspace_id: workspaceId, content: { name: t("newName") } },
      {
        onSuccess: (plan) => navigate(ROUTES.draftPlan(plan.id)),
        onError: (error) => toast.error(errorMessage(error, t("createFailed"))),
      },
    );

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    let schemas: Schemas;
    try {
      schemas = await loadSchemas();
    } catch (error) {
      toast.error(errorMessage(error, t("importFailed")));
      return;
    }
    let parsed: DraftPlanFile;
    try {
      parsed = schemas.draftPlanFileSchema.parse(JSON.parse(await file.text()));
    } catch {
      toast.error(t("importFailed"));
      return;
    }
    importFile.mutate(
      { workspace_id: workspaceId, file: parsed },
      {
        onSuccess: (plan) => {
          toast.success(t("imported"));
          navigate(ROUTES.draftPlan(plan.id));
        },
        onError: (error) => toast.error(errorMessage(error, t("importFailed"))),
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-extrabold text-3xl text-fg tracking-tight">{t("title")}</h1>
          <p className="mt-1 max-w-2xl text-muted">{t("subtitle")}</p>
        </div>
        {mayCreate && (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => fileInput.current?.click()}>
              <FileUp aria-hidden="true" className="size-4" /> {t("import")}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => {
                void onFile(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
            <Button type="button" onClick={createPlan} disabled={create.isPending}>
              <Plus aria-hidden="true" className="size-4" /> {t("create")}
            </Button>
          </div>
        )}
      </header>

      <Field label={t("owner")} className="mt-6 max-w-sm">
        {(p) => (
          <NativeSelect
            {...p}
            value={workspaceId ?? ""}
            onChange={(e) => setWorkspaceId(e.target.value || null)}
          >
            <option value="">{t("personal")}</option>
            {/* The link's workspace, when it is none of the member's: the select says what the page shows. */}
            {workspaceId !== null && workspaces.isSuccess && !workspace && (
              <option value={workspaceId} disabled>
                {t("unknownSpace")}
              </option>
            )}
            {(workspaces.data ?? []).map((w) => (
              <option key={w.id} value={w.id}>
                {w.name} ({w.tag})
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <AccessNote workspace={workspace} capability="edit_plans" className="mt-3" />

      {plans.isPending ? (
        <div role="status" className="mt-6 flex flex-col gap-3">
          <span className="sr-only">{t("loading")}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className="h-16 animate-pulse rounded-2xl bg-surface-3" />
          ))}
        </div>
      ) : isNotFound(plans.error) ? (
        <EmptyState
          className="mt-6"
          icon={<SearchX />}
          title={t("spaceNotFound")}
          message={t("spaceNotFoundText")}
          action={
            <Button type="button" variant="outline" onClick={() => setWorkspaceId(null)}>
              {t("showPersonal")}
            </Button>
          }
        />
      ) : plans.isError ? (
        <ErrorState
          className="mt-6"
          title={t("error")}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : plans.data.length === 0 ? (
        <EmptyState
          className="mt-6"
          icon={<ClipboardList />}
          title={t("empty")}
          message={mayCreate ? t("emptyText") : t("emptyTextReadOnly")}
          action={
            mayCreate ? (
              <Button type="button" onClick={createPlan} disabled={create.isPending}>
                <Plus aria-hidden="true" className="size-4" /> {t("create")}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <Link
                to={ROUTES.draftPlan(plan.id)}
                className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-border bg-surface p-4 shadow-card hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
              >
                <span className="flex flex-col">
                  <span className="font-semibold text-fg">{plan.name}</span>
                  <span className="text-muted text-sm">
                    {[plan.opponent_team, t(`sideValue.${plan.side}`)].filter(Boolean).join(" · ")}
                  </span>
                </span>
                <span className="flex items-center gap-2 text-muted text-sm">
                  {!plan.can_edit && <Badge>{t("readOnly")}</Badge>}
                  <span>{t("version", { version: plan.version })}</span>
                  <span>
                    {t("updated", { date: new Date(plan.updated_at).toLocaleDateString(i18n.language) })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {plans.data && plans.data.length > 0 && champions.data && (
        <FearlessBudgetPanel plans={plans.data} champions={champions.data} />
      )}
    </div>
  );
}
