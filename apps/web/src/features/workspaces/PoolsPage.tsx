import {
  type Champion,
  POOL_TIERS,
  POSITIONS,
  type PoolEntry,
  type PoolRecord,
  type PoolTier,
  type Position,
  ROSTER_STATUSES,
  type RosterPlayer,
  type RosterStatus,
  type ScrimPlayerChampionFigure,
  type Workspace,
} from "@draftroom/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { ChampionImage } from "@/components/champion/ChampionImage.tsx";
import { PlayerScrimRecord, useScrimPlayerRecords } from "@/components/scrims/PlayerScrimRecord.tsx";
import { Badge } from "@/components/ui/Badge.tsx";
import { Button } from "@/components/ui/Button.tsx";
import { ErrorState } from "@/components/ui/ErrorState.tsx";
import { Field, Input } from "@/components/ui/Field.tsx";
import { NativeSelect } from "@/components/ui/NativeSelect.tsx";
import { Spinner } from "@/components/ui/Spinner.tsx";
import { toast } from "@/components/ui/toast-store.ts";
import { AccessNote } from "@/components/workspace/AccessNote.tsx";
import { isNotFound } from "@/lib/api.ts";
import { useAuth } from "@/lib/auth.ts";
import { errorMessage } from "@/lib/errors.ts";
import { personLabel } from "@/lib/person.ts";
import { mayIn } from "@/lib/workspace-access.ts";
import { workspaceKeys, workspaceQueries, workspacesApi } from "./api.ts";
import { bulkEdit, canEditPool, matchesSearch, recordsOf, sortedPool } from "./pools.ts";
import "./i18n-workspaces.d.ts";

/**
 * `/app/workspaces/:id/pools`: the roster and each player's champion pool (comfort tiers and
 * notes, with the player's record in imported pro games), and the team priorities derived from
 * the pools until a coach sets them. The workspace's version of the personal priorities page.
 */
export default function PoolsPage() {
  const { t } = useTranslation("workspaces");
  const { workspaceId = "" } = useParams();
  const workspace = useQuery(workspaceQueries.one(workspaceId));
  const roster = useQuery(workspaceQueries.roster(workspaceId));
  const champions = useQuery(workspaceQueries.champions);
  const records = useQuery(workspaceQueries.records(workspaceId));
  // Each player's scrim record per champion (issue 33), shown beside the roster and the pool.
  const scrimRecords = useScrimPlayerRecords(workspaceId);

  const failed = workspace.error ?? roster.error ?? champions.error;
  if (failed) {
    // An unknown workspace (or a link cut short) is not a failure to retry.
    const missing = isNotFound(workspace.error) || isNotFound(roster.error);
    return (
      <div className="mx-auto w-full max-w-3xl px-3 py-6">
        <ErrorState
          title={missing ? t("page.notFound") : t("pools.errorTitle")}
          message={missing ? t("page.notFoundText") : errorMessage(failed)}
          onRetry={
            missing
              ? undefined
              : () => {
                  for (const query of [workspace, roster, champions]) if (query.isError) void query.refetch();
                }
          }
        />
      </div>
    );
  }
  if (!workspace.data || !roster.data || !champions.data) {
    return (
      <div role="status" className="grid min-h-[40dvh] place-items-center text-muted">
        <Spinner size="lg" />
        <span className="sr-only">{t("page.loading")}</span>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-3 py-4 sm:px-5 lg:py-6">
      <header className="flex flex-col gap-1">
        <Link
          to={`/app/workspaces/${workspaceId}`}
          className="inline-flex w-fit items-center gap-1 text-sm text-muted hover:text-fg"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {workspace.data.name}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-fg">{t("pools.title")}</h1>
        <p className="text-sm text-muted">{t("pools.subtitle")}</p>
      </header>
      <Roster
        workspace={workspace.data}
        roster={roster.data}
        champions={champions.data}
        scrimRecords={scrimRecords}
      />
      <Pools
        workspace={workspace.data}
        roster={roster.data}
        champions={champions.data}
        records={records.data ?? []}
        scrimRecords={scrimRecords}
      />
      <DerivedPriorities workspace={workspace.data} champions={champions.data} />
    </div>
  );
}

function useRosterUpdate(workspaceId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.roster(workspaceId) });
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.priorities(workspaceId) });
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.records(workspaceId) });
  };
}

