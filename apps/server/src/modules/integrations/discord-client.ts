import { type ServiceResult, ServiceTransport, type TransportOptions } from "./transport.ts";

/**
 * Discord webhooks (decision 051). A webhook URL is a secret (whoever holds it posts in the
 * channel), so a workspace gives its URL once; the client only ever posts to the configured
 * Discord base, which also keeps a pasted URL from making this server call anywhere else.
 * Discord answers 204, or 429 with `retry_after` (seconds, in the body): one queue per process,
 * paused by a 429 (Discord limits per webhook and per route; one pause is the simple bound).
 */

export interface DiscordEmbed {
  readonly title: string;
  readonly description?: string;
  readonly url?: string;
  readonly color?: number;
  readonly fields?: readonly { name: string; value: string; inline?: boolean }[];
  readonly timestamp?: string;
  /** An image under the embed: `attachment://<name>` shows a file sent with the post. */
  readonly image?: { readonly url: string };
}

export interface DiscordMessage {
  readonly content?: string;
  readonly embeds?: readonly DiscordEmbed[];
}

/** A file sent with a post (multipart), e.g. the finished draft's card. */
export interface DiscordFile {
  readonly name: string;
  readonly contentType: string;
  readonly data: Uint8Array;
}

/** A webhook's two parts: the id (not secret) and the token (the secret). */
export interface DiscordWebhook {
  readonly id: string;
  readonly token: string;
}

export class DiscordClient {
  readonly #baseUrl: string;
  readonly #transport: ServiceTransport;

  constructor(baseUrl: string, transport: Omit<TransportOptions, "service">) {
    this.#baseUrl = baseUrl.replace(/\/$/, "");
    this.#transport = new ServiceTransport({ ...transport, service: "Discord" });
  }

  /**
   * Reads a pasted webhook URL: only `<base>/<id>/<token>` (Discord's, or discordapp.com's when
   * the base is Discord's) is accepted. Undefined: not a webhook URL.
   *
   * @example
   * client.parseWebhookUrl("https://discord.com/api/webhooks/123/abc") // { id: "123", token: "abc" }
   */
  parseWebhookUrl(text: string): DiscordWebhook | undefined {
    const bases = [this.#baseUrl];
    if (this.#baseUrl === "https://discord.com/api/webhooks") {
      bases.push(
        "https://discordapp.com/api/webhooks",
        "https://canary.discord.com/api/webhooks",
        "https://ptb.discord.com/api/webhooks",
      );
    }
    const trimmed = text.trim().split(/[?#]/)[0]!.replace(/\/$/, "");
    for (const base of bases) {
      if (!trimmed.startsWith(`${base}/`)) continue;
      const match = /^(\d{5,25})\/([A-Za-z0-9_-]{20,100})$/.exec(trimmed.slice(base.length + 1));
      if (match) return { id: match[1]!, token: match[2]! };
    }
    return undefined;
  }

  /**
   * Posts a message, with files when given (multipart: the message as `payload_json`, each file as
   * `files[n]`, as Discord's execute-webhook documents); `wait=true` is not asked, so success is
   * Discord's 204.
   */
  post(
    webhook: DiscordWebhook,
    message: DiscordMessage,
    files: readonly DiscordFile[] = [],
  ): Promise<ServiceResult<null>> {
    // Mentions are off: an item's title is a member's text and must not ping @everyone.
    const body = {
      ...message,
      allowed_mentions: { parse: [] },
      ...(files.length > 0 ? { attachments: files.map((file, id) => ({ id, filename: file.name })) } : {}),
    };
    let form: FormData | undefined;
    if (files.length > 0) {
      form = new FormData();
      form.append("payload_json", JSON.stringify(body));
      files.forEach((file, index) => {
        // A copy on its own ArrayBuffer: a Blob takes no view of a shared one.
        const bytes = new Uint8Array(file.data);
        form!.append(`files[${index}]`, new Blob([bytes], { type: file.contentType }), file.name);
      });
    }
    return this.#transport.call(
      {
        method: "POST",
        url: `${this.#baseUrl}/${encodeURIComponent(webhook.id)}/${encodeURIComponent(webhook.token)}`,
        ...(form ? { form } : { body }),
      },
      () => null,
    );
  }
}
