import { SUPPORT_EMAIL } from "@draftroom/contracts";

/** Community channels linked from the landing footer. */
export const SOCIAL_LINKS = {
  twitter: "https://twitter.com/draftroomgg",
  discord: "https://discord.gg/draftroom",
} as const;

export function supportMailto(subject?: string): string {
  return subject
    ? `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`
    : `mailto:${SUPPORT_EMAIL}`;
}
