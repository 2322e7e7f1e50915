import type { Generated } from "kysely";

/**
 * Tables created by the foundation migration: the champion pool, the leagues and teams the
 * seeds provide, and the subscription tiers. Column types are what the driver hands back before
 * the helpers in values.ts normalise them (booleans 0/1 or boolean, JSON text or object).
 */

export interface ChampionsTable {
  /** Data Dragon numeric `key` (e.g. 266 for Aatrox), not generated. */
  id: number;
  name: string;
  /** Data Dragon `id` (e.g. "MonkeyKing"), unique. */
  champion_key: string;
  title: string;
  role: string;
  /** JSON array of Data Dragon tags. */
  tags: unknown;
  icon_url: string;
  splash_url: string;
  /** Data Dragon version the row came from. */
  version: string;
  created_at: string;
  updated_at: string;
}

export interface LeaguesTable {
  id: Generated<number>;
  name: string;
  short_name: string;
  region: string;
  is_custom: boolean | number;
  created_at: string;
}

export interface TeamsTable {
  id: Generated<number>;
  league_id: number;
  name: string;
  short_name: string;
  is_custom: boolean | number;
  created_at: string;
}

export interface TiersTable {
  id: Generated<number>;
  /** PlanKey from packages/contracts: community | plus | pro. */
  key: string;
  name: string;
  price_monthly: number;
  price_annual: number | null;
  original_monthly: number | null;
  original_annual: number | null;
  /** JSON object of TierFeatures. */
  features: unknown;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface FoundationTables {
  champions: ChampionsTable;
  leagues: LeaguesTable;
  teams: TeamsTable;
  tiers: TiersTable;
}
