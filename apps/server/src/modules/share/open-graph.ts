/**
 * Open Graph tags of the public draft and series views, so a link pasted into a chat (Discord,
 * Slack) shows the draft's image. The page is the web app's index.html; the server swaps the
 * generic tags for ones naming the public image, with absolute URLs from the request's origin
 * (protocol and host as Fastify reads them, behind a proxy only when TRUST_PROXY trusts it).
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const PUBLIC_VIEW = new RegExp(`^/app/public/(draft|series)/(${UUID})/?$`, "i");

export interface PublicShareTarget {
  readonly kind: "draft" | "series";
  readonly id: string;
}

/** The draft or series a public view's path shows, or null for any other path. */
export function publicShareTarget(url: string): PublicShareTarget | null {
  const path = url.split("?")[0] ?? "";
  const match = PUBLIC_VIEW.exec(path);
  if (!match) return null;
  return {
    kind: match[1]?.toLowerCase() === "series" ? "series" : "draft",
    id: (match[2] ?? "").toLowerCase(),
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const COPY = {
  draft: {
    title: "Draft on Draftroom",
    description: "Both teams' picks and bans, in order. Open the link to follow it live.",
    alt: "The draft: both teams, picks in order and bans",
  },
  series: {
    title: "Series on Draftroom",
    description: "The score and every game's picks and bans. Open the link to follow it live.",
    alt: "The series: score, and each game's picks and bans",
  },
} as const;

/**
 * index.html with the share tags of a public view: the generic og:/twitter: tags and the title
 * are replaced, everything else (scripts whose hashes the CSP allows) stays byte for byte.
 *
 * @example
 * withOpenGraph(html, { kind: "draft", id }, "https://draftroom.example");
 * // … <meta property="og:image" content="https://draftroom.example/api/drafts/sessions/{id}/public/image.png"> …
 */
export function withOpenGraph(html: string, target: PublicShareTarget, origin: string): string {
  const copy = COPY[target.kind];
  const page =
    target.kind === "draft"
      ? `${origin}/app/public/draft/${target.id}`
      : `${origin}/app/public/series/${target.id}`;
  const image =
    target.kind === "draft"
      ? `${origin}/api/drafts/sessions/${target.id}/public/image.png`
      : `${origin}/api/series/${target.id}/public/image.png`;
  const tags: Array<[string, string, string]> = [
    ["property", "og:type", "website"],
    ["property", "og:site_name", "Draftroom"],
    ["property", "og:title", copy.title],
    ["property", "og:description", copy.description],
    ["property", "og:url", page],
    ["property", "og:image", image],
    ["property", "og:image:type", "image/png"],
    ["property", "og:image:width", "1200"],
    ["property", "og:image:height", "630"],
    ["property", "og:image:alt", copy.alt],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:image", image],
  ];
  const meta = tags
    .map(
      ([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeAttribute(content)}" />`,
    )
    .join("\n    ");
  return html
    .replace(/[ \t]*<meta\s+(?:property="og:[^"]*"|name="twitter:[^"]*")[^>]*>\s*\n?/g, "")
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(copy.title)}</title>`)
    .replace("</head>", `    ${meta}\n  </head>`);
}
