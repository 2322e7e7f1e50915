// Inlined into index.html after #root by the build (the server allows it by its CSP hash), after
// the <template>s of render-shell.tsx. On the landing page of a signed-out visitor it shows the
// prerendered header and hero for the language and theme theme-init.js applied, before any
// JavaScript module runs; React replaces it with the same markup on its first render.
(() => {
  const root = document.getElementById("root");
  // The build writes LANDING_SHELL_PATHS (packages/contracts) in place of the placeholder.
  if (!root || root.firstElementChild || !__LANDING_SHELL_PATHS__.includes(location.pathname)) return;
  let mode = "light";
  let signedIn = false;
  try {
    mode = localStorage.getItem("themeMode") || "light";
    signedIn = localStorage.getItem("authToken") !== null;
  } catch {
    /* storage unavailable: a signed-out visitor on the default theme */
  }
  // A signed-in visitor's header and hero differ (account menu, dashboard button): React draws them.
  if (signedIn) return;
  if (mode !== "dark" && mode !== "auto") mode = "light";
  const html = document.documentElement;
  const effective = html.classList.contains("dark") ? "dark" : "light";
  const language = html.lang === "es" ? "es" : "en";
  const template = document.getElementById(`landing-shell-${language}-${mode}-${effective}`);
  if (template instanceof HTMLTemplateElement) root.append(template.content.cloneNode(true));
})();
