// Shared setup for the web app's jsdom tests: every locale namespace in every language is loaded
// up front (the app loads them per route), so components render their texts synchronously.
// jest-dom's matchers (toBeVisible, toHaveTextContent, ...) let a test say what the user sees
// instead of `expect(getBy…).toBeTruthy()`, which can never fail.
import "@testing-library/jest-dom/vitest";
import { loadAllLanguages } from "@/lib/i18n.ts";

await loadAllLanguages();
