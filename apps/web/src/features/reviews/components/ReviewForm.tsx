import { PLAYER_STATUSES, POSITIONS, REVIEW_STATUSES, type ReviewWriteBody } from "@draftroom/contracts";
import { AlertCircle, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Field, Input, Textarea } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { SearchableSelect } from "@/components/ui/SearchableSelect.tsx";
import { isApiRequestError } from "@/lib/api.ts";
import { usePreloadedSchemas } from "@/lib/schemas.ts";
import { useLeagues, useTeams } from "../api/reviews.ts";
import {
  type FormErrors,
  fromServerFields,
  isValidationKey,
  newPlayer,
  type PlayerDraft,
  type ReviewFormValues,
  toBody,
  validate,
} from "../form.ts";

interface Props {
  initial: ReviewFormValues;
  mode: "create" | "edit";
  submitting: boolean;
  onSubmit: (body: ReviewWriteBody) => Promise<unknown>;
  onCancel: () => void;
}

export function ReviewForm({ initial, mode, submitting, onSubmit, onCancel }: Props) {
  const { t } = useTranslation("reviews");
  const { t: tv } = useTranslation("validation");
  const [values, setValues] = useState<ReviewFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const leagues = useLeagues();
  const teams = useTeams(values.league_id);
  usePreloadedSchemas();

  // After a failed submit, move focus to the first invalid control.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const message = (path: string): string | null => {
    const value = errors[path];
    if (!value) return null;
    return isValidationKey(value) ? tv(value) : value;
  };

  function update<K extends keyof ReviewFormValues>(
    key: K,
    value: ReviewFormValues[K],
    clear: string[] = [key],
  ) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const next = { ...current };
      for (const path of clear) delete next[path];
      return next;
    });
  }

  function updatePlayer(index: number, patch: Partial<PlayerDraft>) {
    const players = values.players.map((player, i) => (i === index ? { ...player, ...patch } : player));
    update("players", players, [`players.${index}.name`, "players"]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    let found: FormErrors;
    try {
      found = await validate(values);
    } catch {
      setFailed(true);
      return;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((value) => value + 1);
      return;
    }
    try {
      await onSubmit(toBody(values));
    } catch (error) {
      setFailed(true);
      if (isApiRequestError(error) && Object.keys(error.fields).length > 0) {
        setErrors(fromServerFields(error.fields));
        setAttempt((value) => value + 1);
      }
    }
  }

  const leaguePlaceholder = leagues.isPending ? t("form.loadingLeagues") : t("form.selectLeague");
  const teamPlaceholder =
    values.league_id === null
      ? t("form.selectLeagueFirst")
      : teams.isPending
        ? t("form.loadingTeams")
        : t("form.selectTeam");
  const errorCount = Object.keys(errors).length;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-6">
      {failed && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-fg"
        >
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
          <p className="font-medium">{mode === "create" ? t("form.createFailed") : t("form.updateFailed")}</p>
        </div>
      )}
      {!failed && errorCount > 0 && (
        <p className="text-sm font-medium text-[hsl(354_72%_42%)] dark:text-danger" aria-live="polite">
          {t("form.fixErrors")}
        </p>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t("form.league")} required error={message("league_id")}>
          {(control) => (
            <SearchableSelect
              {...control}
              value={values.league_id === null ? null : String(values.league_id)}
              disabled={leagues.isPending}
              placeholder={leaguePlaceholder}
              options={(leagues.data ?? [])
                .filter((league) => !league.is_custom)
                .map((league) => ({
                  value: String(league.id),
                  label: league.name,
                  keywords: [league.short_name, league.region],
                }))}
              onChange={(value) => {
                setValues((current) => ({
                  ...current,
                  league_id: value ? Number(value) : null,
                  team_id: null,
                }));
                setErrors((current) => {
                  const next = { ...current };
                  delete next.league_id;
                  return next;
                });
              }}
            />
          )}
        </Field>
        <Field label={t("form.team")} required error={message("team_id")}>
          {(control) => (
            <SearchableSelect
              {...control}
              value={values.team_id === null ? null : String(values.team_id)}
              disabled={values.league_id === null || teams.isPending}
              placeholder={teamPlaceholder}
              options={(teams.data ?? [])
                .filter((team) => !team.is_custom)
                .map((team) => ({
                  value: String(team.id),
                  label: team.name,
                  keywords: [team.short_name],
                }))}
              onChange={(value) => update("team_id", value ? Number(value) : null)}
            />
          )}
        </Field>
        <Field label={t("form.season")} required error={message("season")}>
          {(control) => (
            <Input
              {...control}
              value={values.season}
              maxLength={40}
              placeholder={t("form.seasonPlaceholder")}
              onChange={(event) => update("season", event.target.value)}
            />
          )}
        </Field>
        <Field label={t("form.status")} required error={message("status")}>
          {(control) => (
            <NativeSelect
              {...control}
              value={values.status}
              onChange={(event) => update("status", event.target.value as ReviewFormValues["status"])}
            >
              {REVIEW_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>

      <Field label={t("form.title")} required error={message("title")}>
        {(control) => (
          <Input
            {...control}
            value={values.title}
            maxLength={150}
            placeholder={t("form.titlePlaceholder")}
            onChange={(event) => update("title", event.target.value)}
          />
        )}
      </Field>
      <Field label={t("form.description")} required error={message("description")}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={values.description}
            maxLength={2000}
            placeholder={t("form.descriptionPlaceholder")}
            onChange={(event) => update("description", event.target.value)}
          />
        )}
      </Field>
      <Field label={t("form.reviewText")} required error={message("review_text")}>
        {(control) => (
          <Textarea
            {...control}
            rows={8}
            value={values.review_text}
            placeholder={t("form.reviewTextPlaceholder")}
            onChange={(event) => update("review_text", event.target.value)}
          />
        )}
      </Field>

      <fieldset className="rounded-2xl border border-border bg-surface-2/60 p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-fg">{t("form.players")}</legend>
        <p className="text-xs text-muted">{t("form.playersHint")}</p>
        {values.players.length === 0 ? (
          <p className="mt-3 text-sm text-muted">{t("form.noPlayers")}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {values.players.map((player, index) => (
              <li
                key={player.key}
                className="grid gap-3 rounded-xl border border-border bg-surface p-3 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
              >
                <Field label={t("form.playerName")} required error={message(`players.${index}.name`)}>
                  {(control) => (
                    <Input
                      {...control}
                      value={player.name}
                      maxLength={100}
                      placeholder={t("form.playerNamePlaceholder")}
                      onChange={(event) => updatePlayer(index, { name: event.target.value })}
                    />
                  )}
                </Field>
                <Field label={t("form.playerPosition")}>
                  {(control) => (
                    <NativeSelect
                      {...control}
                      value={player.position}
                      onChange={(event) =>
                        updatePlayer(index, { position: event.target.value as PlayerDraft["position"] })
                      }
                    >
                      {POSITIONS.map((position) => (
                        <option key={position} value={position}>
                          {t(`positions.${position}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <Field label={t("form.playerStatus")}>
                  {(control) => (
                    <NativeSelect
                      {...control}
                      value={player.status}
                      onChange={(event) =>
                        updatePlayer(index, { status: event.target.value as PlayerDraft["status"] })
                      }
                    >
                      {PLAYER_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {t(`playerStatus.${status}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("form.removePlayer", { index: index + 1 })}
                  onClick={() =>
                    update(
                      "players",
                      values.players.filter((_, i) => i !== index),
                      Object.keys(errors).filter((path) => path.startsWith("players")),
                    )
                  }
                  className="justify-self-end text-[hsl(354_72%_42%)] dark:text-danger"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {values.players.length < 20 && (
          <Button
            variant="outline"
            size="sm"
            className="mt-4"
            leftIcon={<Plus aria-hidden="true" className="size-4" />}
            onClick={() => update("players", [...values.players, newPlayer()], [])}
          >
            {t("form.addPlayer")}
          </Button>
        )}
      </fieldset>

      <div className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          {t("form.cancel")}
        </Button>
        <Button
          type="submit"
          loading={submitting}
          loadingText={mode === "create" ? t("form.creating") : t("form.saving")}
        >
          {mode === "create" ? t("form.create") : t("form.save")}
        </Button>
      </div>
    </form>
  );
}
