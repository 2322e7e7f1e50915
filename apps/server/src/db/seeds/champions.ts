import { CHAMPION_ROLES, type ChampionRole } from "@draftroom/contracts";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { Database } from "../schema.ts";
import { jsonEquals, nowIso, toJson } from "../values.ts";

const CDN = "https://ddragon.leagueoflegends.com/cdn";

/** A champion as stored, derived from one Data Dragon entry. */
export interface ChampionRecord {
  id: number;
  name: string;
  champion_key: string;
  title: string;
  role: ChampionRole;
  tags: string[];
  icon_url: string;
  splash_url: string;
  version: string;
}

export class ChampionFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChampionFileError";
  }
}

const entrySchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9]+$/, { error: "must be letters and digits (Data Dragon id)" }),
  key: z.string().regex(/^\d+$/, { error: "must be a numeric string" }),
  name: z.string().min(1),
  title: z.string().default(""),
  tags: z
    .array(z.enum(CHAMPION_ROLES, { error: `must be one of ${CHAMPION_ROLES.join(", ")}` }))
    .min(1, { error: "needs at least one tag" }),
  image: z.object({ full: z.string().min(1) }),
});

const fileSchema = z.object({
  type: z.literal("champion", { error: 'must be "champion"' }).optional(),
  version: z.string().regex(/^\d+(\.\d+)*$/, { error: 'must look like "16.6.1"' }),
  data: z.record(z.string(), z.unknown()),
});

/**
 * Reads Data Dragon's `champion.json` (already JSON-parsed). Every problem is collected and
 * reported at once, so a bad file is refused before anything is written.
 *
 * @example
 * parseDataDragon({ version: "16.6.1", data: { Ahri: { id: "Ahri", key: "103", name: "Ahri",
 *   tags: ["Mage", "Assassin"], image: { full: "Ahri.png" } } } })[0].icon_url;
 * // "https://ddragon.leagueoflegends.com/cdn/16.6.1/img/champion/Ahri.png"
 */
export function parseDataDragon(input: unknown): ChampionRecord[] {
  const file = fileSchema.safeParse(input);
  if (!file.success) {
    const lines = file.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new ChampionFileError(`Not a Data Dragon champion file:\n  ${lines.join("\n  ")}`);
  }
  const { version, data } = file.data;
  const problems: string[] = [];
  const records: ChampionRecord[] = [];
  const seenIds = new Map<number, string>();
  for (const [name, raw] of Object.entries(data)) {
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) {
      for (const issue of entry.error.issues)
        problems.push(`data.${name}.${issue.path.join(".")}: ${issue.message}`);
      continue;
    }
    const champion = entry.data;
    const id = Number(champion.key);
    const clash = seenIds.get(id);
    if (clash) problems.push(`data.${name}.key: ${id} is also the key of ${clash}`);
    seenIds.set(id, champion.id);
    records.push({
      id,
      name: champion.name,
      champion_key: champion.id,
      title: champion.title,
      role: champion.tags[0]!,
      tags: champion.tags,
      icon_url: `${CDN}/${version}/img/champion/${champion.image.full}`,
      splash_url: `${CDN}/img/champion/splash/${champion.id}_0.jpg`,
      version,
    });
  }
  if (records.length === 0 && problems.length === 0) problems.push("data: contains no champions");
  if (problems.length > 0) {
    const shown = problems.slice(0, 20);
    const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : "";
    throw new ChampionFileError(
      `Invalid champion file (${problems.length} problems):\n  ${shown.join("\n  ")}${more}`,
    );
  }
  return records.sort((a, b) => a.name.localeCompare(b.name));
}

export interface UpsertSummary {
  added: number;
  updated: number;
  unchanged: number;
}

type Db = Kysely<Database> | Transaction<Database>;

function sameChampion(row: Record<string, unknown>, record: ChampionRecord): boolean {
  return (
    Number(row.id) === record.id &&
    row.name === record.name &&
    row.title === record.title &&
    row.role === record.role &&
    jsonEquals(row.tags, record.tags) &&
    row.icon_url === record.icon_url &&
    row.splash_url === record.splash_url &&
    row.version === record.version
  );
}

/**
 * Inserts or updates champions by `champion_key` in one transaction; nothing is written when
 * any row fails. `onProgress(done, total)` is called after each champion.
 */
export async function upsertChampions(
  db: Kysely<Database>,
  records: readonly ChampionRecord[],
  onProgress?: (done: number, total: number) => void,
): Promise<UpsertSummary> {
  return db.transaction().execute(async (trx) => upsertChampionsIn(trx, records, onProgress));
}

async function upsertChampionsIn(
  trx: Db,
  records: readonly ChampionRecord[],
  onProgress?: (done: number, total: number) => void,
): Promise<UpsertSummary> {
  const existing = await trx.selectFrom("champions").selectAll().execute();
  const byKey = new Map(existing.map((row) => [row.champion_key, row as unknown as Record<string, unknown>]));
  const summary: UpsertSummary = { added: 0, updated: 0, unchanged: 0 };
  let done = 0;
  for (const record of records) {
    const row = byKey.get(record.champion_key);
    const now = nowIso();
    const values = {
      id: record.id,
      name: record.name,
      title: record.title,
      role: record.role,
      tags: toJson(record.tags),
      icon_url: record.icon_url,
      splash_url: record.splash_url,
      version: record.version,
    };
    if (!row) {
      await trx
        .insertInto("champions")
        .values({ ...values, champion_key: record.champion_key, created_at: now, updated_at: now })
        .execute();
      summary.added += 1;
    } else if (sameChampion(row, record)) {
      summary.unchanged += 1;
    } else {
      await trx
        .updateTable("champions")
        .set({ ...values, updated_at: now })
        .where("champion_key", "=", record.champion_key)
        .execute();
      summary.updated += 1;
    }
    done += 1;
    onProgress?.(done, records.length);
  }
  return summary;
}

export { upsertChampionsIn };
