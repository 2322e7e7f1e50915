/**
 * The contract's schemas the web app validates with, in a chunk of their own with zod: loaded
 * through `loadSchemas` (lib/schemas.ts), never imported directly.
 */
export {
  draftExportSchema,
  draftPlanFileSchema,
  loginBodySchema,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
  registerFormSchema,
  reviewWriteBodySchema,
  roomServerMessageSchema,
  seriesCreateBodySchema,
  sessionWriteBodySchema,
} from "@draftroom/contracts";
