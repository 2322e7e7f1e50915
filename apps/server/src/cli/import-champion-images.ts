import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import cliProgress from "cli-progress";
import { Parser, type ReadEntry } from "tar";
import yauzl from "yauzl";
import { CliError } from "./set-plan.ts";

export const IMPORT_CHAMPION_IMAGES_USAGE = `import-champion-images <archive|folder>
                               copy the square champion icons of a Data Dragon archive (.tgz,
                               .tar.gz, .zip) or folder into CHAMPION_IMAGE_DIR, so that
                               CHAMPION_IMAGE_BASE_URL=/champion-images serves them from here`;

/**
 * A square champion icon inside Data Dragon: `<version>/img/champion/<Key>.png` (the archive's
 * `img/champion/splash/…`, `loading/…` and `tiles/…` art sit in sub-folders and do not match).
 * A folder holding just `img/champion/<Key>.png` counts too (version unknown).
 */
const ICON_PATH = /(?:^|\/)(?:(\d+(?:\.\d+)+)\/)?img\/champion\/([A-Za-z0-9]+)\.png$/;
/** Icons are small (about 15 KB); anything bigger than this is not one. */
const MAX_ICON_BYTES = 2 * 1024 * 1024;
/** How deep a folder is searched for `img/champion`. */
const MAX_FOLDER_DEPTH = 6;

export interface ChampionIcon {
  key: string;
  version: string | null;
  data: Buffer;
}

export interface ImportImagesIo {
  out: (line: string) => void;
  progressStream: NodeJS.WritableStream;
}

export interface ImportImagesResult {
  /** Icons written into the folder. */
  copied: number;
  /** The Data Dragon version they came from (null for an unversioned folder). */
  version: string | null;
  /** Champion keys of the pool that got no icon. */
  missing: string[];
  dir: string;
}

/** Splits "1.2.10" into numbers for comparison. */
const versionParts = (version: string | null) => (version ?? "0").split(".").map(Number);
function newerVersion(a: string | null, b: string | null): boolean {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return false;
}

function matchIcon(path: string): { key: string; version: string | null } | null {
  const match = ICON_PATH.exec(path.split(sep).join("/"));
  return match ? { key: match[2]!, version: match[1] ?? null } : null;
}

function progressBar(io: ImportImagesIo, format: string) {
  return new cliProgress.SingleBar(
    {
      format,
      stream: io.progressStream,
      noTTYOutput: true,
      notTTYSchedule: 250,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
}

const notAnArchive = (file: string, reason: string) =>
  new CliError(
    `${file} is not a readable Data Dragon archive (${reason}). Expected dragontail-<version>.tgz or .zip as downloaded from Riot, or its unpacked folder. Nothing was copied.`,
  );

/** Icons of a .tgz / .tar.gz / .tar, streamed (a full Data Dragon archive is about 1 GB). */
async function iconsFromTar(file: string, io: ImportImagesIo): Promise<ChampionIcon[]> {
  const { size } = await stat(file);
  const icons: ChampionIcon[] = [];
  const bar = progressBar(io, "reading [{bar}] {percentage}% | {value}/{total} MB | {icons} icons");
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  bar.start(Math.max(1, mb(size)), 0, { icons: 0 });
  let read = 0;
  const source = createReadStream(file);
  source.on("data", (chunk) => {
    read += chunk.length;
    bar.update(mb(read), { icons: icons.length });
  });
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      const icon = entry.type === "File" && entry.size <= MAX_ICON_BYTES ? matchIcon(entry.path) : null;
      if (!icon) {
        entry.resume();
        return;
      }
      const chunks: Buffer[] = [];
      entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      entry.on("end", () => icons.push({ ...icon, data: Buffer.concat(chunks) }));
    },
  });
  try {
    await new Promise<void>((done, fail) => {
      source.on("error", fail);
      parser.on("error", fail);
      parser.on("close", () => done());
      source.pipe(parser);
    });
  } catch (error) {
    throw notAnArchive(file, (error as Error).message);
  } finally {
    bar.update(mb(read), { icons: icons.length });
    bar.stop();
  }
  return icons;
}

