import {
  type Champion,
  type DraftPlan,
  type DraftPlanContentData,
  type DraftPlanIssueBody,
  POSITIONS,
  ROUTES,
} from "@draftroom/contracts";
import { type DraftPlanContent, validateDraftPlan } from "@draftroom/draft";
import {
  ArrowLeft,
  Copy,
  Download,
  FlaskConical,
  History,
  MoreHorizontal,
  Plus,
  Printer,
  Save,
  Trash2,
} from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PlanScrimsSection } from "@/components/scrims/PlanBranchScrims.tsx";
import { Button, buttonClasses } from "@/components/ui/Button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/DropdownMenu.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Field, Input, Textarea } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { Switch } from "@/components/ui/Switch.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { LastEdited } from "@/components/workspace/LastEdited.tsx";
import { isApiRequestError, isNotFound } from "@/lib/api.ts";
import { errorMessage } from "@/lib/errors.ts";
import { formatMoment } from "@/lib/format.ts";
import { useItemAccess } from "@/lib/item-access.ts";
import {
  downloadPlanSheet,
  exportDraftPlan,
  useChampionList,
  useDraftPlan,
  useDraftPlanMutations,
  useDraftPlanVersions,
} from "./api/draft-plans.ts";
import { AnalysisPanel } from "./components/AnalysisPanel.tsx";
import { BranchEditor, newBranchId } from "./components/BranchEditor.tsx";
import { ChampionPicker } from "./components/ChampionPicker.tsx";
import { IssueList } from "./components/IssueList.tsx";
import { OpponentField } from "./components/OpponentField.tsx";
import { PlanSheet } from "./components/PlanSheet.tsx";
import { ReorderList } from "./components/ReorderList.tsx";

/** `/app/draft-plans/:planId`: the plan editor, versions, drill and the printable sheet. */
export default function DraftPlanEditorPage() {
  const { planId = "" } = useParams();
  const { t } = useTranslation("draftPlans");
  const plan = useDraftPlan(planId);
  const champions = useChampionList();
  if (plan.isPending || champions.isPending) {
    return (
      <div role="status" className="mx-auto w-full max-w-5xl px-4 py-8">
        <span className="sr-only">{t("editor.loading")}</span>
        <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl bg-surface-3" />
      </div>
    );
  }
  if (isNotFound(plan.error)) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8">
        <ErrorState
          title={t("editor.notFound")}
          message={t("editor.notFoundText")}
          action={
            <Link to={ROUTES.draftPlans} className={buttonClasses("outline")}>
              {t("editor.back")}
            </Link>
          }
        />
      </div>
    );
  }
  if (plan.isError || champions.isError) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8">
        <ErrorState
          title={t("editor.error")}
          message={errorMessage(plan.error ?? champions.error)}
          onRetry={() => {
            void plan.refetch();
            void champions.refetch();
          }}
        />
      </div>
    );
  }
  return <Editor key={`${plan.data.id}-${plan.data.version}`} plan={plan.data} champions={champions.data} />;
}

