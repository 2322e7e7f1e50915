// Inlined into index.html by the build (the server allows it by its CSP hash); a plain file in dev.
// Applied before first paint so the page never flashes the wrong theme or hues.
(() => {
  const root = document.documentElement;
  let mode = "light";
  let hues = null;
  let lang = null;
  try {
    mode = localStorage.getItem("themeMode") || "light";
    hues = JSON.parse(localStorage.getItem("customThemeHues") || "null");
    lang = localStorage.getItem("language");
  } catch {
    /* storage unavailable or corrupt: defaults apply */
  }
  if (mode !== "light" && mode !== "dark" && mode !== "auto") mode = "light";
  const dark =
    mode === "dark" || (mode === "auto" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  if (hues && typeof hues === "object") {
    for (const name of ["primary", "secondary", "accent", "neutral"]) {
      const value = Number(hues[name]);
      if (Number.isFinite(value) && value >= 0 && value <= 360)
        root.style.setProperty(`--hue-${name}`, String(value));
    }
  }
  if (lang === "en" || lang === "es") root.lang = lang;
})();
