import { BEST_OF, SIDE_CHOICES } from "@draftroom/draft";
import { z } from "zod";
import { IMAGE_SIZES, LANGUAGES } from "../constants.ts";
import { actionTypeSchema, draftFormatSchema, draftSettingsSchema, freeText, sideSchema } from "./drafts.ts";
import { fearlessRuleSchema, seriesTeamSchema } from "./series.ts";

/**
 * Sharing a draft or a series: the image query and the JSON export format. The export is the
 * one portable description of a draft; champions travel by their Data Dragon key (ids differ
 * between installs), leagues and teams by name with the id they had where they were exported.
 */

export type ImageSize = keyof typeof IMAGE_SIZES;
export const IMAGE_THEMES = ["light", "dark"] as const;
export type ImageTheme = (typeof IMAGE_THEMES)[number];

/** `?size=social|stream&theme=light|dark&lang=en|es` of the image routes. */
export const imageQuerySchema = z.object({
  size: z.enum(Object.keys(IMAGE_SIZES) as [ImageSize, ...ImageSize[]]).default("social"),
  theme: z.enum(IMAGE_THEMES).default("dark"),
  lang: z.enum(LANGUAGES).default("en"),
});
export type ImageQuery = z.infer<typeof imageQuerySchema>;

/** `format` of an exported draft and of an exported series. */
export const DRAFT_EXPORT_FORMAT = "draftroom.draft";
export const SERIES_EXPORT_FORMAT = "draftroom.series";
/** The version this build writes and reads; a later version is refused with a clear problem. */
export const EXPORT_VERSION = 1;

const exportedChampionSchema = z.object({
  /** Data Dragon key, e.g. "MonkeyKing": how an import finds the champion. */
  key: z.string().trim().min(1).max(60),
  /** For people reading the file. */
  name: z.string().max(60).optional(),
});

const exportedRefSchema = z.object({
  id: z.number().int().positive().nullable().default(null),
  name: freeText(100),
});

export const exportedActionSchema = z.object({
  /** 0-based step of the draft's format. */
  step: z.number().int().min(0).max(19),
  type: actionTypeSchema,
  side: sideSchema,
  /** null: a ban nobody made. */
  champion: exportedChampionSchema.nullable(),
  is_auto: z.boolean().default(false),
});
export type ExportedAction = z.infer<typeof exportedActionSchema>;

export const exportedDraftSchema = z.object({
  title: z.string().trim().min(1).max(120),
  description: freeText(2000).default(""),
  league: exportedRefSchema.nullable().default(null),
  blue_team: exportedRefSchema,
  red_team: exportedRefSchema,
  settings: draftSettingsSchema,
  draft_format: draftFormatSchema,
  winner: sideSchema.nullable().default(null),
  actions: z.array(exportedActionSchema).max(20),
});
export type ExportedDraft = z.infer<typeof exportedDraftSchema>;

export const draftExportSchema = z.object({
  format: z.literal(DRAFT_EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: z.string().max(40).optional(),
  draft: exportedDraftSchema,
});
export type DraftExport = z.infer<typeof draftExportSchema>;

export const exportedGameSchema = z.object({
  number: z.number().int().min(1).max(7),
  /** The series team on the blue side. */
  blue_team: seriesTeamSchema,
  winner: seriesTeamSchema.nullable(),
  actions: z.array(exportedActionSchema).max(20),
});

export const seriesExportSchema = z.object({
  format: z.literal(SERIES_EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: z.string().max(40).optional(),
  series: z.object({
    title: z.string().trim().min(1).max(120),
    league: exportedRefSchema.nullable(),
    team_a: exportedRefSchema,
    team_b: exportedRefSchema,
    best_of: z
      .number()
      .int()
      .refine((value) => (BEST_OF as readonly number[]).includes(value)),
    rule: fearlessRuleSchema,
    disabled_champions: z.array(exportedChampionSchema).max(100),
    side_choice: z.enum(SIDE_CHOICES),
    scrim_block: z.boolean(),
    draft_format: draftFormatSchema,
    settings: draftSettingsSchema,
    score: z.object({ A: z.number().int(), B: z.number().int() }),
    games: z.array(exportedGameSchema).max(7),
  }),
});
export type SeriesExport = z.infer<typeof seriesExportSchema>;
