import {
  type DraftPlanBranchBody,
  POSITIONS,
  SCRIM_LIMITS,
  SCRIM_VERDICTS,
  type ScrimGame,
  type ScrimReviewBody,
  type ScrimVerdict,
} from "@draftroom/contracts";
import { X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Field, Input, Textarea } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { usePlan, usePlans } from "./api.ts";
import { Segmented } from "./Segmented.tsx";

type Position = (typeof POSITIONS)[number];

/** A plan's branches, depth first, with their depth for indenting the labels. */
export function flattenBranches(
  branches: readonly DraftPlanBranchBody[],
  depth = 0,
): { id: string; label: string; depth: number }[] {
  return branches.flatMap((branch) => [
    { id: branch.id, label: branch.label || branch.id, depth },
    ...flattenBranches(branch.children, depth + 1),
  ]);
}

/** Adds a typed tag the way the server stores it: trimmed, lower case, once, within the limits. */
export function addTag(tags: readonly string[], typed: string): string[] {
  const tag = typed.trim().toLowerCase().slice(0, SCRIM_LIMITS.tag);
  if (tag === "" || tags.includes(tag) || tags.length >= SCRIM_LIMITS.tags) return [...tags];
  return [...tags, tag];
}

interface Props {
  game: ScrimGame;
  workspaceId: string;
  suggestions: { tag: string; uses: number }[];
  pending: boolean;
  onSubmit: (body: ScrimReviewBody) => void;
  onCancel: () => void;
}

/** The staff's verdict on a game: verdict, tags (with suggestions), per-position notes, plan + branch. */
export function ReviewForm({ game, workspaceId, suggestions, pending, onSubmit, onCancel }: Props) {
  const { t } = useTranslation("scrims");
  const [verdict, setVerdict] = useState<ScrimVerdict | null>(game.verdict);
  const [tags, setTags] = useState<string[]>(game.tags);
  const [typed, setTyped] = useState("");
  const [positionNotes, setPositionNotes] = useState<Partial<Record<Position, string>>>(game.position_notes);
  const [notes, setNotes] = useState(game.notes);
  const [planId, setPlanId] = useState(game.plan?.id ?? "");
  const [branchId, setBranchId] = useState(game.plan?.branch_id ?? "");
  const plans = usePlans(workspaceId);
  const plan = usePlan(planId);
  const branches = planId && plan.data ? flattenBranches(plan.data.content.branches) : [];
  const planChanged = planId !== (game.plan?.id ?? "") || branchId !== (game.plan?.branch_id ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = Object.fromEntries(
      Object.entries(positionNotes)
        .filter(([, note]) => (note ?? "").trim() !== "")
        .map(([p, note]) => [p, (note ?? "").trim()]),
    );
    onSubmit({
      verdict,
      tags: addTag(tags, typed),
      position_notes: cleaned,
      notes: notes.trim(),
      // A plan filled from the room's plan-vs-actual stays the server's unless a member changes it.
      ...(planChanged ? { plan_id: planId || null, branch_id: planId ? branchId || null : null } : {}),
    });
    setTyped("");
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t("review.formLabel", { number: game.number })}
    >
      <Segmented
        legend={t("review.verdict")}
        options={SCRIM_VERDICTS.map((value) => ({ value, label: t(`verdict.${value}`) }))}
        value={verdict}
        onChange={setVerdict}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-fg text-sm">{t("review.tags")}</legend>
        {tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t("review.chosenTags")}>
            {tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  className="inline-flex min-h-9 items-center gap-1 rounded-full bg-primary-soft px-3 text-sm text-primary-soft-fg"
                  onClick={() => setTags(tags.filter((x) => x !== tag))}
                  aria-label={t("review.removeTag", { tag })}
                >
                  {tag} <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex gap-2">
          <Input
            aria-label={t("review.newTag")}
            placeholder={t("review.newTag")}
            maxLength={SCRIM_LIMITS.tag}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                setTags(addTag(tags, typed));
                setTyped("");
              }
            }}
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setTags(addTag(tags, typed));
              setTyped("");
            }}
          >
            {t("review.addTag")}
          </Button>
        </div>
        <fieldset className="flex flex-wrap gap-1.5">
          <legend className="sr-only">{t("review.suggestions")}</legend>
          {suggestions
            .filter((s) => !tags.includes(s.tag))
            .slice(0, 10)
            .map((s) => (
              <button
                key={s.tag}
                type="button"
                className="min-h-9 rounded-full border border-border-strong px-3 text-sm text-fg hover:bg-surface-2"
                onClick={() => setTags(addTag(tags, s.tag))}
              >
                + {s.tag}
              </button>
            ))}
        </fieldset>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t("review.plan")}
          hint={game.plan?.source === "plan_vs_actual" && !planChanged ? t("review.planFromRoom") : undefined}
        >
          {(p) => (
            <NativeSelect
              {...p}
              value={planId}
              onChange={(e) => {
                setPlanId(e.target.value);
                setBranchId("");
              }}
            >
              <option value="">{t("review.noPlan")}</option>
              {game.plan && !(plans.data ?? []).some((x) => x.id === game.plan?.id) && (
                <option value={game.plan.id}>{game.plan.name}</option>
              )}
              {(plans.data ?? []).map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label={t("review.branch")}>
          {(p) => (
            <NativeSelect
              {...p}
              disabled={!planId}
              value={branchId}
              onChange={(e) => setBranchId(e.target.value)}
            >
              <option value="">{t("review.root")}</option>
              {game.plan?.branch_id && !branches.some((b) => b.id === game.plan?.branch_id) && (
                <option value={game.plan.branch_id}>{game.plan.branch_label ?? game.plan.branch_id}</option>
              )}
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {"\u00a0\u00a0".repeat(b.depth)}
                  {b.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <details
        className="rounded-xl border border-border p-3"
        open={Object.keys(game.position_notes).length > 0}
      >
        <summary className="cursor-pointer text-sm font-semibold text-fg">
          {t("review.positionNotes")}
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {POSITIONS.map((position) => (
            <Field key={position} label={t(`position.${position}`)}>
              {(p) => (
                <Textarea
                  {...p}
                  rows={2}
                  maxLength={SCRIM_LIMITS.position_note}
                  value={positionNotes[position] ?? ""}
                  onChange={(e) => setPositionNotes({ ...positionNotes, [position]: e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
      </details>
      <Field label={t("review.notes")}>
        {(p) => (
          <Textarea
            {...p}
            maxLength={SCRIM_LIMITS.notes}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" loading={pending}>
          {t("review.save")}
        </Button>
      </div>
    </form>
  );
}
