// Inlined into index.html's head by the build (vite.config.ts, `preloadScreenCode`), which fills in
// the files every screen loads beside its own: the code the screens share, its stylesheet, and
// TanStack Query with the app's client. A page load of a screen (any route but the landing page,
// which loads none of them) asks for them at once, beside the entry, instead of after the entry
// has run; the entry's own requests for them then find them loaded.
(() => {
  const path = location.pathname.replace(/\/+$/, "");
  if (path === "" || path === "/app") return;
  for (const href of __SCREEN_CODE__) {
    const link = document.createElement("link");
    link.rel = href.endsWith(".css") ? "preload" : "modulepreload";
    if (href.endsWith(".css")) link.as = "style";
    link.crossOrigin = "";
    link.href = href;
    document.head.appendChild(link);
  }
})();
