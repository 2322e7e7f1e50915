import type {
  Champion,
  DraftPlanBranchBody,
  DraftPlanConditionBody,
  DraftPlanContentData,
} from "@draftroom/contracts";
import { POSITIONS } from "@draftroom/contracts";
import { useTranslation } from "react-i18next";
import "./plan-sheet.css";

/** The one-page printable sheet: bans, first picks, flex picks, branches, a card per position. */
export function PlanSheet({
  content,
  champions,
}: {
  content: DraftPlanContentData;
  champions: readonly Champion[];
}) {
  const { t } = useTranslation("draftPlans");
  const name = (id: number) => champions.find((c) => c.id === id)?.name ?? String(id);
  const who = (team: string) => t(`condition.${team as "us"}`);
  const condition = (c: DraftPlanConditionBody) => {
    switch (c.type) {
      case "position":
        return `${who(c.team)} ${t("condition.position")} ${t(`position.${c.position}`)}`;
      case "any_of":
        return `${who(c.team)} ${t("condition.any_of")} ${c.count} ${t("condition.of")} ${c.champion_ids.map(name).join(", ")}`;
      default:
        return `${who(c.team)} ${t(`condition.${c.type}`)} ${name(c.champion_id)}`;
    }
  };
  const branch = (b: DraftPlanBranchBody) => (
    <li key={b.id}>
      <strong>{b.label || b.id}</strong>: {t("sheet.if")}{" "}
      {b.conditions.map(condition).join(` ${t("sheet.and")} `) || t("editor.always")}, {t("sheet.then")}{" "}
      {b.answer
        .map((a) => `${t(`condition.${a.action}`)} ${name(a.champion_id)}${a.note ? ` (${a.note})` : ""}`)
        .join(" → ")}
      {b.children.length > 0 && <ul>{b.children.map(branch)}</ul>}
    </li>
  );
  return (
    <article className="plan-sheet" aria-label={t("sheet.title")}>
      <h2>
        {content.name} · {t(`sideValue.${content.side}`)}
        {content.opponent_team ? ` · ${content.opponent_team}` : ""}
      </h2>
      {content.win_condition && (
        <p>
          <strong>{t("sheet.winCondition")}:</strong> {content.win_condition}
        </p>
      )}
      <div className="plan-sheet-grid">
        <section>
          <h3>{t("editor.bans")}</h3>
          <ol>
            {content.bans.map((b, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a plan row has no id; duplicates are possible
              <li key={`${b.champion_id}-${i}`}>
                {b.phase === 1 ? t("editor.phase1") : t("editor.phase2")}: {name(b.champion_id)}
                {b.reason ? ` (${b.reason})` : ""}
              </li>
            ))}
          </ol>
        </section>
        <section>
          <h3>{t("editor.firstPicks")}</h3>
          <ol>
            {content.first_picks.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a plan row has no id; duplicates are possible
              <li key={`${p.champion_id}-${i}`}>
                {name(p.champion_id)}
                {p.note ? ` (${p.note})` : ""}
              </li>
            ))}
          </ol>
          <h3>{t("editor.flexPicks")}</h3>
          <ul>
            {content.flex_picks.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a plan row has no id; duplicates are possible
              <li key={`${p.champion_id}-${i}`}>
                {name(p.champion_id)}: {p.positions.map((x) => t(`position.${x}`)).join(" / ")}
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section>
        <h3>{t("editor.branches")}</h3>
        <ul>{content.branches.map(branch)}</ul>
      </section>
      <div className="plan-sheet-cards">
        {POSITIONS.map((p) => (
          <section key={p} className="plan-sheet-card">
            <h3>{t(`position.${p}`)}</h3>
            <p>{content.position_notes[p] ?? ""}</p>
          </section>
        ))}
      </div>
    </article>
  );
}
