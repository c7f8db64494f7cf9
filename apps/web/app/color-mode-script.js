// Inlined into <head> by root.tsx, so it runs before the page paints: applies the saved colour
// mode, and for "system" the OS preference, so there is no flash.
// app/lib/color-mode.ts applies the same rule after hydration; keep both in step.
(function () {
  var match = document.cookie.match(/(?:^|;\s*)color_mode=(light|dark|system)/);
  var root = document.documentElement;
  // A route that forces light or dark (handle.colorMode) says so on <html>; it wins over the cookie.
  var forced = root.getAttribute("data-forced-color-mode");
  var mode = forced === "light" || forced === "dark" ? forced : match ? match[1] : "system";
  var media = window.matchMedia("(prefers-color-scheme: dark)");
  function apply() {
    var current = root.dataset.colorMode || mode;
    var dark = current === "dark" || (current === "system" && media.matches);
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
  }
  root.dataset.colorMode = mode;
  apply();
  // "system" follows the OS live, e.g. when it switches to dark mode at sunset.
  media.addEventListener("change", apply);
})();