function Roster({
  workspace,
  roster,
  champions,
  scrimRecords,
}: {
  workspace: Workspace;
  roster: RosterPlayer[];
  champions: Champion[];
  scrimRecords: Map<string, ScrimPlayerChampionFigure[]>;
}) {
  const { t } = useTranslation("workspaces");
  const editor = mayIn(workspace, "edit_roster");
  const refresh = useRosterUpdate(workspace.id);
  const change = useMutation({
    mutationFn: ({ id, status }: { id: string; status: RosterStatus }) =>
      workspacesApi.editPlayer(workspace.id, id, { status }),
    onSuccess: refresh,
    onError: (error) => toast.error(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (id: string) => workspacesApi.removePlayer(workspace.id, id),
    onSuccess: refresh,
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <section aria-labelledby="ws-roster" className="rounded-2xl border border-border bg-surface p-4">
      <h2 id="ws-roster" className="text-lg font-bold text-fg">
        {t("pools.roster")}
      </h2>
      {roster.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t("pools.rosterEmpty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {roster.map((player) => (
            <li key={player.id} className="flex flex-wrap items-center gap-2 py-2">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-semibold text-fg">{player.name}</span>
                <PlayerScrimRecord lines={scrimRecords.get(player.id)} champions={champions} />
              </span>
              <span className="text-sm text-muted">
                {t(`pools.positions.${player.position}`)}
                {player.secondary_position && ` / ${t(`pools.positions.${player.secondary_position}`)}`}
              </span>
              {editor ? (
                <NativeSelect
                  aria-label={t("pools.statusOf", { name: player.name })}
                  value={player.status}
                  className="w-36"
                  onChange={(event) =>
                    change.mutate({ id: player.id, status: event.target.value as RosterStatus })
                  }
                >
                  {ROSTER_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {t(`pools.status.${status}`)}
                    </option>
                  ))}
                </NativeSelect>
              ) : (
                <Badge tone={player.status === "active" ? "success" : "neutral"}>
                  {t(`pools.status.${player.status}`)}
                </Badge>
              )}
              {editor && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t("pools.removePlayer", { name: player.name })}
                  onClick={() => remove.mutate(player.id)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editor ? (
        <AddPlayer workspace={workspace} />
      ) : (
        <AccessNote workspace={workspace} capability="edit_roster" className="mt-2" />
      )}
    </section>
  );
}

function AddPlayer({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation("workspaces");
  const refresh = useRosterUpdate(workspace.id);
  const [name, setName] = useState("");
  const [position, setPosition] = useState<Position>("top");
  const [secondary, setSecondary] = useState<Position | "">("");
  const [member, setMember] = useState("");
  const members = useQuery(workspaceQueries.members(workspace.id));
  const add = useMutation({
    mutationFn: () =>
      workspacesApi.addPlayer(workspace.id, {
        name,
        position,
        secondary_position: secondary === "" ? null : secondary,
        user_id: member === "" ? null : Number(member),
      }),
    onSuccess: () => {
      setName("");
      setMember("");
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate();
  };
  return (
    <form onSubmit={submit} className="mt-3 grid gap-2 sm:grid-cols-[1fr_8rem_8rem_1fr_auto] sm:items-end">
      <Field label={t("pools.playerName")} required>
        {(p) => <Input {...p} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field label={t("pools.position")}>
        {(p) => (
          <NativeSelect {...p} value={position} onChange={(e) => setPosition(e.target.value as Position)}>
            {POSITIONS.map((value) => (
              <option key={value} value={value}>
                {t(`pools.positions.${value}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label={t("pools.secondary")}>
        {(p) => (
          <NativeSelect
            {...p}
            value={secondary}
            onChange={(e) => setSecondary(e.target.value as Position | "")}
          >
            <option value="">{t("pools.none")}</option>
            {POSITIONS.map((value) => (
              <option key={value} value={value}>
                {t(`pools.positions.${value}`)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label={t("pools.member")}>
        {(p) => (
          <NativeSelect {...p} value={member} onChange={(e) => setMember(e.target.value)}>
            <option value="">{t("pools.none")}</option>
            {(members.data ?? []).map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {personLabel(m)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" disabled={add.isPending || !name.trim()}>
        <Plus className="size-4" aria-hidden />
        {t("pools.addPlayer")}
      </Button>
    </form>
  );
}

function Pools(props: {
  workspace: Workspace;
  roster: RosterPlayer[];
  champions: Champion[];
  records: PoolRecord[];
  scrimRecords: Map<string, ScrimPlayerChampionFigure[]>;
}) {
  const { t } = useTranslation("workspaces");
  const { user } = useAuth();
  const { workspace, roster } = props;
  // A player opens on their own pool; a link from the activity feed opens on the player it names.
  const mine = roster.find((player) => user && player.user_id === user.id);
  const [params] = useSearchParams();
  const [playerId, setPlayerId] = useState<string | null>(params.get("player"));
  const player = roster.find((p) => p.id === playerId) ?? mine ?? roster[0];
  if (!player) return null;
  return (
    <section aria-labelledby="ws-pools" className="rounded-2xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="ws-pools" className="text-lg font-bold text-fg">
          {t("pools.poolTitle")}
        </h2>
        <Field label={t("pools.player")} className="w-full sm:w-60">
          {(p) => (
            <NativeSelect {...p} value={player.id} onChange={(e) => setPlayerId(e.target.value)}>
              {roster.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <PoolEditor
        key={player.id}
        {...props}
        player={player}
        editable={canEditPool(workspace, player, user?.id ?? null)}
      />
    </section>
  );
}

function PoolEditor({
  workspace,
  player,
  champions,
  records,
  scrimRecords,
  editable,
}: {
  workspace: Workspace;
  player: RosterPlayer;
  champions: Champion[];
  records: PoolRecord[];
  scrimRecords: Map<string, ScrimPlayerChampionFigure[]>;
  editable: boolean;
}) {
  const { t } = useTranslation("workspaces");
  const refresh = useRosterUpdate(workspace.id);
  const saved = useMemo(
    () => player.pool.map(({ champion_id, tier, notes }) => ({ champion_id, tier, notes })),
    [player.pool],
  );
  const [entries, setEntries] = useState<PoolEntry[]>(saved);
  useEffect(() => setEntries(saved), [saved]);
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const byId = useMemo(() => new Map(champions.map((champion) => [champion.id, champion])), [champions]);
  const names = useMemo(
    () => new Map(champions.map((champion) => [champion.id, champion.name])),
    [champions],
  );
  const record = recordsOf(records, player.id);
  const inPool = new Set(entries.map((entry) => entry.champion_id));
  const shown = sortedPool(entries, names).filter((entry) => {
    const champion = byId.get(entry.champion_id);
    return !search.trim() || (champion && matchesSearch(champion, search));
  });
  const suggestions = search.trim()
    ? champions.filter((champion) => !inPool.has(champion.id) && matchesSearch(champion, search)).slice(0, 6)
    : [];
  const dirty = JSON.stringify(entries) !== JSON.stringify(saved);
  const save = useMutation({
    mutationFn: () => workspacesApi.setPool(workspace.id, player.id, entries),
    onSuccess: () => {
      toast.success(t("pools.saved", { name: player.name }));
      setSelected(new Set());
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const update = (championId: number, change: Partial<PoolEntry>) =>
    setEntries((current) =>
      current.map((entry) => (entry.champion_id === championId ? { ...entry, ...change } : entry)),
    );
  const toggle = (championId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(championId)) next.delete(championId);
      else next.add(championId);
      return next;
    });
  const recordText = (championId: number) => {
    const found = record.get(championId);
    return found ? t("pools.record", { games: found.games, wins: found.wins }) : t("pools.noRecord");
  };

  return (
    <div className="mt-3 flex flex-col gap-3">
      <p className="text-sm text-muted">
        {t(`pools.positions.${player.position}`)} · {t(`pools.status.${player.status}`)}
        {!editable && ` · ${t("pools.readOnly")}`}
      </p>
      <PlayerScrimRecord lines={scrimRecords.get(player.id)} champions={champions} limit={8} />
      {!editable &&
        (mayIn(workspace, "edit_own_pool") ? (
          <p role="note" className="text-sm text-muted">
            {t("pools.ownOnly")}
          </p>
        ) : (
          <AccessNote workspace={workspace} capability="edit_own_pool" />
        ))}
      <Field label={t("pools.search")}>
        {(p) => (
          <Input
            {...p}
            type="search"
            value={search}
            placeholder={t("pools.searchPlaceholder")}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
      </Field>
      {editable && suggestions.length > 0 && (
        <ul aria-label={t("pools.addChampions")} className="flex flex-wrap gap-2">
          {suggestions.map((champion) => (
            <li key={champion.id}>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  setEntries((current) => [...current, { champion_id: champion.id, tier: "A", notes: "" }])
                }
              >
                <Plus className="size-4" aria-hidden />
                {t("pools.add", { name: champion.name })}
                <span className="text-xs text-muted">{recordText(champion.id)}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {editable && selected.size > 0 && (
        <fieldset className="flex flex-wrap items-center gap-2 rounded-xl border-0 bg-surface-2 p-2">
          <legend className="sr-only">{t("pools.bulk")}</legend>
          <span className="text-sm font-semibold text-fg">
            {t("pools.selected", { count: selected.size })}
          </span>
          {POOL_TIERS.map((tier) => (
            <Button
              key={tier}
              variant="soft"
              size="sm"
              onClick={() => setEntries((current) => bulkEdit(current, selected, { tier }))}
            >
              {t("pools.setTier", { tier: t(`pools.tiers.${tier}`) })}
            </Button>
          ))}
          <Button
            variant="danger"
            size="sm"
            onClick={() => {
              setEntries((current) => bulkEdit(current, selected, { remove: true }));
              setSelected(new Set());
            }}
          >
            {t("pools.removeSelected")}
          </Button>
        </fieldset>
      )}
      {entries.length === 0 ? (
        <p className="text-sm text-muted">{t("pools.poolEmpty", { name: player.name })}</p>
      ) : (
        <ul aria-label={t("pools.poolOf", { name: player.name })} className="divide-y divide-border">
          {shown.map((entry) => {
            const champion = byId.get(entry.champion_id);
            const name = champion?.name ?? String(entry.champion_id);
            return (
              <li
                key={entry.champion_id}
                className="grid grid-cols-[auto_minmax(0,1fr)_7rem] items-center gap-x-3 gap-y-2 py-2 sm:grid-cols-[auto_12rem_8rem_1fr]"
              >
                <span className="flex items-center gap-2">
                  {editable && (
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={t("pools.select", { name })}
                      checked={selected.has(entry.champion_id)}
                      onChange={() => toggle(entry.champion_id)}
                    />
                  )}
                  <ChampionImage name={name} src={champion?.icon_url} size={32} decorative />
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-fg">{name}</span>
                  <span className="block text-xs text-muted">{recordText(entry.champion_id)}</span>
                </span>
                {editable ? (
                  <NativeSelect
                    aria-label={t("pools.tierOf", { name })}
                    value={entry.tier}
                    onChange={(e) => update(entry.champion_id, { tier: e.target.value as PoolTier })}
                  >
                    {POOL_TIERS.map((tier) => (
                      <option key={tier} value={tier}>
                        {t(`pools.tiers.${tier}`)}
                      </option>
                    ))}
                  </NativeSelect>
                ) : (
                  <Badge tone={entry.tier === "S" ? "primary" : "neutral"}>
                    {t(`pools.tiers.${entry.tier}`)}
                  </Badge>
                )}
                {editable ? (
                  <Input
                    aria-label={t("pools.notesOf", { name })}
                    placeholder={t("pools.notesPlaceholder")}
                    value={entry.notes}
                    maxLength={300}
                    className="col-span-3 sm:col-span-1"
                    onChange={(e) => update(entry.champion_id, { notes: e.target.value })}
                  />
                ) : (
                  <span className="col-span-3 text-sm text-muted sm:col-span-1">{entry.notes}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editable && (
        <div className="flex flex-wrap gap-2">
          <Button disabled={!dirty || save.isPending} onClick={() => save.mutate()}>
            {t("pools.save")}
          </Button>
          <Button variant="ghost" disabled={!dirty} onClick={() => setEntries(saved)}>
            {t("pools.discard")}
          </Button>
        </div>
      )}
    </div>
  );
}

function DerivedPriorities({ workspace, champions }: { workspace: Workspace; champions: Champion[] }) {
  const { t } = useTranslation("workspaces");
  const queryClient = useQueryClient();
  const query = useQuery(workspaceQueries.priorities(workspace.id));
  const set = useMutation({
    mutationFn: (keep: boolean) =>
      workspacesApi.setPriorities(workspace.id, keep ? (query.data?.priorities ?? []) : []),
    onSuccess: (data) => queryClient.setQueryData(workspaceKeys.priorities(workspace.id), data),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const byId = new Map(champions.map((champion) => [champion.id, champion]));
  const data = query.data;
  const editor = mayIn(workspace, "edit_priorities");
  return (
    <section aria-labelledby="ws-priorities" className="rounded-2xl border border-border bg-surface p-4">
      <h2 id="ws-priorities" className="text-lg font-bold text-fg">
        {t("pools.priorities")}
      </h2>
      {data && (
        <>
          <p role="note" className="mt-1 text-sm text-muted">
            {data.derived
              ? t("pools.derivedNote")
              : t("pools.setNote", {
                  name: data.updated_by
                    ? personLabel(data.updated_by)
                    : (data.updated_by_username ?? t("pools.someone")),
                })}
          </p>
          {data.priorities.length === 0 ? (
            <p className="mt-2 text-sm text-muted">{t("pools.prioritiesEmpty")}</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {data.priorities.map((entry) => (
                <li key={entry.champion_id}>
                  <Badge tone={entry.tier === "S" ? "primary" : "neutral"}>
                    {entry.tier} · {byId.get(entry.champion_id)?.name ?? entry.champion_id}
                    {entry.positions.length > 0 &&
                      ` (${entry.positions.map((position) => t(`pools.positions.${position}`)).join(", ")})`}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          {!editor && <AccessNote workspace={workspace} capability="edit_priorities" className="mt-2" />}
          {editor && data.priorities.length > 0 && (
            <div className="mt-3">
              <Button
                variant="outline"
                size="sm"
                // A long label wraps inside the button on a narrow phone (399 px wide in 288 in Spanish);
                // "!" as the button's own height and nowrap would win otherwise (cn does not merge).
                className="h-auto! min-h-8 max-w-full whitespace-normal! py-1.5"
                disabled={set.isPending}
                onClick={() => set.mutate(data.derived)}
              >
                {data.derived ? t("pools.keepDerived") : t("pools.backToDerived")}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