function Editor({ plan, champions }: { plan: DraftPlan; champions: Champion[] }) {
  const { t, i18n } = useTranslation("draftPlans");
  const navigate = useNavigate();
  const [content, setContent] = useState<DraftPlanContentData>(plan.content);
  const [dirty, setDirty] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [showVersions, setShowVersions] = useState(false);
  const [sheet, setSheet] = useState(false);
  const { save, restore, duplicate, remove } = useDraftPlanMutations();
  const versions = useDraftPlanVersions(plan.id, showVersions);
  const readOnly = !plan.can_edit;
  // A copy lands in the plan's own space: it takes the same right there as an edit.
  const access = useItemAccess("plan", plan.id);
  const mayCopy = access.may("edit_plans");
  const first = champions[0]?.id ?? 1;
  const name = (id: number) => champions.find((c) => c.id === id)?.name ?? String(id);
  const update = (next: Partial<DraftPlanContentData>) => {
    setContent((c) => ({ ...c, ...next }));
    setDirty(true);
  };
  // Inline validation as the staff types: the same rules the server reports on save.
  const issues: DraftPlanIssueBody[] = useMemo(
    () => validateDraftPlan(content as unknown as DraftPlanContent).map((i) => ({ ...i })),
    [content],
  );
  const at = (prefix: string) => issues.filter((i) => i.path === prefix);
  const greyed = useMemo(
    () => new Set(content.series?.fearless ? content.series.used : []),
    [content.series],
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const onSave = () =>
    save.mutate(
      { id: plan.id, content, base_version: plan.version },
      {
        onSuccess: (saved) => toast.success(t("editor.saved", { version: saved.version })),
        onError: (error) => {
          if (isApiRequestError(error) && error.status === 409) setConflict(true);
          else toast.error(errorMessage(error, t("editor.saveFailed")));
        },
      },
    );

  const onExport = async () => {
    const file = await exportDraftPlan(plan.id);
    const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `${content.name.replace(/[^\p{L}\p{N}_-]+/gu, "-") || "draft-plan"}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  if (sheet) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-6">
        <div className="mb-4 flex flex-wrap gap-2 print:hidden">
          <Button type="button" variant="outline" onClick={() => setSheet(false)}>
            <ArrowLeft aria-hidden="true" className="size-4" /> {t("sheet.close")}
          </Button>
          <Button type="button" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" /> {t("sheet.printNow")}
          </Button>
        </div>
        <PlanSheet content={content} champions={champions} />
      </div>
    );
  }

  const hasNotes =
    content.win_condition.trim() !== "" || Object.values(content.position_notes).some((note) => note?.trim());
  const backTo = plan.workspace_id
    ? `${ROUTES.draftPlans}?workspace=${plan.workspace_id}`
    : ROUTES.draftPlans;
  const goToDrill = () => {
    const panel = document.getElementById("plan-analysis");
    panel?.scrollIntoView({ behavior: "smooth", block: "start" });
    panel?.focus({ preventScroll: true });
  };

  const setSeries = (next: Partial<NonNullable<DraftPlanContentData["series"]>> | null) =>
    update({
      series:
        next === null
          ? null
          : {
              fearless: true,
              game: 1,
              best_of: 3,
              used: [],
              first_selection: null,
              ...content.series,
              ...next,
            },
    });

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6">
      <Link to={backTo} className="flex w-fit items-center gap-1 text-primary text-sm hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> {t("editor.back")}
      </Link>
      {/* Save, drill and print at the top: the editor's work is reachable without scrolling. The
          rarer actions sit in one "More" menu so a phone keeps its first screen for the plan. */}
      <div className="-mt-3 flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h1 className="break-words font-extrabold text-2xl text-fg tracking-tight">
            {content.name || t("newName")}
          </h1>
          <LastEdited type="plan" id={plan.id} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!readOnly && (
            <>
              {dirty && <span className="text-muted text-sm">{t("editor.unsaved")}</span>}
              <Button
                type="button"
                size="sm"
                onClick={onSave}
                disabled={save.isPending || !content.name.trim()}
              >
                <Save aria-hidden="true" className="size-4" />{" "}
                {save.isPending ? t("editor.saving") : t("editor.save")}
              </Button>
            </>
          )}
          <Button type="button" variant="outline" size="sm" onClick={goToDrill}>
            <FlaskConical aria-hidden="true" className="size-4" /> {t("editor.drill")}
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setSheet(true)}>
            <Printer aria-hidden="true" className="size-4" /> {t("editor.print")}
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button type="button" variant="outline" size="sm" aria-label={t("editor.more")}>
                <MoreHorizontal aria-hidden="true" className="size-4" />
                <span className="max-sm:sr-only">{t("editor.more")}</span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem
                onSelect={() =>
                  void downloadPlanSheet(plan.id, i18n.language === "es" ? "es" : "en", content.name).catch(
                    (error) => toast.error(errorMessage(error, t("editor.saveFailed"))),
                  )
                }
              >
                <Download aria-hidden="true" /> {t("editor.sheetPng")}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void onExport()}>
                <Download aria-hidden="true" /> {t("editor.export")}
              </DropdownMenuItem>
              {mayCopy && (
                <DropdownMenuItem
                  disabled={duplicate.isPending}
                  onSelect={() =>
                    duplicate.mutate(
                      { id: plan.id, name: t("editor.copyName", { name: content.name }) },
                      {
                        onSuccess: (copy) => {
                          toast.success(t("editor.duplicated"));
                          navigate(ROUTES.draftPlan(copy.id));
                        },
                        onError: (error) => toast.error(errorMessage(error)),
                      },
                    )
                  }
                >
                  <Copy aria-hidden="true" /> {t("editor.duplicate")}
                </DropdownMenuItem>
              )}
              <DropdownMenuItem onSelect={() => setShowVersions((v) => !v)}>
                <History aria-hidden="true" />{" "}
                {showVersions ? t("editor.hideVersions") : t("editor.versions")}
              </DropdownMenuItem>
              {!readOnly && (
                <DropdownMenuItem
                  className="text-danger"
                  onSelect={() => {
                    if (!window.confirm(t("editor.deleteConfirm"))) return;
                    remove.mutate(plan.id, {
                      onSuccess: () => {
                        toast.success(t("editor.deleted"));
                        navigate(ROUTES.draftPlans);
                      },
                      onError: (error) => toast.error(errorMessage(error)),
                    });
                  }}
                >
                  <Trash2 aria-hidden="true" /> {t("editor.delete")}
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      {readOnly && <AccessNote workspace={access.workspace} capability="edit_plans" />}

      {conflict && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-xl border border-danger p-3 text-sm"
        >
          {t("editor.conflict")}
          <Button type="button" size="sm" variant="outline" onClick={() => window.location.reload()}>
            {t("editor.reload")}
          </Button>
        </div>
      )}

      {showVersions && (
        <section aria-labelledby="plan-versions" className="rounded-2xl border border-border bg-surface p-4">
          <h2 id="plan-versions" className="font-semibold text-fg">
            {t("editor.versions")}
          </h2>
          {versions.isPending ? (
            <p role="status" className="text-muted text-sm">
              {t("editor.versionsLoading")}
            </p>
          ) : versions.isError ? (
            <ErrorState title={errorMessage(versions.error)} onRetry={() => void versions.refetch()} />
          ) : (
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {versions.data.map((v) => (
                <li key={v.version} className="flex flex-wrap items-center gap-2">
                  <span>
                    {t("editor.versionLine", {
                      version: v.version,
                      date: formatMoment(v.created_at, i18n.language),
                    })}{" "}
                    · {v.name}
                    {v.restored_from !== null &&
                      ` · ${t("editor.restoredFrom", { version: v.restored_from })}`}
                  </span>
                  {v.version === plan.version ? (
                    <span className="text-muted">({t("editor.current")})</span>
                  ) : (
                    !readOnly && (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        disabled={restore.isPending}
                        onClick={() =>
                          restore.mutate(
                            { id: plan.id, version: v.version },
                            {
                              onSuccess: () => toast.success(t("editor.restored", { version: v.version })),
                              onError: (error) => toast.error(errorMessage(error)),
                            },
                          )
                        }
                      >
                        {t("editor.restore", { version: v.version })}
                      </Button>
                    )
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <fieldset disabled={readOnly} className="flex flex-col gap-6">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t("editor.name")} required error={content.name.trim() ? null : t("editor.name")}>
            {(p) => <Input {...p} value={content.name} onChange={(e) => update({ name: e.target.value })} />}
          </Field>
          <OpponentField
            value={content.opponent_team}
            disabled={readOnly}
            onChange={(opponent_team) => update({ opponent_team })}
          />
          <Field label={t("editor.side")}>
            {(p) => (
              <NativeSelect
                {...p}
                value={content.side}
                onChange={(e) => update({ side: e.target.value as DraftPlanContentData["side"] })}
              >
                {(["BLUE", "RED", "BOTH"] as const).map((s) => (
                  <option key={s} value={s}>
                    {t(`sideValue.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>

        <section aria-labelledby="plan-series" className="flex flex-col gap-3">
          <h2 id="plan-series" className="sr-only">
            {t("editor.fearless")}
          </h2>
          <Switch
            className="max-w-sm"
            label={t("editor.fearless")}
            checked={content.series?.fearless ?? false}
            onCheckedChange={(on: boolean) => setSeries(on ? { fearless: true } : null)}
          />
          {content.series && (
            <div className="flex flex-wrap items-end gap-3">
              <Field label={t("editor.game")}>
                {(p) => (
                  <Input
                    {...p}
                    type="number"
                    min={1}
                    max={5}
                    className="w-20"
                    value={content.series!.game}
                    onChange={(e) =>
                      setSeries({ game: Math.max(1, Math.min(5, Number(e.target.value) || 1)) })
                    }
                  />
                )}
              </Field>
              <Field label={t("editor.bestOf")}>
                {(p) => (
                  <NativeSelect
                    {...p}
                    value={content.series!.best_of}
                    onChange={(e) => setSeries({ best_of: Number(e.target.value) })}
                  >
                    {[1, 3, 5].map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field label={t("editor.firstSelection")}>
                {(p) => (
                  <NativeSelect
                    {...p}
                    value={
                      content.series!.first_selection
                        ? `${content.series!.first_selection.by}:${content.series!.first_selection.choice}`
                        : ""
                    }
                    onChange={(e) => {
                      const [by, choice] = e.target.value.split(":") as [
                        "us" | "them",
                        "side" | "first_pick",
                      ];
                      setSeries({ first_selection: e.target.value ? { by, choice } : null });
                    }}
                  >
                    <option value="">{t("editor.firstSelectionNone")}</option>
                    {(["us", "them"] as const).flatMap((by) =>
                      (["side", "first_pick"] as const).map((choice) => (
                        <option key={`${by}:${choice}`} value={`${by}:${choice}`}>
                          {t(`editor.firstSelectionValue.${by}_${choice}`)}
                        </option>
                      )),
                    )}
                  </NativeSelect>
                )}
              </Field>
              <div className="flex flex-col gap-1 text-sm">
                <span>{t("editor.used")}</span>
                <div className="flex flex-wrap items-center gap-2">
                  {content.series.used.map((id) => (
                    <Button
                      key={id}
                      type="button"
                      size="sm"
                      variant="soft"
                      aria-label={t("editor.remove", { name: name(id) })}
                      onClick={() => setSeries({ used: content.series!.used.filter((x) => x !== id) })}
                    >
                      {name(id)} ×
                    </Button>
                  ))}
                  <ChampionPicker
                    champions={champions}
                    value={null}
                    label={t("editor.used")}
                    onChange={(id) =>
                      id !== null &&
                      !content.series!.used.includes(id) &&
                      setSeries({ used: [...content.series!.used, id] })
                    }
                  />
                </div>
              </div>
            </div>
          )}
        </section>

        <section aria-labelledby="plan-bans">
          <h2 id="plan-bans" className="font-semibold text-fg">
            {t("editor.bans")}
          </h2>
          <p className="text-muted text-xs">{t("editor.dragHint")}</p>
          <div className="mt-2">
            <ReorderList
              label={t("editor.bans")}
              items={content.bans}
              onChange={(bans) => update({ bans })}
              name={(b) => name(b.champion_id)}
              render={(b, i) => (
                <>
                  <NativeSelect
                    aria-label={t("editor.phase1")}
                    value={b.phase}
                    onChange={(e) =>
                      update({
                        bans: content.bans.map((x, j) =>
                          j === i ? { ...x, phase: Number(e.target.value) as 1 | 2 } : x,
                        ),
                      })
                    }
                  >
                    <option value={1}>{t("editor.phase1")}</option>
                    <option value={2}>{t("editor.phase2")}</option>
                  </NativeSelect>
                  <ChampionPicker
                    className="sm:w-56 sm:shrink-0"
                    champions={champions}
                    greyed={greyed}
                    value={b.champion_id}
                    label={t("editor.champion")}
                    invalid={at(`bans.${i}`).length > 0}
                    onChange={(id) =>
                      id !== null &&
                      update({ bans: content.bans.map((x, j) => (j === i ? { ...x, champion_id: id } : x)) })
                    }
                  />
                  <Input
                    aria-label={t("editor.reason")}
                    placeholder={t("editor.reason")}
                    className="min-w-32 flex-1"
                    value={b.reason}
                    onChange={(e) =>
                      update({
                        bans: content.bans.map((x, j) => (j === i ? { ...x, reason: e.target.value } : x)),
                      })
                    }
                  />
                  {at(`bans.${i}`).length > 0 && (
                    <div className="basis-full">
                      <IssueList issues={at(`bans.${i}`)} names={name} />
                    </div>
                  )}
                </>
              )}
            />
          </div>
          <AddChampion
            label={t("editor.addBan")}
            champions={champions}
            greyed={greyed}
            onAdd={(id) => update({ bans: [...content.bans, { phase: 1, champion_id: id, reason: "" }] })}
          />
        </section>

        <section aria-labelledby="plan-first-picks">
          <h2 id="plan-first-picks" className="font-semibold text-fg">
            {t("editor.firstPicks")}
          </h2>
          <div className="mt-2">
            <ReorderList
              label={t("editor.firstPicks")}
              items={content.first_picks}
              onChange={(first_picks) => update({ first_picks })}
              name={(p) => name(p.champion_id)}
              render={(p, i) => (
                <>
                  <ChampionPicker
                    className="sm:w-56 sm:shrink-0"
                    champions={champions}
                    greyed={greyed}
                    value={p.champion_id}
                    label={t("editor.champion")}
                    invalid={at(`first_picks.${i}`).length > 0}
                    onChange={(id) =>
                      id !== null &&
                      update({
                        first_picks: content.first_picks.map((x, j) =>
                          j === i ? { ...x, champion_id: id } : x,
                        ),
                      })
                    }
                  />
                  <Input
                    aria-label={t("editor.note")}
                    placeholder={t("editor.note")}
                    className="min-w-32 flex-1"
                    value={p.note}
                    onChange={(e) =>
                      update({
                        first_picks: content.first_picks.map((x, j) =>
                          j === i ? { ...x, note: e.target.value } : x,
                        ),
                      })
                    }
                  />
                  {at(`first_picks.${i}`).length > 0 && (
                    <div className="basis-full">
                      <IssueList issues={at(`first_picks.${i}`)} names={name} />
                    </div>
                  )}
                </>
              )}
            />
          </div>
          <AddChampion
            label={t("editor.addFirstPick")}
            champions={champions}
            greyed={greyed}
            onAdd={(id) => update({ first_picks: [...content.first_picks, { champion_id: id, note: "" }] })}
          />
        </section>

        <section aria-labelledby="plan-flex">
          <h2 id="plan-flex" className="font-semibold text-fg">
            {t("editor.flexPicks")}
          </h2>
          <div className="mt-2">
            <ReorderList
              label={t("editor.flexPicks")}
              items={content.flex_picks}
              onChange={(flex_picks) => update({ flex_picks })}
              name={(p) => name(p.champion_id)}
              render={(p, i) => (
                <>
                  <ChampionPicker
                    className="sm:w-56 sm:shrink-0"
                    champions={champions}
                    greyed={greyed}
                    value={p.champion_id}
                    label={t("editor.champion")}
                    invalid={at(`flex_picks.${i}`).length > 0}
                    onChange={(id) =>
                      id !== null &&
                      update({
                        flex_picks: content.flex_picks.map((x, j) =>
                          j === i ? { ...x, champion_id: id } : x,
                        ),
                      })
                    }
                  />
                  <fieldset className="flex flex-wrap gap-2 text-sm">
                    <legend className="sr-only">{t("editor.positions")}</legend>
                    {POSITIONS.map((pos) => (
                      <label key={pos} className="flex items-center gap-1">
                        <input
                          type="checkbox"
                          checked={p.positions.includes(pos)}
                          onChange={(e) => {
                            const positions = e.target.checked
                              ? [...p.positions, pos]
                              : p.positions.filter((x) => x !== pos);
                            if (positions.length === 0) return;
                            update({
                              flex_picks: content.flex_picks.map((x, j) =>
                                j === i ? { ...x, positions } : x,
                              ),
                            });
                          }}
                        />
                        {t(`position.${pos}`)}
                      </label>
                    ))}
                  </fieldset>
                  <Input
                    aria-label={t("editor.flexNote")}
                    placeholder={t("editor.flexNote")}
                    className="min-w-32 flex-1"
                    value={p.note}
                    onChange={(e) =>
                      update({
                        flex_picks: content.flex_picks.map((x, j) =>
                          j === i ? { ...x, note: e.target.value } : x,
                        ),
                      })
                    }
                  />
                  {at(`flex_picks.${i}`).length > 0 && (
                    <div className="basis-full">
                      <IssueList issues={at(`flex_picks.${i}`)} names={name} />
                    </div>
                  )}
                </>
              )}
            />
          </div>
          <AddChampion
            label={t("editor.addFlexPick")}
            champions={champions}
            greyed={greyed}
            onAdd={(id) =>
              update({
                flex_picks: [...content.flex_picks, { champion_id: id, positions: ["mid", "top"], note: "" }],
              })
            }
          />
        </section>

        <section aria-labelledby="plan-branches" className="flex flex-col gap-3">
          <h2 id="plan-branches" className="font-semibold text-fg">
            {t("editor.branches")}
          </h2>
          <p className="text-muted text-sm">{t("editor.branchesHint")}</p>
          {content.branches.map((branch, i) => (
            <BranchEditor
              key={branch.id}
              branch={branch}
              path={`branches.${i}`}
              depth={0}
              champions={champions}
              issues={issues}
              greyed={greyed}
              onChange={(b) => update({ branches: content.branches.map((x, j) => (j === i ? b : x)) })}
              onRemove={() => update({ branches: content.branches.filter((_, j) => j !== i) })}
            />
          ))}
          <Button
            type="button"
            variant="outline"
            className="self-start"
            onClick={() =>
              update({
                branches: [
                  ...content.branches,
                  {
                    id: newBranchId(),
                    label: "",
                    conditions: [{ type: "first_pick", team: "them", champion_id: first }],
                    answer: [],
                    children: [],
                  },
                ],
              })
            }
          >
            <Plus aria-hidden="true" className="size-4" /> {t("editor.addBranch")}
          </Button>
        </section>

        {/* Notes fold away while empty: a typical plan is bans, picks and a few branches. */}
        <details className="group rounded-xl border border-border p-3" open={hasNotes || undefined}>
          <summary className="cursor-pointer font-semibold text-fg">
            <h2 id="plan-notes" className="inline">
              {t("editor.positionNotes")}
            </h2>
          </summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {POSITIONS.map((pos) => (
              <Field key={pos} label={t(`position.${pos}`)}>
                {(p) => (
                  <Input
                    {...p}
                    value={content.position_notes[pos] ?? ""}
                    onChange={(e) =>
                      update({ position_notes: { ...content.position_notes, [pos]: e.target.value } })
                    }
                  />
                )}
              </Field>
            ))}
            <Field label={t("editor.winCondition")} className="sm:col-span-2">
              {(p) => (
                <Textarea
                  {...p}
                  rows={2}
                  value={content.win_condition}
                  onChange={(e) => update({ win_condition: e.target.value })}
                />
              )}
            </Field>
          </div>
        </details>
      </fieldset>

      {issues.length === 0 ? (
        <p className="text-muted text-sm">{t("editor.noIssues")}</p>
      ) : (
        <section aria-labelledby="plan-issues" className="rounded-2xl border border-danger/40 bg-surface p-4">
          <h2 id="plan-issues" className="font-semibold text-fg">
            {t("editor.issues")}
          </h2>
          <IssueList issues={issues} names={name} />
        </section>
      )}

      <AnalysisPanel plan={plan} champions={champions} />
      <PlanScrimsSection planId={plan.id} />
    </div>
  );
}

/** "Add a ban": the champion search itself, so a new row is the champion chosen, never a default. */
function AddChampion({
  label,
  champions,
  greyed,
  onAdd,
}: {
  label: string;
  champions: Champion[];
  greyed: ReadonlySet<number>;
  onAdd: (championId: number) => void;
}) {
  return (
    <div className="mt-2 flex items-center gap-2">
      <Plus aria-hidden="true" className="size-4 text-muted" />
      <ChampionPicker
        champions={champions}
        greyed={greyed}
        value={null}
        label={label}
        placeholder={label}
        onChange={(id) => id !== null && onAdd(id)}
      />
    </div>
  );
}
