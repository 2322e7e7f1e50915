// Shared setup for the web app's component tests (happy-dom): every locale namespace in every
// language is loaded up front (the app loads them per route), so components render their texts
// synchronously.
// jest-dom's matchers (toBeVisible, toHaveTextContent, ...) let a test say what the user sees
// instead of `expect(getBy…).toBeTruthy()`, which can never fail.
import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";
import { loadAllLanguages } from "@/lib/i18n.ts";

await loadAllLanguages();

// `findBy…` and `waitFor` give up after 1 s by default, which a render on two busy cores can take
// (seen: DataSourcesCard's first heading missed while the suite ran beside the server tests). A
// passing test never waits this budget out; only a broken one spends it.
configure({ asyncUtilTimeout: 4000 });
