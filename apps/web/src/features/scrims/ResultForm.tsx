import {
  type Champion,
  POSITIONS,
  type RosterPlayer,
  SCRIM_RESULT_STATUSES,
  type ScrimGame,
  type ScrimResultBody,
  type ScrimTeamFigures,
} from "@draftroom/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LedgerResult } from "@/components/integrations/MatchFill.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { Segmented } from "./Segmented.tsx";
import { formatDuration, parseDuration } from "./time.ts";

type ResultStatus = (typeof SCRIM_RESULT_STATUSES)[number];
type Position = (typeof POSITIONS)[number];
type Team = "us" | "them";
const FIRSTS = ["first_blood", "first_tower", "first_dragon", "first_herald"] as const;
const COUNTS = ["kills_us", "kills_them", "dragons_us", "dragons_them", "barons_us", "barons_them"] as const;

interface PlayerLine {
  rosterPlayerId: string;
  championId: string;
  kills: string;
  deaths: string;
  assists: string;
}

interface Values {
  status: ResultStatus;
  winner: Team | null;
  ourSide: "BLUE" | "RED" | null;
  duration: string;
  counts: Partial<Record<(typeof COUNTS)[number], string>>;
  goldDiff: string;
  firsts: Partial<Record<(typeof FIRSTS)[number], Team>>;
  players: Record<Position, PlayerLine>;
}

const emptyLine = (): PlayerLine => ({
  rosterPlayerId: "",
  championId: "",
  kills: "",
  deaths: "",
  assists: "",
});

/** The form starts from the stored result (a correction) or from what the game already knows. */
function initial(game: ScrimGame, roster: RosterPlayer[]): Values {
  const result = game.result;
  const players = Object.fromEntries(POSITIONS.map((p) => [p, emptyLine()])) as Record<Position, PlayerLine>;
  for (const position of POSITIONS) {
    const line = result?.players.find((player) => player.position === position);
    if (line) {
      players[position] = {
        rosterPlayerId: line.roster_player_id ?? "",
        championId: line.champion_id === null ? "" : String(line.champion_id),
        kills: String(line.kills),
        deaths: String(line.deaths),
        assists: String(line.assists),
      };
    } else {
      // The roster's starter at the position is the usual player: one tap fewer.
      const starter = roster.find((player) => player.position === position && player.status === "active");
      if (starter) players[position].rosterPlayerId = starter.id;
    }
  }
  const figures = result?.figures ?? {};
  return {
    status:
      result === null ? "played" : game.status === "scheduled" ? "played" : (game.status as ResultStatus),
    winner: result?.winner ?? null,
    ourSide: game.our_side,
    duration: result?.duration_seconds != null ? formatDuration(result.duration_seconds) : "",
    counts: Object.fromEntries(
      COUNTS.filter((k) => figures[k] !== undefined).map((k) => [k, String(figures[k])]),
    ),
    goldDiff: figures.gold_diff_at_15 === undefined ? "" : String(figures.gold_diff_at_15),
    firsts: Object.fromEntries(FIRSTS.filter((k) => figures[k] !== undefined).map((k) => [k, figures[k]])),
    players,
  };
}

/** The form's values from a Riot game's ledger result (decision 057): the staff checks, then saves. */
export function valuesFromLedger(result: LedgerResult, before: Values): Values {
  const players = { ...before.players };
  for (const line of result.players) {
    players[line.position] = {
      rosterPlayerId: line.roster_player_id ?? before.players[line.position].rosterPlayerId,
      championId: line.champion_id === null ? "" : String(line.champion_id),
      kills: String(line.kills),
      deaths: String(line.deaths),
      assists: String(line.assists),
    };
  }
  const figures = result.figures;
  return {
    status: result.status,
    winner: result.winner,
    ourSide: result.our_side ?? before.ourSide,
    duration: result.duration_seconds === null ? "" : formatDuration(result.duration_seconds),
    counts: Object.fromEntries(
      COUNTS.filter((k) => figures[k] !== undefined).map((k) => [k, String(figures[k])]),
    ),
    goldDiff: figures.gold_diff_at_15 === undefined ? "" : String(figures.gold_diff_at_15),
    firsts: Object.fromEntries(FIRSTS.filter((k) => figures[k] !== undefined).map((k) => [k, figures[k]])),
    players,
  };
}

