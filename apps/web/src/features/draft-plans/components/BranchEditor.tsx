import {
  type Champion,
  type DraftPlanBranchBody,
  type DraftPlanConditionBody,
  type DraftPlanIssueBody,
  POSITIONS,
} from "@draftroom/contracts";
import { GitBranch, Plus, Trash2, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { ChampionPicker } from "./ChampionPicker.tsx";
import { IssueList } from "./IssueList.tsx";
import { ReorderList } from "./ReorderList.tsx";

export const newBranchId = () => `b-${crypto.randomUUID().slice(0, 8)}`;

const CONDITION_TYPES = ["picked", "banned", "position", "any_of", "first_pick"] as const;

/** A fresh condition of a type, keeping what carries over (team, champion). */
function conditionOf(type: DraftPlanConditionBody["type"], from: DraftPlanConditionBody, fallbackId: number) {
  const team = from.team === "either" ? "them" : from.team;
  const champion = "champion_id" in from ? from.champion_id : fallbackId;
  switch (type) {
    case "picked":
    case "first_pick":
      return { type, team, champion_id: champion } as DraftPlanConditionBody;
    case "banned":
      return { type, team: from.team, champion_id: champion } as DraftPlanConditionBody;
    case "position":
      return { type, team, position: "top" } as DraftPlanConditionBody;
    case "any_of":
      return { type, team, action: "PICK", champion_ids: [champion], count: 1 } as DraftPlanConditionBody;
  }
}

function ConditionEditor({
  condition,
  onChange,
  champions,
}: {
  condition: DraftPlanConditionBody;
  onChange: (c: DraftPlanConditionBody) => void;
  champions: readonly Champion[];
}) {
  const { t } = useTranslation("draftPlans");
  const first = champions[0]?.id ?? 1;
  return (
    <>
      <NativeSelect
        aria-label={t("condition.team")}
        value={condition.team}
        onChange={(e) => onChange({ ...condition, team: e.target.value } as DraftPlanConditionBody)}
      >
        <option value="them">{t("condition.them")}</option>
        <option value="us">{t("condition.us")}</option>
        {condition.type === "banned" && <option value="either">{t("condition.either")}</option>}
      </NativeSelect>
      <NativeSelect
        aria-label={t("condition.type")}
        value={condition.type}
        onChange={(e) =>
          onChange(conditionOf(e.target.value as DraftPlanConditionBody["type"], condition, first))
        }
      >
        {CONDITION_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`condition.${type}`)}
          </option>
        ))}
      </NativeSelect>
      {condition.type === "position" ? (
        <NativeSelect
          aria-label={t("editor.positions")}
          value={condition.position}
          onChange={(e) => onChange({ ...condition, position: e.target.value as (typeof POSITIONS)[number] })}
        >
          {POSITIONS.map((p) => (
            <option key={p} value={p}>
              {t(`position.${p}`)}
            </option>
          ))}
        </NativeSelect>
      ) : condition.type === "any_of" ? (
        <>
          <Input
            type="number"
            min={1}
            max={condition.champion_ids.length}
            aria-label={t("condition.count")}
            className="w-16"
            value={condition.count}
            onChange={(e) => onChange({ ...condition, count: Math.max(1, Number(e.target.value) || 1) })}
          />
          <span className="text-muted text-sm">{t("condition.of")}</span>
          {condition.champion_ids.map((id, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the set may hold one champion twice while edited
            <span key={`${id}-${i}`} className="flex items-center gap-1">
              <ChampionPicker
                champions={champions}
                value={id}
                label={t("editor.champion")}
                onChange={(next) =>
                  next !== null &&
                  onChange({
                    ...condition,
                    champion_ids: condition.champion_ids.map((x, j) => (j === i ? next : x)),
                  })
                }
              />
              {condition.champion_ids.length > 1 && (
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={t("editor.remove", { name: champions.find((c) => c.id === id)?.name ?? id })}
                  onClick={() =>
                    onChange({
                      ...condition,
                      champion_ids: condition.champion_ids.filter((_, j) => j !== i),
                      count: Math.min(condition.count, condition.champion_ids.length - 1),
                    })
                  }
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              )}
            </span>
          ))}
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => onChange({ ...condition, champion_ids: [...condition.champion_ids, first] })}
          >
            <Plus aria-hidden="true" className="size-4" /> {t("editor.add")}
          </Button>
        </>
      ) : (
        <ChampionPicker
          champions={champions}
          value={condition.champion_id}
          label={t("editor.champion")}
          onChange={(id) =>
            id !== null && onChange({ ...condition, champion_id: id } as DraftPlanConditionBody)
          }
        />
      )}
    </>
  );
}

