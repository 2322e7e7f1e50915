import type analytics from "@/locales/en/analytics.json";
import type auth from "@/locales/en/auth.json";
import type board from "@/locales/en/board.json";
import type common from "@/locales/en/common.json";
import type data from "@/locales/en/data.json";
import type drafts from "@/locales/en/drafts.json";
import type errors from "@/locales/en/errors.json";
import type help from "@/locales/en/help.json";
import type landing from "@/locales/en/landing.json";
import type practice from "@/locales/en/practice.json";
import type profile from "@/locales/en/profile.json";
import type reviews from "@/locales/en/reviews.json";
import type subscriptions from "@/locales/en/subscriptions.json";
import type validation from "@/locales/en/validation.json";

/**
 * The typed shape of every namespace: English is the source of truth. A new namespace adds one
 * line here (or augments this interface from its feature with `declare module`).
 */
export interface I18nResources {
  analytics: typeof analytics;
  auth: typeof auth;
  board: typeof board;
  common: typeof common;
  data: typeof data;
  drafts: typeof drafts;
  errors: typeof errors;
  help: typeof help;
  landing: typeof landing;
  practice: typeof practice;
  profile: typeof profile;
  reviews: typeof reviews;
  subscriptions: typeof subscriptions;
  validation: typeof validation;
}
