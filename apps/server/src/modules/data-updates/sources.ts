import { Readable, Transform } from "node:stream";
import type { DataSourceName } from "@draftroom/contracts";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import { createDatabase } from "../../db/index.ts";
import type { Database } from "../../db/schema.ts";
import { ChampionFileError, parseDataDragon } from "../../db/seeds/champions.ts";
import { applyChampionImageSource } from "../champions/image-source.ts";
import {
  championPool,
  fetchPortraits,
  importChampionRecords,
  missingPortraits,
} from "../champions/service.ts";
import { importMatchStream, loadPool, MatchFileError, warmMatchStatistics } from "../matches/service.ts";
import {
  conditionalGet,
  failureError,
  readJson,
  timeoutError,
  UpdateError,
  type Validators,
} from "./download.ts";

/**
 * The two sources: Data Dragon (versions list → champion file of a new patch → portraits) and
 * Oracle's Elixir match data (one CSV URL, streamed into the importer). Each returns what it did;
 * a failure throws UpdateError before anything is written, or inside the one transaction that
 * writes, so a bad download changes nothing.
 */

export interface SourceContext {
  db: Kysely<Database>;
  config: Config;
  validators: Validators;
  /** The version imported last (Data Dragon). */
  version: string | null;
  onProgress: (items: number) => void;
  /** Portraits this process already tried (`<version>:<Key>`): a missing one is fetched once. */
  triedPortraits: Set<string>;
}

export interface SourceOutcome {
  /** True when nothing was written. */
  unchanged: boolean;
  added: number;
  changed: number;
  version: string | null;
  /** New validators to keep (null: keep the old ones). */
  validators: Validators | null;
}

const VERSION = /^\d+(\.\d+)*$/;

export async function updateDataDragon(ctx: SourceContext): Promise<SourceOutcome> {
  const { dataDragonVersionsUrl: versionsUrl, dataDragonCdnUrl: cdn, timeoutMs } = ctx.config.dataUpdates;
  const versions = await conditionalGet(versionsUrl, ctx.validators, timeoutMs);
  let latest = ctx.version;
  let validators: Validators | null = null;
  if (versions.status === "changed") {
    const list = await readJson(versionsUrl, versions, timeoutMs);
    if (!Array.isArray(list) || list.length === 0 || typeof list[0] !== "string" || !VERSION.test(list[0])) {
      throw new UpdateError(
        "The versions list is not a list of Data Dragon versions (damaged or cut off).",
        "invalid_versions",
      );
    }
    latest = list[0];
    validators = versions.validators;
  }

  let added: string[] = [];
  let changed: string[] = [];
  if (latest && latest !== ctx.version) {
    const url = `${cdn}/${latest}/data/en_US/champion.json`;
    const file = await conditionalGet(url, { etag: null, last_modified: null }, timeoutMs);
    if (file.status !== "changed")
      throw new UpdateError(`The champion file of patch ${latest} was not sent.`, "champions_missing", {
        patch: latest,
      });
    const json = await readJson(url, file, timeoutMs);
    let records: ReturnType<typeof parseDataDragon>;
    try {
      records = parseDataDragon(json);
    } catch (error) {
      if (error instanceof ChampionFileError) {
        const first = error.message.split("\n")[1]?.trim() ?? "";
        throw new UpdateError(
          `The champion file of patch ${latest} is not valid${first ? ` (${first})` : ""}.`,
          "invalid_champions",
          { patch: latest },
        );
      }
      throw error;
    }
    ({ added, changed } = await importChampionRecords(ctx.db, records));
    await applyChampionImageSource(ctx.db, ctx.config.championImages.source);
    ctx.onProgress(records.length);
  }

  // Portraits: the new and changed champions', and any still missing (each tried once per version).
  let portraits = 0;
  if (latest) {
    const keys = (await championPool(ctx.db)).map((champion) => champion.champion_key);
    const dir = ctx.config.championImages.dir;
    const wanted = [...new Set([...added, ...changed, ...missingPortraits(dir, keys)])].filter(
      (key) => !ctx.triedPortraits.has(`${latest}:${key}`),
    );
    for (const key of wanted) ctx.triedPortraits.add(`${latest}:${key}`);
    if (wanted.length > 0) {
      const result = await fetchPortraits(dir, wanted, (key) => `${cdn}/${latest}/img/champion/${key}.png`, {
        timeoutMs,
        onProgress: (done) => ctx.onProgress(done),
      });
      portraits = result.fetched.length;
    }
  }
  return {
    unchanged: added.length === 0 && changed.length === 0 && portraits === 0 && latest === ctx.version,
    added: added.length + portraits,
    changed: changed.length,
    version: latest,
    validators,
  };
}

