import { DEFAULT_WORKSPACE_COLOUR, ROUTES } from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, UsersRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { EmptyState } from "@/components/ui/EmptyState.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { isApiRequestError } from "@/lib/api.ts";
import { errorMessage, fieldErrors } from "@/lib/errors.ts";
import { workspaceKeys, workspacesApi } from "./api.ts";
import { PlanAllowance, useWorkspaceAllowance } from "./PlanAllowance.tsx";
import { WorkspaceMark } from "./WorkspaceMark.tsx";
import "./i18n-workspaces.d.ts";

/** `/app/workspaces`: the caller's team workspaces and the form that creates one. */
export default function WorkspacesPage() {
  const { t } = useTranslation("workspaces");
  const query = useQuery({ queryKey: workspaceKeys.list(), queryFn: workspacesApi.list });
  const [creating, setCreating] = useState(false);
  // What the plan allows is shown before the form: with no workspace left, no form is offered.
  const allowance = useWorkspaceAllowance(query.data);
  const blocked = allowance !== null && allowance.left === 0;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-3 py-4 sm:px-5 lg:py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-fg">{t("list.title")}</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">{t("list.subtitle")}</p>
        </div>
        {!blocked && (
          <Button onClick={() => setCreating(true)} leftIcon={<Plus className="size-4" aria-hidden />}>
            {t("list.create")}
          </Button>
        )}
      </header>
      {allowance && <PlanAllowance allowance={allowance} />}
      {creating && !blocked && <CreateWorkspaceForm onDone={() => setCreating(false)} />}
      {query.isPending ? (
        <div role="status" className="grid min-h-[30dvh] place-items-center text-muted">
          <Spinner size="lg" />
          <span className="sr-only">{t("list.loading")}</span>
        </div>
      ) : query.isError ? (
        <ErrorState
          title={t("list.errorTitle")}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyState icon={<UsersRound aria-hidden />} title={t("list.empty")} message={t("list.emptyText")} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {query.data.map((workspace) => (
            <li key={workspace.id}>
              <Link
                to={`/app/workspaces/${workspace.id}`}
                className="flex h-full items-center gap-3 rounded-2xl border border-border bg-surface p-4 shadow-card transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
              >
                <WorkspaceMark tag={workspace.tag} colour={workspace.colour} size="sm" />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="truncate text-base font-bold text-fg">{workspace.name}</span>
                  <span className="flex flex-wrap gap-1.5 text-xs">
                    <Badge tone="primary">{t(`roles.${workspace.role}`)}</Badge>
                    {workspace.read_only && <Badge tone="warning">{t("readOnly")}</Badge>}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CreateWorkspaceForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("workspaces");
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [tag, setTag] = useState("");
  const [colour, setColour] = useState(DEFAULT_WORKSPACE_COLOUR);
  const create = useMutation({
    mutationFn: () => workspacesApi.create({ name, tag, colour }),
    onSuccess: async (workspace) => {
      await client.invalidateQueries({ queryKey: workspaceKeys.all });
      onDone();
      void navigate(`/app/workspaces/${workspace.id}`);
    },
  });
  const fields = create.error ? fieldErrors(create.error) : {};
  const limit = isApiRequestError(create.error) && create.error.code === "workspace_limit";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t("create.title")}
      className="grid gap-3 rounded-2xl border border-border bg-surface p-4 sm:grid-cols-[1fr_8rem_6rem_auto] sm:items-end"
    >
      <Field label={t("create.name")} error={fields.name} required>
        {(control) => (
          <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
        )}
      </Field>
      <Field label={t("create.tag")} error={fields.tag} required>
        {(control) => (
          <Input {...control} value={tag} onChange={(e) => setTag(e.target.value)} maxLength={6} />
        )}
      </Field>
      <Field label={t("create.colour")} error={fields.colour}>
        {(control) => (
          <Input
            {...control}
            type="color"
            value={colour}
            onChange={(e) => setColour(e.target.value)}
            className="h-10 p-1"
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" loading={create.isPending}>
          {t("create.submit")}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t("cancel")}
        </Button>
      </div>
      {create.isError && Object.keys(fields).length === 0 && (
        <p role="alert" className="text-sm text-danger sm:col-span-4">
          {errorMessage(create.error)}{" "}
          {limit && (
            <Link className="font-semibold underline" to={ROUTES.subscriptions}>
              {t("seePlans")}
            </Link>
          )}
        </p>
      )}
    </form>
  );
}
