// The queries of this file: every query that ran (the last `historyLength`, newest first, the
// same one again moved up) and queries saved under a name, both kept by the browser in
// localStorage under the file's path (`storageKey`), so they survive a reload (and, with the
// same --port, a restart). The panel opens from the bar (or h); a click runs one.
const historyLength = 100;
const queriesKey = () => storageKey("queries");

function storedQueries() {
  let kept = null;
  try { kept = JSON.parse(stored.get(queriesKey()) || "null"); } catch (error) { kept = null; }
  return { history: Array.isArray(kept && kept.history) ? kept.history : [], saved: Array.isArray(kept && kept.saved) ? kept.saved : [] };
}

function storeQueries(queries) {
  stored.set(queriesKey(), JSON.stringify(queries));
  if (!$("historyPanel").hidden) renderHistory();
}

// A query that answered (its first page): at the top of the history.
after("page", (body) => {
  if (!grid.query || body.offset !== 0) return;
  const queries = storedQueries();
  const entry = { "class": grid.className, query: grid.query, at: Date.now(), count: body.count };
  queries.history = [entry, ...queries.history.filter((old) => old["class"] !== entry["class"] || old.query !== entry.query)]
    .slice(0, historyLength);
  storeQueries(queries);
});

function saveQuery(name) {
  const queries = storedQueries();
  const entry = { name, "class": state.route.className, query: state.route.query || $("query").value.trim() };
  queries.saved = [entry, ...queries.saved.filter((old) => old.name !== name)];
  storeQueries(queries);
}

function forgetSaved(name) {
  const queries = storedQueries();
  queries.saved = queries.saved.filter((old) => old.name !== name);
  storeQueries(queries);
}

function ago(time) {
  const seconds = Math.max(0, Math.round((Date.now() - time) / 1000));
  if (seconds < 60) return seconds + " s ago";
  if (seconds < 3600) return Math.round(seconds / 60) + " min ago";
  if (seconds < 86400) return Math.round(seconds / 3600) + " h ago";
  return new Date(time).toLocaleDateString();
}

function queryItem(entry, extra) {
  const item = el("li", { "data-class": entry["class"], "data-query": entry.query, title: "run it" },
                  el("span", { class: "queryClass", text: entry["class"] }), " ", el("code", { class: "queryText", text: entry.query }), ...extra);
  item.onclick = () => { $("historyPanel").hidden = true; goClass(entry["class"], entry.query); };
  return item;
}

function renderHistory() {
  const queries = storedQueries();
  const name = el("input", { id: "saveName", placeholder: "name", spellcheck: "false" });
  const save = () => {
    if (!name.value.trim() || !(state.route.query || $("query").value.trim())) { name.focus(); return; }
    saveQuery(name.value.trim());
  };
  name.onkeydown = (event) => { if (event.key === "Enter") { event.preventDefault(); save(); } if (event.key === "Escape") $("historyPanel").hidden = true; };
  const saved = queries.saved.map((entry) => {
    const forget = el("button", { type: "button", class: "forget", text: "×", title: "forget this saved query" });
    forget.onclick = (event) => { event.stopPropagation(); forgetSaved(entry.name); };
    const item = queryItem(entry, [" ", forget]);
    item.prepend(el("b", { class: "savedName", text: entry.name }), " ");
    item.dataset.name = entry.name;
    return item;
  });
  const recent = queries.history.map((entry) => queryItem(entry, [" ", el("span", { class: "muted", text: (entry.count === 1 ? "1 object" : entry.count + " objects") + ", " + ago(entry.at) })]));
  $("historyPanel").replaceChildren(
    el("div", { class: "saveForm" }, "save the query shown as ", name, " ", el("button", { type: "button", id: "saveQuery", text: "save", onclick: save })),
    el("h4", { text: "Saved (" + saved.length + ")" }), el("ul", { id: "savedQueries" }, ...saved),
    el("h4", { text: "History (" + recent.length + ")" }), el("ul", { id: "queryHistory" }, ...recent));
}

function toggleHistory() {
  const panel = $("historyPanel");
  panel.hidden = !panel.hidden;
  if (!panel.hidden) { renderHistory(); $("saveName").focus(); }
}

$("clear").after(el("button", { type: "button", id: "historyToggle", text: "history ▾", title: "the queries run on this file, and saved ones (h)", onclick: toggleHistory }));
$("bar").append(el("div", { id: "historyPanel", hidden: "" }));
gridKeys.h = () => toggleHistory();
document.addEventListener("mousedown", (event) => {
  if (!$("historyPanel").hidden && !event.target.closest("#historyPanel, #historyToggle")) $("historyPanel").hidden = true;
});