const number = (text: string) => (text.trim() === "" ? null : Number(text));

/** The body the server takes, or the first problem the browser can see. */
export function toResultBody(values: Values): { body?: ScrimResultBody; problem?: string } {
  const duration = parseDuration(values.duration);
  if (Number.isNaN(duration)) return { problem: "duration" };
  if (values.status === "played" && values.winner === null) return { problem: "winner" };
  const figures: ScrimTeamFigures = {};
  for (const key of COUNTS) {
    const value = number(values.counts[key] ?? "");
    if (value !== null) {
      if (!Number.isInteger(value) || value < 0) return { problem: "figures" };
      figures[key] = value;
    }
  }
  const gold = number(values.goldDiff);
  if (gold !== null) {
    if (!Number.isInteger(gold)) return { problem: "figures" };
    figures.gold_diff_at_15 = gold;
  }
  for (const key of FIRSTS) if (values.firsts[key]) figures[key] = values.firsts[key];
  const players = [];
  for (const position of POSITIONS) {
    const line = values.players[position];
    const touched = line.championId !== "" || line.kills !== "" || line.deaths !== "" || line.assists !== "";
    if (!touched) continue;
    const [k, d, a] = [line.kills, line.deaths, line.assists].map((v) => number(v) ?? 0) as [
      number,
      number,
      number,
    ];
    if (![k, d, a].every((v) => Number.isInteger(v) && v >= 0 && v <= 99)) return { problem: "kda" };
    players.push({
      position,
      roster_player_id: line.rosterPlayerId || null,
      champion_id: line.championId === "" ? null : Number(line.championId),
      kills: k,
      deaths: d,
      assists: a,
    });
  }
  return {
    body: {
      status: values.status,
      winner: values.status === "played" ? values.winner : null,
      ...(values.ourSide ? { our_side: values.ourSide } : {}),
      duration_seconds: duration,
      figures,
      players,
    },
  };
}

interface Props {
  game: ScrimGame;
  roster: RosterPlayer[];
  champions: Champion[];
  pending: boolean;
  onSubmit: (body: ScrimResultBody) => void;
  onCancel: () => void;
  /** A Riot game chosen above the form: its values to start from, saved as an imported result. */
  filled?: { result: LedgerResult; matchId: string } | null;
}

/**
 * A game's result in thirty seconds on a phone: status, winner, side and duration are large taps
 * at the top; team figures and each player's champion + K/D/A fold out below for who tracks them.
 */
