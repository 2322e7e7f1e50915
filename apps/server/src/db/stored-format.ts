import type { DraftFormatSpecBody } from "@draftroom/contracts";
import { draftFormatSchema } from "@draftroom/contracts";
import { FORMAT_PRESETS } from "@draftroom/draft";
import { fromJson } from "./values.ts";

/**
 * A stored format spec (the `format` column of draft sessions and rooms); NULL (a row written by
 * code that predates formats) is the default order. It lives beside the other column readers so
 * every module's repository reads the column the same way without importing another's.
 *
 * @example
 * storedFormat('{"order":"spec","disabled_slots":[],"first_pick":"BLUE"}').order; // "spec"
 */
export function storedFormat(value: unknown): DraftFormatSpecBody {
  if (value === null || value === undefined) return { ...FORMAT_PRESETS.tournament, disabled_slots: [] };
  const parsed = draftFormatSchema.safeParse(fromJson(value));
  return parsed.success ? parsed.data : { ...FORMAT_PRESETS.tournament, disabled_slots: [] };
}
