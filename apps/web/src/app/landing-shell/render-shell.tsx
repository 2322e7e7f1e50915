/**
 * Build-time only (vite.config.ts, `prerenderLandingShell`): renders the landing page's first
 * screen — the app layout's header and the hero — to static HTML with the real components, once
 * per language and theme variant. index.html carries them as inert <template>s and
 * `pick-shell.js` puts the matching one into #root before the first paint, so the hero (the page's
 * largest paint) does not wait for the JavaScript. React replaces it with the same markup on its
 * first render (createRoot clears #root when it commits), so nothing moves.
 */
import { DEFAULT_HUES, LANGUAGES, type Language, type ThemeMode } from "@draftroom/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { AppLayout } from "@/app/layout/AppLayout.tsx";
import { Hero } from "@/features/landing/components/Hero.tsx";
import i18n from "@/lib/i18n.ts";
import { type EffectiveTheme, themeStore } from "@/lib/theme.ts";

/** Theme mode and what it shows: the header's theme icon follows the mode, the logo the effect. */
export const SHELL_THEMES: ReadonlyArray<{ mode: ThemeMode; effective: EffectiveTheme }> = [
  { mode: "light", effective: "light" },
  { mode: "dark", effective: "dark" },
  { mode: "auto", effective: "light" },
  { mode: "auto", effective: "dark" },
];

export interface LandingShell {
  /** `<language>-<mode>-<effective>`, as pick-shell.js builds it. */
  key: string;
  html: string;
}

/** The signed-out first screen of `/`: skip link, header, and <main> holding the hero only. */
function Shell() {
  return (
    <MemoryRouter initialEntries={["/"]}>
      <Routes>
        <Route element={<AppLayout footer={false} />}>
          <Route path="/" element={<Hero />} />
        </Route>
      </Routes>
    </MemoryRouter>
  );
}

async function renderLandingShells(): Promise<LandingShell[]> {
  const shells: LandingShell[] = [];
  for (const language of LANGUAGES as readonly Language[]) {
    await i18n.changeLanguage(language);
    if (i18n.resolvedLanguage !== language) throw new Error(`prerender: ${language} texts did not load`);
    for (const { mode, effective } of SHELL_THEMES) {
      themeStore.set({ mode, hues: { ...DEFAULT_HUES }, systemDark: effective === "dark" });
      shells.push({ key: `${language}-${mode}-${effective}`, html: renderToStaticMarkup(<Shell />) });
    }
  }
  return shells;
}

/** For the build (vite.config.ts): where the picker shows a shell, and how the server finds it. */
export { LANDING_SHELL_MARKERS, LANDING_SHELL_PATHS } from "@draftroom/contracts";

// Rendered while the module loads: Vite's module runner (vite.config.ts) closes once the import
// resolves, and the Spanish texts are dynamic imports.
export const LANDING_SHELLS: LandingShell[] = await renderLandingShells();