/** One branch: label, condition parts, the answer in order, and its nested branches. */
export function BranchEditor({
  branch,
  path,
  depth,
  onChange,
  onRemove,
  champions,
  issues,
  greyed,
}: {
  branch: DraftPlanBranchBody;
  path: string;
  depth: number;
  onChange: (b: DraftPlanBranchBody) => void;
  onRemove: () => void;
  champions: readonly Champion[];
  issues: readonly DraftPlanIssueBody[];
  greyed: ReadonlySet<number>;
}) {
  const { t } = useTranslation("draftPlans");
  const first = champions[0]?.id ?? 1;
  const name = (id: number) => champions.find((c) => c.id === id)?.name ?? String(id);
  const own = issues.filter((i) => i.path === path || i.path.startsWith(`${path}.answer.`));
  const headingId = `branch-${branch.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3 sm:p-4"
      style={{ marginInlineStart: depth > 0 ? "0.75rem" : undefined }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <GitBranch aria-hidden="true" className="size-4 text-primary" />
        <h3 id={headingId} className="sr-only">
          {branch.label || t("editor.label")}
        </h3>
        <Input
          aria-label={t("editor.label")}
          value={branch.label}
          placeholder={t("editor.label")}
          className="min-w-0 flex-1"
          onChange={(e) => onChange({ ...branch, label: e.target.value })}
        />
        <Button type="button" size="sm" variant="ghost" onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" /> {t("editor.removeBranch")}
        </Button>
      </div>
      <IssueList issues={own} names={name} />
      <div>
        <p className="font-medium text-fg text-sm">{t("editor.conditions")}</p>
        {branch.conditions.length === 0 && <p className="text-muted text-sm">{t("editor.always")}</p>}
        <ul className="mt-2 flex flex-col gap-2">
          {branch.conditions.map((condition, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: condition parts have no id
              key={i}
              className="flex flex-wrap items-center gap-2"
            >
              <ConditionEditor
                condition={condition}
                champions={champions}
                onChange={(c) =>
                  onChange({ ...branch, conditions: branch.conditions.map((x, j) => (j === i ? c : x)) })
                }
              />
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={t("editor.removeCondition")}
                onClick={() =>
                  onChange({ ...branch, conditions: branch.conditions.filter((_, j) => j !== i) })
                }
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="mt-2"
          onClick={() =>
            onChange({
              ...branch,
              conditions: [...branch.conditions, { type: "picked", team: "them", champion_id: first }],
            })
          }
        >
          <Plus aria-hidden="true" className="size-4" /> {t("editor.addCondition")}
        </Button>
      </div>
      <div>
        <p className="font-medium text-fg text-sm">{t("editor.answer")}</p>
        <div className="mt-2">
          <ReorderList
            label={t("editor.answer")}
            items={branch.answer}
            onChange={(answer) => onChange({ ...branch, answer })}
            name={(a) => name(a.champion_id)}
            render={(a, i) => (
              <>
                <NativeSelect
                  aria-label={t("condition.action")}
                  value={a.action}
                  onChange={(e) =>
                    onChange({
                      ...branch,
                      answer: branch.answer.map((x, j) =>
                        j === i ? { ...x, action: e.target.value as "PICK" | "BAN" } : x,
                      ),
                    })
                  }
                >
                  <option value="PICK">{t("condition.PICK")}</option>
                  <option value="BAN">{t("condition.BAN")}</option>
                </NativeSelect>
                <ChampionPicker
                  className="sm:w-56 sm:shrink-0"
                  champions={champions}
                  value={a.champion_id}
                  greyed={greyed}
                  label={t("editor.champion")}
                  onChange={(id) =>
                    id !== null &&
                    onChange({
                      ...branch,
                      answer: branch.answer.map((x, j) => (j === i ? { ...x, champion_id: id } : x)),
                    })
                  }
                />
                <Input
                  aria-label={t("editor.note")}
                  placeholder={t("editor.note")}
                  value={a.note ?? ""}
                  className="min-w-32 flex-1"
                  onChange={(e) =>
                    onChange({
                      ...branch,
                      answer: branch.answer.map((x, j) => (j === i ? { ...x, note: e.target.value } : x)),
                    })
                  }
                />
              </>
            )}
          />
        </div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="mt-2"
          onClick={() =>
            onChange({
              ...branch,
              answer: [...branch.answer, { action: "PICK", champion_id: first, note: "" }],
            })
          }
        >
          <Plus aria-hidden="true" className="size-4" /> {t("editor.addAnswer")}
        </Button>
      </div>
      {branch.children.map((child, i) => (
        <BranchEditor
          key={child.id}
          branch={child}
          path={`${path}.children.${i}`}
          depth={depth + 1}
          champions={champions}
          issues={issues}
          greyed={greyed}
          onChange={(c) =>
            onChange({ ...branch, children: branch.children.map((x, j) => (j === i ? c : x)) })
          }
          onRemove={() => onChange({ ...branch, children: branch.children.filter((_, j) => j !== i) })}
        />
      ))}
      {depth < 3 && (
        <Button
          type="button"
          size="sm"
          variant="soft"
          className="self-start"
          onClick={() =>
            onChange({
              ...branch,
              children: [
                ...branch.children,
                { id: newBranchId(), label: "", conditions: [], answer: [], children: [] },
              ],
            })
          }
        >
          <Plus aria-hidden="true" className="size-4" /> {t("editor.addChild")}
        </Button>
      )}
    </section>
  );
}
