import { type OpponentStyle, type Side, teamKey } from "@draftroom/draft";
import { Swords } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/Button.tsx";
import { Dialog } from "@/components/ui/Dialog.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { SearchableSelect } from "@/components/ui/SearchableSelect.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { cn } from "@/lib/cn.ts";
import { useCurrentWorkspaceAccess } from "@/lib/item-access.ts";
import { describeError } from "../utils/errors.ts";
import { usePracticeTeams, useStartPractice } from "./usePractice.ts";

const STYLES: readonly OpponentStyle[] = ["predictable", "balanced", "adventurous"];
const SIDES: readonly Side[] = ["BLUE", "RED"];

/**
 * "Practice vs team": the side the user drafts, the team the opponent models (searchable; teams
 * with imported games or the user's finished drafts) and how predictable it plays. Starting opens
 * the draft room with the user's captain seat. A new practice goes to the workspace on view, as
 * that team's, when the member may add practices there (decision 029), else to the personal
 * space; the dialog says which.
 */
export function PracticeDialog({
  open,
  onOpenChange,
  initialTeam,
  sessionId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preselects a team (opened from a team's name). */
  initialTeam?: string;
  /** Practise this not-yet-started session (a series game) instead of a new one. */
  sessionId?: string;
}) {
  const { t } = useTranslation("practice");
  const [side, setSide] = useState<Side>("BLUE");
  const [team, setTeam] = useState<string | null>(initialTeam ?? null);
  const [style, setStyle] = useState<OpponentStyle>("balanced");
  const [submitted, setSubmitted] = useState(false);
  const teams = usePracticeTeams(open);
  const start = useStartPractice();
  const here = useCurrentWorkspaceAccess();
  const ours = here.workspace && here.may("edit_practice") ? here.workspace : null;
  const teamId = useId();
  const teamError = submitted && !team ? t("setup.teamRequired") : null;
  // A team opened by name is matched to the list by key (case, accents, punctuation); unknown: none.
  useEffect(() => {
    if (!initialTeam || !teams.data) return;
    const match = teams.data.teams.find((row) => teamKey(row.name) === teamKey(initialTeam));
    setTeam(match?.name ?? null);
  }, [initialTeam, teams.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!team) return;
    start.mutate({
      opponent_team: team,
      side,
      style,
      ...(sessionId
        ? { session_id: sessionId }
        : {
            title: t("setup.sessionTitle", { team }),
            // In the team's space the team is "us", by its name.
            team_name: ours ? ours.name : t("setup.yourTeam"),
            ...(ours ? { workspace_id: ours.id } : {}),
          }),
    });
  };
  const failure = start.error ? (describeError(start.error) ?? t("setup.startFailed")) : null;
  const options = (teams.data?.teams ?? []).map((row) => ({
    value: row.name,
    label: `${row.name} · ${t("setup.games", { count: row.games })}`,
    keywords: [row.name],
  }));

  let teamPicker: React.ReactNode;
  if (teams.isPending) {
    teamPicker = (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner size="sm" /> {t("setup.loadingTeams")}
      </p>
    );
  } else if (teams.isError) {
    teamPicker = (
      <ErrorState
        title={t("setup.teamsError")}
        onRetry={() => void teams.refetch()}
        retrying={teams.isFetching}
        retryLabel={t("setup.retry")}
      />
    );
  } else if (options.length === 0) {
    teamPicker = <p className="text-sm text-muted">{t("setup.noTeams")}</p>;
  } else {
    teamPicker = (
      <SearchableSelect
        id={teamId}
        aria-label={t("setup.team")}
        aria-invalid={teamError !== null}
        invalid={teamError !== null}
        options={options}
        value={team}
        onChange={setTeam}
        placeholder={t("setup.teamPlaceholder")}
        searchPlaceholder={t("setup.teamSearch")}
        emptyText={t("setup.teamNoResults")}
      />
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("setup.title")} description={t("setup.text")}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={teamId} className="text-sm font-semibold text-fg">
            {t("setup.team")}
          </label>
          {teamPicker}
          {teamError && (
            <p role="alert" className="text-sm font-medium text-danger">
              {teamError}
            </p>
          )}
        </div>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold text-fg">{t("setup.side")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {SIDES.map((value) => (
              <Choice
                key={value}
                name="practice-side"
                checked={side === value}
                onChange={() => setSide(value)}
              >
                <span
                  className={cn("size-2.5 rounded-full", value === "BLUE" ? "bg-team-blue" : "bg-team-red")}
                  aria-hidden
                />
                {value === "BLUE" ? t("setup.blue") : t("setup.red")}
              </Choice>
            ))}
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold text-fg">{t("setup.style")}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {STYLES.map((value) => (
              <Choice
                key={value}
                name="practice-style"
                checked={style === value}
                onChange={() => setStyle(value)}
              >
                <span className="flex flex-col">
                  <span>{t(`style.${value}`)}</span>
                  <span className="text-xs font-normal text-muted">{t(`style.${value}Hint`)}</span>
                </span>
              </Choice>
            ))}
          </div>
        </fieldset>
        {!sessionId && here.workspace && (
          <p className="text-sm text-muted">
            {ours
              ? t("setup.savedInWorkspace", { name: here.workspace.name })
              : t("setup.savedPersonal", { name: here.workspace.name })}
          </p>
        )}
        {failure && (
          <p role="alert" className="text-sm font-medium text-danger">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            {t("setup.cancel")}
          </Button>
          <Button
            type="submit"
            // Until the workspace's rights are known, the practice's space is not.
            disabled={!here.known}
            loading={start.isPending}
            leftIcon={<Swords className="size-4" aria-hidden />}
          >
            {t("setup.start")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Choice({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2.5 text-sm font-semibold text-fg transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-primary/30",
        checked ? "border-primary bg-primary-soft" : "border-border bg-surface hover:bg-surface-2",
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="accent-primary" />
      {children}
    </label>
  );
}

/** The "Practice vs team" entry: a button that opens the setup dialog. */
export function PracticeButton({
  variant = "outline",
  size,
  initialTeam,
  sessionId,
  label,
}: {
  variant?: "outline" | "primary" | "ghost" | "soft";
  size?: "sm" | "lg";
  initialTeam?: string;
  sessionId?: string;
  label?: string;
}) {
  const { t } = useTranslation("practice");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        {...(size ? { size } : {})}
        onClick={() => setOpen(true)}
        leftIcon={<Swords className="size-4" aria-hidden />}
      >
        {label ?? t("entry.button")}
      </Button>
      {open && (
        <PracticeDialog
          open={open}
          onOpenChange={setOpen}
          {...(initialTeam ? { initialTeam } : {})}
          {...(sessionId ? { sessionId } : {})}
        />
      )}
    </>
  );
}
