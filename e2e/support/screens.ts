import type { Browser } from "@playwright/test";

/** The shell screens every axe scan and screenshot pass visits. */
export const SHELL_SCREENS = [
  { name: "login", path: "/login", signedIn: false },
  { name: "register", path: "/register", signedIn: false },
  { name: "not-found", path: "/no-such-page", signedIn: false },
  { name: "help", path: "/help", signedIn: false },
  { name: "docs", path: "/docs", signedIn: false },
  { name: "faq", path: "/faq", signedIn: false },
  { name: "profile", path: "/profile", signedIn: true },
] as const;

/** A new context at `width` px with the theme and language stored before the app starts. */
export async function newThemedPage(
  browser: Browser,
  baseURL: string,
  width: number,
  theme: string,
  lang: string,
) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 500 ? 844 : 900 },
    colorScheme: theme === "dark" ? "dark" : "light",
  });
  await context.addInitScript(
    ({ t, l }) => {
      window.localStorage.setItem("themeMode", t);
      window.localStorage.setItem("language", l);
    },
    { t: theme, l: lang },
  );
  return { context, page: await context.newPage() };
}
