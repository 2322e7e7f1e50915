// Shared setup for the web app's jsdom tests: every locale namespace in every language is loaded
// up front (the app loads them per route), so components render their texts synchronously.
import { loadAllLanguages } from "@/lib/i18n.ts";

await loadAllLanguages();
