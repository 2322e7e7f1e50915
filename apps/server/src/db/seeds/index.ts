import { PLANS } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import championFile from "../../../seed-data/ddragon-champion-16.6.1.json" with { type: "json" };
import type { Database } from "../schema.ts";
import { jsonEquals, nowIso, toBool, toJson, toNumberOrNull } from "../values.ts";
import { parseDataDragon, type UpsertSummary, upsertChampionsIn } from "./champions.ts";
import { LEAGUE_SEEDS } from "./leagues.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface SeedSummary {
  champions: UpsertSummary;
  leagues: UpsertSummary;
  teams: UpsertSummary;
  tiers: UpsertSummary;
}

const empty = (): UpsertSummary => ({ added: 0, updated: 0, unchanged: 0 });

async function seedTiers(trx: Db): Promise<UpsertSummary> {
  const summary = empty();
  const existing = await trx.selectFrom("tiers").selectAll().execute();
  for (const [order, plan] of PLANS.entries()) {
    const values = {
      name: plan.name,
      price_monthly: plan.price_monthly,
      price_annual: plan.price_annual,
      original_monthly: plan.original_monthly,
      original_annual: plan.original_annual,
      sort_order: order,
    };
    const row = existing.find((candidate) => candidate.key === plan.key);
    if (!row) {
      const now = nowIso();
      await trx
        .insertInto("tiers")
        .values({
          ...values,
          key: plan.key,
          features: toJson(plan.features),
          created_at: now,
          updated_at: now,
        })
        .execute();
      summary.added += 1;
      continue;
    }
    const same =
      row.name === values.name &&
      Number(row.price_monthly) === values.price_monthly &&
      toNumberOrNull(row.price_annual) === values.price_annual &&
      toNumberOrNull(row.original_monthly) === values.original_monthly &&
      toNumberOrNull(row.original_annual) === values.original_annual &&
      Number(row.sort_order) === order &&
      jsonEquals(row.features, plan.features);
    if (same) {
      summary.unchanged += 1;
    } else {
      await trx
        .updateTable("tiers")
        .set({ ...values, features: toJson(plan.features), updated_at: nowIso() })
        .where("id", "=", row.id)
        .execute();
      summary.updated += 1;
    }
  }
  return summary;
}

async function seedLeagues(trx: Db): Promise<{ leagues: UpsertSummary; teams: UpsertSummary }> {
  const leagues = empty();
  const teams = empty();
  const existingLeagues = (await trx.selectFrom("leagues").selectAll().execute()).filter(
    (row) => !toBool(row.is_custom),
  );
  for (const seed of LEAGUE_SEEDS) {
    let league = existingLeagues.find((row) => row.name === seed.name);
    if (!league) {
      league = await trx
        .insertInto("leagues")
        .values({
          name: seed.name,
          short_name: seed.short_name,
          region: seed.region,
          is_custom: false,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      leagues.added += 1;
    } else if (league.short_name !== seed.short_name || league.region !== seed.region) {
      await trx
        .updateTable("leagues")
        .set({ short_name: seed.short_name, region: seed.region })
        .where("id", "=", league.id)
        .execute();
      leagues.updated += 1;
    } else {
      leagues.unchanged += 1;
    }
    const leagueId = Number(league.id);
    const existingTeams = await trx
      .selectFrom("teams")
      .selectAll()
      .where("league_id", "=", leagueId)
      .where("is_custom", "=", false)
      .execute();
    for (const team of seed.teams) {
      const row = existingTeams.find((candidate) => candidate.name === team.name);
      if (!row) {
        await trx
          .insertInto("teams")
          .values({
            league_id: leagueId,
            name: team.name,
            short_name: team.short_name,
            is_custom: false,
            created_at: nowIso(),
          })
          .execute();
        teams.added += 1;
      } else if (row.short_name !== team.short_name) {
        await trx
          .updateTable("teams")
          .set({ short_name: team.short_name })
          .where("id", "=", row.id)
          .execute();
        teams.updated += 1;
      } else {
        teams.unchanged += 1;
      }
    }
  }
  return { leagues, teams };
}

/**
 * Seeds the champion pool, the leagues with their teams and the subscription tiers, in one
 * transaction. Idempotent: a second run reports everything unchanged and writes nothing.
 */
export async function seedDatabase(db: Kysely<Database>): Promise<SeedSummary> {
  const champions = parseDataDragon(championFile);
  return db.transaction().execute(async (trx) => {
    const championSummary = await upsertChampionsIn(trx, champions);
    const { leagues, teams } = await seedLeagues(trx);
    const tiers = await seedTiers(trx);
    return { champions: championSummary, leagues, teams, tiers };
  });
}
