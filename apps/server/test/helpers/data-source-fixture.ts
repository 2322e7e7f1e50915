import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";

/**
 * A local stand-in for Data Dragon and a match-data host, on loopback (tests never reach the
 * internet): `/api/versions.json`, `/cdn/<version>/data/en_US/champion.json`,
 * `/cdn/<version>/img/champion/<Key>.png` and `/matches.csv`, each with an ETag answered by 304.
 * Tests change what it serves between checks (`versions`, `champions`, `csv`, `mode`).
 */

/** A real 1×1 PNG, served as every portrait. */
export const PORTRAIT_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export interface DataSourceFixture {
  readonly url: string;
  /** Environment pointing the server's sources here. */
  readonly env: Record<string, string>;
  versions: string[];
  /** Champion files by version (any JSON value; a string is sent as is, e.g. broken JSON). */
  champions: Map<string, unknown>;
  csv: string;
  /** `truncate`: the match file's body stops half way (Content-Length promises more). */
  mode: "normal" | "truncate";
  /** Milliseconds every answer waits (to make two processes overlap). */
  delayMs: number;
  /** Requests received, by path. */
  readonly requests: string[];
  close(): Promise<void>;
}

const etagOf = (body: Buffer) => `"${createHash("sha1").update(body).digest("hex").slice(0, 16)}"`;

export async function startDataSourceFixture(): Promise<DataSourceFixture> {
  const requests: string[] = [];
  const state = {
    versions: [] as string[],
    champions: new Map<string, unknown>(),
    csv: "",
    mode: "normal" as "normal" | "truncate",
    delayMs: 0,
  };
  const server: Server = createServer(async (request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    requests.push(path);
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    let body: Buffer | null = null;
    let type = "application/json";
    const champion = /^\/cdn\/([\d.]+)\/data\/en_US\/champion\.json$/.exec(path);
    const portrait = /^\/cdn\/[\d.]+\/img\/champion\/([A-Za-z0-9_]+)\.png$/.exec(path);
    if (path === "/api/versions.json") body = Buffer.from(JSON.stringify(state.versions));
    else if (champion && state.champions.has(champion[1]!)) {
      const value = state.champions.get(champion[1]!);
      body = Buffer.from(typeof value === "string" ? value : JSON.stringify(value));
    } else if (portrait) {
      body = PORTRAIT_PNG;
      type = "image/png";
    } else if (path === "/matches.csv") {
      body = Buffer.from(state.csv);
      type = "text/csv";
    }
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    const etag = etagOf(body);
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    if (path === "/matches.csv" && state.mode === "truncate") {
      response.writeHead(200, { "content-type": type, "content-length": String(body.length), etag });
      response.write(body.subarray(0, Math.floor(body.length / 2)));
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    }
    response.writeHead(200, { "content-type": type, "content-length": String(body.length), etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no fixture address");
  const url = `http://127.0.0.1:${address.port}`;
  const fixture: DataSourceFixture = {
    url,
    env: {
      DATA_UPDATES: "on",
      DATA_DRAGON_VERSIONS_URL: `${url}/api/versions.json`,
      DATA_DRAGON_CDN_URL: `${url}/cdn`,
      MATCH_DATA_URL: `${url}/matches.csv`,
      DATA_UPDATE_TIMEOUT_MS: "20000",
    },
    get versions() {
      return state.versions;
    },
    set versions(value) {
      state.versions = value;
    },
    get champions() {
      return state.champions;
    },
    set champions(value) {
      state.champions = value;
    },
    get csv() {
      return state.csv;
    },
    set csv(value) {
      state.csv = value;
    },
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value) {
      state.delayMs = value;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fixture;
}