/** Icons of a .zip (read entry by entry; the central directory gives the count). */
async function iconsFromZip(file: string, io: ImportImagesIo): Promise<ChampionIcon[]> {
  const zip = await new Promise<yauzl.ZipFile>((done, fail) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, opened) =>
      error || !opened ? fail(notAnArchive(file, error?.message ?? "cannot open")) : done(opened),
    ),
  );
  const icons: ChampionIcon[] = [];
  const bar = progressBar(io, "reading [{bar}] {percentage}% | {value}/{total} entries | {icons} icons");
  bar.start(Math.max(1, zip.entryCount), 0, { icons: 0 });
  let seen = 0;
  try {
    await new Promise<void>((done, fail) => {
      zip.on("error", (error: Error) => fail(notAnArchive(file, error.message)));
      zip.on("end", () => done());
      zip.on("entry", (entry: yauzl.Entry) => {
        seen += 1;
        bar.update(seen, { icons: icons.length });
        const icon =
          !entry.fileName.endsWith("/") && entry.uncompressedSize <= MAX_ICON_BYTES
            ? matchIcon(entry.fileName)
            : null;
        if (!icon) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) {
            fail(notAnArchive(file, error?.message ?? "cannot read an entry"));
            return;
          }
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", (streamError) => fail(notAnArchive(file, streamError.message)));
          stream.on("end", () => {
            icons.push({ ...icon, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    bar.stop();
  }
  return icons;
}

/** Icons of an unpacked folder (the dragontail root, its version folder, or `img/champion`'s parent). */
async function iconsFromFolder(folder: string, io: ImportImagesIo): Promise<ChampionIcon[]> {
  const found: { path: string; key: string; version: string | null }[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (depth > MAX_FOLDER_DEPTH) return;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path, depth + 1);
      else if (entry.isFile()) {
        const icon = matchIcon(relative(folder, path));
        if (icon) found.push({ path, ...icon });
      }
    }
  };
  await walk(folder, 0);
  const bar = progressBar(io, "reading [{bar}] {percentage}% | {value}/{total} icons");
  bar.start(Math.max(1, found.length), 0);
  const icons: ChampionIcon[] = [];
  try {
    for (const item of found) {
      icons.push({ key: item.key, version: item.version, data: await readFile(item.path) });
      bar.increment();
    }
  } finally {
    bar.stop();
  }
  return icons;
}

/** The newest version's icon of each champion. */
function newestIcons(icons: readonly ChampionIcon[]): { icons: ChampionIcon[]; version: string | null } {
  let version: string | null = null;
  for (const icon of icons) if (newerVersion(icon.version, version)) version = icon.version;
  const byKey = new Map<string, ChampionIcon>();
  for (const icon of icons) if (icon.version === version) byKey.set(icon.key, icon);
  return { icons: [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key)), version };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Copies the square champion icons of a Data Dragon archive or folder into `dir` as `<Key>.png`.
 * All or nothing: the icons are written to a staging folder first and moved in once every one
 * was read; a wrong or damaged archive leaves `dir` as it was.
 *
 * @example
 * await importChampionImages("dragontail-16.6.1.tgz", { dir: "./data/champion-images", knownKeys, io });
 * // { copied: 172, version: "16.6.1", missing: [], dir: "/srv/draftroom/data/champion-images" }
 */
export async function importChampionImages(
  input: string,
  options: { dir: string; knownKeys: readonly string[]; io: ImportImagesIo },
): Promise<ImportImagesResult> {
  const { io } = options;
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(input);
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file or folder" : String(error);
    throw new CliError(`Cannot read ${input}: ${reason}.`);
  }
  const lower = input.toLowerCase();
  let raw: ChampionIcon[];
  if (info.isDirectory()) raw = await iconsFromFolder(input, io);
  else if (/\.(tgz|tar\.gz|tar)$/.test(lower)) raw = await iconsFromTar(input, io);
  else if (lower.endsWith(".zip")) raw = await iconsFromZip(input, io);
  else
    throw new CliError(
      `${input} is not a Data Dragon archive: expected a .tgz, .tar.gz or .zip file, or a folder. Nothing was copied.`,
    );

  const { icons, version } = newestIcons(
    raw.filter((icon) => icon.data.subarray(0, 8).equals(PNG_SIGNATURE)),
  );
  if (icons.length === 0) {
    throw new CliError(
      `No champion icons in ${input}: a Data Dragon archive or folder holds <version>/img/champion/<Champion>.png (for example 16.6.1/img/champion/Ahri.png). Nothing was copied.`,
    );
  }

  const dir = resolve(options.dir);
  const staging = join(dir, `.import-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  try {
    const bar = progressBar(io, "copying [{bar}] {percentage}% | {value}/{total} icons");
    bar.start(icons.length, 0);
    for (const icon of icons) {
      await writeFile(join(staging, `${icon.key}.png`), icon.data);
      bar.increment();
    }
    bar.stop();
    for (const icon of icons) await rename(join(staging, `${icon.key}.png`), join(dir, `${icon.key}.png`));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const have = new Set(icons.map((icon) => icon.key));
  return {
    copied: icons.length,
    version,
    missing: options.knownKeys.filter((key) => !have.has(key)),
    dir,
  };
}
