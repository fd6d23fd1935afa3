// Light or dark: the system's setting (prefers-color-scheme, followed when it changes) unless
// the switch in the sidebar chose one; the choice is remembered by the browser for this
// server's address (localStorage), for every file served. theme.css has the colours.
const themeChoiceKey = "realm-browser theme";
const systemDark = window.matchMedia("(prefers-color-scheme: dark)");

// localStorage, or nothing where the browser refuses it (a private window's rules).
const stored = {
  get(key) { try { return localStorage.getItem(key); } catch (error) { return null; } },
  set(key, value) { try { localStorage.setItem(key, value); } catch (error) { /* not kept */ } },
};

function applyTheme() {
  const choice = stored.get(themeChoiceKey) || "auto";
  const dark = choice === "dark" || (choice !== "light" && systemDark.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  $("theme").value = ["auto", "light", "dark"].includes(choice) ? choice : "auto";
}

$("graphLink").after(el("select", { id: "theme", title: "light or dark (auto: as the system says)" },
  el("option", { value: "auto", text: "auto" }), el("option", { value: "light", text: "light" }), el("option", { value: "dark", text: "dark" })));
$("theme").onchange = () => { stored.set(themeChoiceKey, $("theme").value); applyTheme(); };
systemDark.addEventListener("change", applyTheme);
applyTheme();
