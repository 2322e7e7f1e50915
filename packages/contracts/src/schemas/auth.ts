import { z } from "zod";
import { LANGUAGES, PASSWORD_MIN_LENGTH, THEME_MODES, USERNAME_MIN_LENGTH } from "../constants.ts";
import { NO_NUL_CHARACTER, timestampSchema } from "./common.ts";

const hue = z.number().int().min(0).max(360);

export const customHuesSchema = z.object({ primary: hue, secondary: hue, accent: hue, neutral: hue });

export const preferencesSchema = z.object({
  theme: z.enum(THEME_MODES),
  language: z.enum(LANGUAGES),
  custom_hues: customHuesSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  preferences: preferencesSchema,
  date_joined: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

const username = z
  .string({ error: "usernameRequired" })
  .trim()
  .min(1, { error: "usernameRequired" })
  .min(USERNAME_MIN_LENGTH, { error: "usernameMin" })
  .max(150, { error: "tooLong" })
  .regex(/^[\w.-]+$/, { error: "usernameFormat" });

const email = z
  .string({ error: "emailRequired" })
  .trim()
  .min(1, { error: "emailRequired" })
  .max(254, { error: "tooLong" })
  .pipe(z.email({ error: "emailInvalid" }));

const password = z
  .string({ error: "passwordRequired" })
  .min(1, { error: "passwordRequired" })
  .min(PASSWORD_MIN_LENGTH, { error: "passwordMin" })
  .max(200, { error: "tooLong" });

const personName = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .min(1, { error: key })
    .max(150, { error: "tooLong" })
    .regex(NO_NUL_CHARACTER, { error: "invalidValue" });

/** Register payload as the API receives it. */
export const registerBodySchema = z
  .object({
    username,
    email,
    password,
    password_confirm: z
      .string({ error: "confirmPasswordRequired" })
      .min(1, { error: "confirmPasswordRequired" }),
    first_name: personName("firstNameRequired"),
    last_name: personName("lastNameRequired"),
    /**
     * The language and theme the visitor was using (the app's switches work signed out): the
     * account starts with them, so what the server writes for it (a feed, a calendar, a draft's
     * title) is in that language from the start. The defaults without them.
     */
    language: z.enum(LANGUAGES).optional(),
    theme: z.enum(THEME_MODES).optional(),
  })
  .refine((body) => body.password === body.password_confirm, {
    path: ["password_confirm"],
    error: "passwordsMismatch",
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The register form's field names (confirmPassword instead of password_confirm). */
export const registerFormSchema = z
  .object({
    first_name: personName("firstNameRequired"),
    last_name: personName("lastNameRequired"),
    username,
    email,
    password,
    confirmPassword: z
      .string({ error: "confirmPasswordRequired" })
      .min(1, { error: "confirmPasswordRequired" }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    error: "passwordsMismatch",
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const loginBodySchema = z.object({
  username: z
    .string({ error: "usernameRequired" })
    .trim()
    .min(1, { error: "usernameRequired" })
    .max(150, { error: "tooLong" })
    .regex(NO_NUL_CHARACTER, { error: "invalidValue" }),
  password: z
    .string({ error: "passwordRequired" })
    .min(1, { error: "passwordRequired" })
    .max(200, { error: "tooLong" }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const profileUpdateBodySchema = z
  .object({
    first_name: personName("firstNameRequired"),
    last_name: personName("lastNameRequired"),
    email,
  })
  .partial();
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

export const passwordChangeBodySchema = z
  .object({
    current_password: z.string({ error: "passwordRequired" }).min(1, { error: "passwordRequired" }),
    new_password: password,
    new_password_confirm: z
      .string({ error: "confirmPasswordRequired" })
      .min(1, { error: "confirmPasswordRequired" }),
  })
  .refine((body) => body.new_password === body.new_password_confirm, {
    path: ["new_password_confirm"],
    error: "passwordsMismatch",
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

export const preferencesUpdateBodySchema = preferencesSchema.partial();
export const themeUpdateBodySchema = z.object({ theme: z.enum(THEME_MODES) });
export const languageUpdateBodySchema = z.object({ language: z.enum(LANGUAGES) });

/** Fields of a client error report's `context`: flat, a few, each short. */
export const CLIENT_ERROR_CONTEXT_LIMITS = { fields: 16, keyLength: 64, valueLength: 10000 } as const;

const clientErrorContextSchema = z
  .record(
    z.string().max(CLIENT_ERROR_CONTEXT_LIMITS.keyLength),
    z.union([z.string().max(CLIENT_ERROR_CONTEXT_LIMITS.valueLength), z.number(), z.boolean(), z.null()]),
  )
  .refine((context) => Object.keys(context).length <= CLIENT_ERROR_CONTEXT_LIMITS.fields, {
    error: `at most ${CLIENT_ERROR_CONTEXT_LIMITS.fields} fields`,
  });

export const clientErrorBodySchema = z.object({
  level: z.enum(["error", "warn"]),
  message: z.string().max(2000),
  stack: z.string().max(10000).optional(),
  url: z.string().max(2000).optional(),
  context: clientErrorContextSchema.optional(),
});
