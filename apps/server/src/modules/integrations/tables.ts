/** Tables of the integrations module (migration `…_integrations`, decision 051). */

export interface IntegrationConnectionsTable {
  workspace_id: string;
  service: "discord" | "riot";
  /** Sealed (secrets.ts); null for a service without a secret (Riot: the operator's key). */
  secret: string | null;
  /** What the page shows of the secret: its last four characters. */
  hint: string | null;
  /** Discord: `{events}`; Riot: `{region}`. */
  settings: unknown;
  connected_by: number | null;
  connected_at: string;
  last_success_at: string | null;
  last_error_problem: string | null;
  last_error_detail: string | null;
  last_error_at: string | null;
}

export interface IntegrationDeliveriesTable {
  id: string;
  workspace_id: string;
  event: string;
  title: string;
  message: unknown | null;
  status: "pending" | "sent" | "failed";
  attempts: number;
  due_at: string;
  claimed_until: string | null;
  last_error_problem: string | null;
  last_error_detail: string | null;
  last_error_at: string | null;
  created_at: string;
  sent_at: string | null;
  /** Queued once per workspace and key (decision 057); null: no key. */
  item_key: string | null;
}

export interface RiotPlayerAccountsTable {
  workspace_id: string;
  player_id: string;
  game_name: string;
  tag_line: string;
  puuid: string;
  checked_at: string;
}

export interface CalendarFeedsTable {
  token_hash: string;
  workspace_id: string;
  user_id: number;
  created_at: string;
}

export interface TournamentProvidersTable {
  workspace_id: string;
  provider_id: number;
  tournament_id: number;
  callback_hash: string;
  region: string;
  created_at: string;
}

export interface TournamentCodesTable {
  code: string;
  workspace_id: string;
  scrim_id: string;
  game_number: number;
  room_id: string | null;
  created_at: string;
  match_id: string | null;
  /** The filed game's RiotGame (JSON). */
  result: unknown | null;
  filed_at: string | null;
}

export interface IntegrationsTables {
  integration_connections: IntegrationConnectionsTable;
  integration_deliveries: IntegrationDeliveriesTable;
  riot_player_accounts: RiotPlayerAccountsTable;
  calendar_feeds: CalendarFeedsTable;
  tournament_providers: TournamentProvidersTable;
  tournament_codes: TournamentCodesTable;
}