export function ResultForm({ game, roster, champions, pending, onSubmit, onCancel, filled }: Props) {
  const { t } = useTranslation("scrims");
  const [values, setValues] = useState<Values>(() =>
    filled ? valuesFromLedger(filled.result, initial(game, roster)) : initial(game, roster),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setLine = (position: Position, patch: Partial<PlayerLine>) =>
    setValues((v) => ({ ...v, players: { ...v.players, [position]: { ...v.players[position], ...patch } } }));
  // The draft's own picks come first in each champion list: most results use them.
  const ourPicks = new Set(
    game.draft
      .filter((step) => step.type === "PICK" && step.side === game.our_side && step.champion_id !== null)
      .map((step) => step.champion_id),
  );
  const championOptions = [...champions].sort(
    (a, b) => Number(ourPicks.has(b.id)) - Number(ourPicks.has(a.id)) || a.name.localeCompare(b.name),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, problem: found } = toResultBody(values);
    setProblem(found ?? null);
    if (body) onSubmit(filled ? { ...body, source: "imported", provider: "riot-match-v5" } : body);
  };
  const teamOptions = [
    { value: "us" as const, label: t("team.us") },
    { value: "them" as const, label: t("team.them") },
  ];

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t("result.formLabel", { number: game.number })}
    >
      <Segmented
        legend={t("result.status")}
        options={SCRIM_RESULT_STATUSES.map((status) => ({ value: status, label: t(`gameStatus.${status}`) }))}
        value={values.status}
        onChange={(status) => set("status", status)}
      />
      {values.status === "played" && (
        <Segmented
          legend={t("result.winner")}
          options={teamOptions}
          value={values.winner}
          onChange={(w) => set("winner", w)}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <Segmented
          legend={t("result.ourSide")}
          options={[
            { value: "BLUE" as const, label: t("side.BLUE") },
            { value: "RED" as const, label: t("side.RED") },
          ]}
          value={values.ourSide}
          onChange={(side) => set("ourSide", side)}
        />
        <Field
          label={t("result.duration")}
          hint={t("result.durationHint")}
          error={problem === "duration" ? t("result.problem.duration") : null}
        >
          {(p) => (
            <Input
              {...p}
              inputMode="decimal"
              placeholder="31:05"
              value={values.duration}
              onChange={(e) => set("duration", e.target.value)}
              className="h-11"
            />
          )}
        </Field>
      </div>
      {problem && problem !== "duration" && (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(`result.problem.${problem}` as "result.problem.winner")}
        </p>
      )}
      <details className="rounded-xl border border-border p-3">
        <summary className="cursor-pointer text-sm font-semibold text-fg">{t("result.figures")}</summary>
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {COUNTS.map((key) => (
            <Field key={key} label={t(`figures.${key}`)}>
              {(p) => (
                <Input
                  {...p}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  value={values.counts[key] ?? ""}
                  onChange={(e) => set("counts", { ...values.counts, [key]: e.target.value })}
                />
              )}
            </Field>
          ))}
          <Field label={t("figures.gold_diff_at_15")} hint={t("figures.goldHint")}>
            {(p) => (
              <Input
                {...p}
                type="number"
                inputMode="numeric"
                value={values.goldDiff}
                onChange={(e) => set("goldDiff", e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {FIRSTS.map((key) => (
            <Segmented
              key={key}
              legend={t(`figures.${key}`)}
              options={teamOptions}
              value={values.firsts[key] ?? null}
              onChange={(team) => set("firsts", { ...values.firsts, [key]: team })}
            />
          ))}
        </div>
      </details>
      <details className="rounded-xl border border-border p-3">
        <summary className="cursor-pointer text-sm font-semibold text-fg">{t("result.players")}</summary>
        {problem === "kda" && (
          <p role="alert" className="mt-2 text-sm font-medium text-danger">
            {t("result.problem.kda")}
          </p>
        )}
        <div className="mt-3 flex flex-col gap-3">
          {POSITIONS.map((position) => {
            const line = values.players[position];
            return (
              <fieldset
                key={position}
                className="grid grid-cols-[1fr_1fr] gap-2 sm:grid-cols-[8rem_1fr_1fr_repeat(3,4rem)]"
              >
                <legend className="sr-only">{t(`position.${position}`)}</legend>
                <span
                  aria-hidden
                  className="col-span-2 self-center text-xs font-semibold uppercase text-muted sm:col-span-1"
                >
                  {t(`position.${position}`)}
                </span>
                <NativeSelect
                  aria-label={t("result.player", { position: t(`position.${position}`) })}
                  value={line.rosterPlayerId}
                  onChange={(e) => setLine(position, { rosterPlayerId: e.target.value })}
                >
                  <option value="">{t("result.standIn")}</option>
                  {roster.map((player) => (
                    <option key={player.id} value={player.id}>
                      {player.name}
                    </option>
                  ))}
                </NativeSelect>
                <NativeSelect
                  aria-label={t("result.champion", { position: t(`position.${position}`) })}
                  value={line.championId}
                  onChange={(e) => setLine(position, { championId: e.target.value })}
                >
                  <option value="">{t("result.noChampion")}</option>
                  {championOptions.map((champion) => (
                    <option key={champion.id} value={champion.id}>
                      {champion.name}
                    </option>
                  ))}
                </NativeSelect>
                <div className="col-span-2 grid grid-cols-3 gap-2 sm:col-span-3">
                  {(["kills", "deaths", "assists"] as const).map((stat) => (
                    <Input
                      key={stat}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={99}
                      placeholder={t(`result.${stat}Short`)}
                      aria-label={t(`result.${stat}`, { position: t(`position.${position}`) })}
                      value={line[stat]}
                      onChange={(e) => setLine(position, { [stat]: e.target.value })}
                    />
                  ))}
                </div>
              </fieldset>
            );
          })}
        </div>
      </details>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("form.cancel")}
        </Button>
        <Button type="submit" loading={pending} className="min-h-11 flex-1 sm:flex-none">
          {game.result ? t("result.saveCorrection") : t("result.save")}
        </Button>
      </div>
    </form>
  );
}