class TooLarge extends Error {}

export async function updateMatchData(ctx: SourceContext): Promise<SourceOutcome> {
  const url = ctx.config.dataUpdates.matchDataUrl;
  if (!url) throw new UpdateError("No match data URL is configured (MATCH_DATA_URL).", "no_url");
  const download = await conditionalGet(url, ctx.validators, ctx.config.dataUpdates.timeoutMs);
  if (download.status === "unchanged") {
    return { unchanged: true, added: 0, changed: 0, version: null, validators: null };
  }
  const limit = ctx.config.matchUploadLimitBytes;
  const declared = Number(download.response.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await download.response.body?.cancel();
    throw new UpdateError(
      `The match file is larger than the limit of ${limit} bytes (MATCH_UPLOAD_LIMIT_BYTES).`,
      "too_large",
      { limit },
    );
  }
  if (!download.response.body) throw new UpdateError("The match file was empty.", "empty");
  let received = 0;
  const body = Readable.fromWeb(download.response.body as import("node:stream/web").ReadableStream);
  // A download that stalls (no byte for the timeout) is stopped; a slow but moving one goes on.
  const idleMs = ctx.config.dataUpdates.timeoutMs;
  let idle = setTimeout(() => download.abort(timeoutError()), idleMs);
  const counted = body.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        clearTimeout(idle);
        idle = setTimeout(() => download.abort(timeoutError()), idleMs);
        received += chunk.length;
        if (received > limit) done(new TooLarge());
        else done(null, chunk);
      },
      flush(done) {
        clearTimeout(idle);
        done();
      },
    }),
  );
  body.on("error", (error) => {
    clearTimeout(idle);
    counted.destroy(error);
  });
  // Its own connection, as the web import: the app's queries go on during a long import.
  const importer = createDatabase(ctx.config);
  try {
    const pool = await loadPool(importer.db);
    const result = await importMatchStream(importer.db, counted, pool, { onProgress: ctx.onProgress });
    if (result.status === "rejected") {
      const first = result.problems[0];
      throw new UpdateError(
        result.problems.length > 0
          ? `The match file has ${result.problems.length} problem(s)${first ? ` (line ${first.line}: ${first.message})` : ""}; nothing was imported.`
          : "The match file has no complete game; nothing was imported.",
        result.problems.length > 0 ? "match_problems" : "no_games",
        result.problems.length > 0 ? { count: result.problems.length } : {},
      );
    }
    warmMatchStatistics(ctx.db);
    return {
      unchanged: false,
      added: result.added,
      changed: result.replaced,
      version: null,
      validators: download.validators,
    };
  } catch (error) {
    if (error instanceof UpdateError) throw error;
    if (error instanceof TooLarge) {
      throw new UpdateError(
        `The match file is larger than the limit of ${limit} bytes (MATCH_UPLOAD_LIMIT_BYTES).`,
        "too_large",
        { limit },
      );
    }
    if (error instanceof MatchFileError) {
      throw new UpdateError(`The match file is not Oracle's Elixir data: ${error.message}`, "not_match_data");
    }
    throw failureError(url, error);
  } finally {
    clearTimeout(idle);
    await importer.destroy();
  }
}

export const RUNNERS: Record<DataSourceName, (ctx: SourceContext) => Promise<SourceOutcome>> = {
  data_dragon: updateDataDragon,
  match_data: updateMatchData,
};

/** The URL a source downloads from (null: not configured). */
export function sourceUrl(config: Config, source: DataSourceName): string | null {
  return source === "data_dragon"
    ? config.dataUpdates.dataDragonVersionsUrl
    : (config.dataUpdates.matchDataUrl ?? null);
}
