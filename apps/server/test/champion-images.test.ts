import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { crc32 } from "node:zlib";
import { create as createTar } from "tar";
import { afterAll, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { runCli } from "../src/cli.ts";
import { contentSecurityPolicy } from "../src/plugins/security.ts";
import { describeEachDialect, testConfig } from "./helpers/dialects.ts";

const root = mkdtempSync(join(tmpdir(), "draftroom-images-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A tiny valid-looking PNG: the signature and some bytes naming the champion. */
const png = (name: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(name)]);

function write(path: string, data: Buffer | string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

/** A Data Dragon-like tree: two versions (the newest wins), splash art and data that do not count. */
const dragontail = join(root, "dragontail");
write(join(dragontail, "16.6.1/img/champion/Ahri.png"), png("Ahri 16.6.1"));
write(join(dragontail, "16.6.1/img/champion/Annie.png"), png("Annie 16.6.1"));
write(join(dragontail, "16.5.1/img/champion/Ahri.png"), png("Ahri 16.5.1"));
write(join(dragontail, "img/champion/splash/Ahri_0.jpg"), "splash");
write(join(dragontail, "16.6.1/data/en_US/champion.json"), "{}");
const notImages = join(root, "not-images");
write(join(notImages, "readme.txt"), "hello");

/** A minimal zip (stored entries) of the files under `dir`. */
function zipOf(dir: string, files: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = readFileSync(join(dir, file));
    const name = Buffer.from(file);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function cli(env: Record<string, string>, ...argv: string[]) {
  let out = "";
  let err = "";
  let drawn = "";
  const progress = new PassThrough();
  progress.on("data", (chunk) => {
    drawn += String(chunk);
  });
  const code = await runCli(argv, {
    env: { ...env, LOG_LEVEL: "silent" },
    cwd: root,
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    progressStream: progress,
  });
  return { code, out, err, progress: drawn };
}

describeEachDialect("import-champion-images", (ctx) => {
  const images = join(root, `images-${ctx.dialect}`);
  const env = () => ({ ...ctx.env, CHAMPION_IMAGE_BASE_URL: "/champion-images", CHAMPION_IMAGE_DIR: images });

  it("copies the newest icons of a folder, with a progress bar, and points the pool at them", async () => {
    const result = await cli(env(), "import-champion-images", "dragontail");
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toContain("2 champion icons (Data Dragon 16.6.1) copied");
    expect(result.out).toMatch(/\d+ champions of the pool have no icon there/);
    expect(result.progress).toContain("2/2 icons");
    expect(readFileSync(join(images, "Ahri.png")).toString()).toContain("Ahri 16.6.1");
    expect(readdirSync(images).sort()).toEqual(["Ahri.png", "Annie.png"]);
    const ahri = await ctx.db
      .selectFrom("champions")
      .select("icon_url")
      .where("champion_key", "=", "Ahri")
      .executeTakeFirstOrThrow();
    expect(ahri.icon_url).toBe("/champion-images/Ahri.png");
  });

  it("reads a .tgz and a .zip the same way", async () => {
    rmSync(images, { recursive: true, force: true });
    const tgz = join(root, "dragontail-16.6.1.tgz");
    await createTar({ gzip: true, file: tgz, cwd: dragontail }, ["16.6.1", "16.5.1", "img"]);
    const fromTar = await cli(env(), "import-champion-images", tgz);
    expect(fromTar.err).toBe("");
    expect(fromTar.out).toContain("2 champion icons (Data Dragon 16.6.1) copied");
    expect(fromTar.progress).toMatch(/reading .*MB/);

    rmSync(images, { recursive: true, force: true });
    const zip = join(root, "dragontail.zip");
    writeFileSync(
      zip,
      zipOf(dragontail, [
        "16.5.1/img/champion/Ahri.png",
        "16.6.1/img/champion/Ahri.png",
        "img/champion/splash/Ahri_0.jpg",
      ]),
    );
    const fromZip = await cli(env(), "import-champion-images", zip);
    expect(fromZip.err).toBe("");
    expect(fromZip.out).toContain("1 champion icons (Data Dragon 16.6.1) copied");
    expect(fromZip.progress).toContain("3/3 entries");
    expect(readFileSync(join(images, "Ahri.png")).toString()).toContain("Ahri 16.6.1");
  });

  it("refuses a wrong archive clearly and copies nothing", async () => {
    rmSync(images, { recursive: true, force: true });
    const broken = join(root, "broken.tgz");
    writeFileSync(broken, "this is not an archive at all, just text long enough to be read ".repeat(20));
    const bad = await cli(env(), "import-champion-images", broken);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("is not a readable Data Dragon archive");
    expect(bad.err).toContain("Nothing was copied");

    const empty = join(root, "no-icons.tgz");
    await createTar({ gzip: true, file: empty, cwd: notImages }, ["readme.txt"]);
    const none = await cli(env(), "import-champion-images", empty);
    expect(none.code).toBe(1);
    expect(none.err).toContain("No champion icons in");

    const other = await cli(env(), "import-champion-images", join(notImages, "readme.txt"));
    expect(other.code).toBe(1);
    expect(other.err).toContain("expected a .tgz, .tar.gz or .zip file, or a folder");
    const missing = await cli(env(), "import-champion-images", "nowhere.tgz");
    expect(missing.err).toContain("no such file or folder");
    expect(existsSync(join(images, "Ahri.png"))).toBe(false);
  });

  it("serves the imported icons with cache headers, and the CSP follows the source", async () => {
    await cli(env(), "import-champion-images", "dragontail");
    const app = await buildApp({ config: testConfig(env()), database: ctx.database });
    try {
      await app.ready();
      const icon = await app.inject({ method: "GET", url: "/champion-images/Ahri.png" });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers["content-type"]).toBe("image/png");
      expect(icon.headers["cache-control"]).toBe("public, max-age=86400");
      expect(icon.rawPayload.toString()).toContain("Ahri 16.6.1");
      const outside = await app.inject({ method: "GET", url: "/champion-images/..%2f..%2fsecret.png" });
      expect(outside.statusCode).toBe(404);
      const csp = String(icon.headers["content-security-policy"] ?? "");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).not.toContain("ddragon");
    } finally {
      await app.close();
    }
    const mirror = contentSecurityPolicy({
      clientErrorReportUrl: undefined,
      championImages: { source: { kind: "url", base: "https://img.example.com/lol" }, dir: images },
    });
    expect(mirror.imgSrc).toContain("https://img.example.com");
    expect(contentSecurityPolicy({ clientErrorReportUrl: undefined }).imgSrc).toContain(
      "https://ddragon.leagueoflegends.com",
    );
    // Back to the CDN: the next start points the pool at Data Dragon again.
    const cdn = await buildApp({ config: testConfig(ctx.env), database: ctx.database });
    await cdn.ready();
    await cdn.close();
    const ahri = await ctx.db
      .selectFrom("champions")
      .select("icon_url")
      .where("champion_key", "=", "Ahri")
      .executeTakeFirstOrThrow();
    expect(ahri.icon_url).toBe("https://ddragon.leagueoflegends.com/cdn/16.6.1/img/champion/Ahri.png");
  });

  it("lists the positions each champion plays, for the grid's filters", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/drafts/champions/positions/" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { source: string; positions: Record<string, string[]> };
    expect(["statistics", "roles"]).toContain(body.source);
    expect(Object.keys(body.positions)).toHaveLength(172);
    expect(body.positions["222"]?.[0]).toBe("bot"); // Jinx
    expect(body.positions["201"]).toContain("support"); // Braum
  });
});
