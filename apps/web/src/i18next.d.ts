import "i18next";
import type { I18nResources } from "./lib/i18n-resources.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: I18nResources;
    returnNull: false;
  }
}
