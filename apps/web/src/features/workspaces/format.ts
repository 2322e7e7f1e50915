import { dateTimeFormat } from "@/lib/format.ts";
import i18n from "@/lib/i18n.ts";

/** A short localised date and time. */
export function formatDate(iso: string): string {
  return dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
