import { ROUTES } from "@draftroom/contracts";

/** The public link of a session: the site origin plus the public draft path. */
export function publicDraftUrl(sessionId: string): string {
  return `${window.location.origin}${ROUTES.publicDraft(sessionId)}`;
}

export { copyText } from "@/lib/clipboard.ts";
