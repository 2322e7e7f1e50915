import { type FixtureServer, startFixtureServer } from "./fixture-server.ts";

/**
 * Discord's webhooks on loopback (decision 051): `POST /<id>/<token>` answers 204 for a webhook
 * it knows and 404 `Unknown Webhook` (code 10015) for one it does not, like Discord; failures are
 * scripted (429 with `retry_after` in the body, 401, 5xx, a hang, a broken body). A post with files
 * comes as multipart (`payload_json` and `files[n]`), as Discord takes it; its files are kept.
 * The server's `DISCORD_WEBHOOK_BASE_URL` is `env.DISCORD_WEBHOOK_BASE_URL`.
 */

export interface DiscordFixture extends FixtureServer {
  readonly env: Record<string, string>;
  /** Makes a webhook Discord knows; answers its URL (the secret a workspace pastes). */
  webhook(): { url: string; id: string; token: string };
  /** Messages received per webhook id, in arrival order. */
  messages(id: string): unknown[];
  /** The files of each message received per webhook id (an empty list: a post without files). */
  files(id: string): ReceivedFile[][];
}

export interface ReceivedFile {
  readonly field: string;
  readonly name: string;
  readonly type: string;
  readonly bytes: Buffer;
}

/** A multipart post's message and files, read as Discord does. */
async function readMultipart(
  raw: Buffer,
  contentType: string,
): Promise<{ body: unknown; files: ReceivedFile[] }> {
  const form = await new Response(new Uint8Array(raw), {
    headers: { "content-type": contentType },
  }).formData();
  const payload = form.get("payload_json");
  const files: ReceivedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === "string") continue;
    files.push({ field, name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return { body: typeof payload === "string" ? JSON.parse(payload) : null, files };
}

export async function startDiscordFixture(): Promise<DiscordFixture> {
  const known = new Map<string, string>();
  const received = new Map<string, unknown[]>();
  const receivedFiles = new Map<string, ReceivedFile[][]>();
  let next = 100_000_000;
  const server = await startFixtureServer([
    [
      "POST",
      /^\/api\/webhooks\/(\d+)\/([A-Za-z0-9_-]+)(\?.*)?$/,
      async (request, m) => {
        if (known.get(m[1]!) !== m[2])
          return { status: 404, body: { message: "Unknown Webhook", code: 10015 } };
        const contentType = String(request.headers["content-type"] ?? "");
        const { body: posted, files } = contentType.startsWith("multipart/form-data")
          ? await readMultipart(request.raw, contentType)
          : { body: request.body, files: [] };
        const body = posted as { content?: string; embeds?: unknown[] } | null;
        if (!body || (!body.content && !body.embeds?.length)) {
          return { status: 400, body: { message: "Cannot send an empty message", code: 50006 } };
        }
        const list = received.get(m[1]!) ?? [];
        list.push(body);
        received.set(m[1]!, list);
        const fileList = receivedFiles.get(m[1]!) ?? [];
        fileList.push(files);
        receivedFiles.set(m[1]!, fileList);
        return { status: 204 };
      },
    ],
  ]);
  const base = `${server.url}/api/webhooks`;
  return {
    ...server,
    env: { DISCORD_WEBHOOK_BASE_URL: base },
    webhook() {
      next += 1;
      const id = String(next);
      const token = `tok_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.padEnd(
        68,
        "x",
      );
      known.set(id, token);
      return { url: `${base}/${id}/${token}`, id, token };
    },
    messages(id) {
      return received.get(id) ?? [];
    },
    files(id) {
      return receivedFiles.get(id) ?? [];
    },
  };
}
