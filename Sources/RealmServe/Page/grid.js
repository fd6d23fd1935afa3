// The grid's script: virtual scrolling over a class or a query result. Only the visible rows
// are in the DOM, under a spacer as tall as all the rows (scaled down past what a browser can
// lay out, so a million rows work too); pages are fetched by offset as they come into view,
// each with the server's text for every cell. Column headers sort by composing the query.
const rowHeight = 24;
const pageRows = 50;
const cachedPages = 60;
// Browsers lay out elements up to about 17 M pixels (Firefox; Chrome 33 M): past this the
// spacer is scaled. The tests set a smaller bound to scroll the scaled way on 200,000 rows.
const tallestSpacer = window.realmBrowserTallestSpacer || 15000000;
const cutLength = 120;
const grid = { className: null, query: "", count: 0, columns: [], pages: new Map(), previous: new Map(), loading: new Set(), generation: 0, error: null };

// Shows a class or query; the same one again keeps its pages and scroll position.
function openGrid(className, query, force) {
  if (!force && grid.className === className && grid.query === query && grid.pages.size) {
    $("grid").scrollTop = grid.savedScroll || 0;
    renderRows();
    return;
  }
  const same = grid.className === className && grid.query === query;
  grid.className = className;
  grid.query = query;
  grid.generation += 1;
  // A refresh of the same rows shows the old pages until the new ones come.
  grid.previous = same ? grid.pages : new Map();
  grid.pages = new Map();
  grid.loading.clear();
  grid.error = null;
  if (!same) {
    grid.count = 0;
    grid.columns = [];
    grid.savedScroll = 0;
    $("grid").scrollTop = 0;
    $("count").textContent = "";
    $("gridBody").style.height = "0px";
    $("gridRows").replaceChildren();
    renderHead();
  }
  schemaOf(className).then(() => { if (!grid.columns.length && grid.className === className) renderHead(); });
  fetchPage(Math.floor(firstVisible() / pageRows)).then(() => fetchPage(0));
}

const reloadGrid = () => { if (grid.className) openGrid(grid.className, grid.query, true); };

async function fetchPage(index) {
  if (grid.pages.has(index) || grid.loading.has(index) || !grid.className) return;
  const generation = grid.generation;
  grid.loading.add(index);
  const parameters = { "class": grid.className, offset: index * pageRows, limit: pageRows };
  if (grid.query) parameters.q = grid.query;
  const { ok, body } = await api(grid.query ? "/api/query" : "/api/objects", parameters);
  if (generation !== grid.generation) return;
  grid.loading.delete(index);
  if (!ok) { grid.previous = new Map(); showGridError(body); return; }
  grid.error = null;
  $("query").classList.remove("failed");
  const changed = grid.count !== body.count;
  grid.count = body.count;
  $("count").textContent = body.count === 1 ? "1 object" : body.count + " objects";
  if (Array.isArray(body.columns)) {
    const columns = body.columns.filter((name) => name !== "_key");
    if (columns.join("\n") !== grid.columns.join("\n")) { grid.columns = columns; renderHead(); }
  } else if (!grid.columns.length && body.objects.length) {
    grid.columns = Object.keys(body.objects[0]).filter((name) => name !== "_key");
    renderHead();
  }
  grid.pages.set(index, { objects: body.objects, cells: body.cells || null, columns: body.columns || null });
  emit("page", body);
  for (const old of grid.pages.keys()) {
    if (grid.pages.size <= cachedPages) break;
    if (Math.abs(old - index) > cachedPages / 2) grid.pages.delete(old);
  }
  if (changed) layout(); else renderRows();
}

// A query the server refused: its message, and the query with the wrong part marked.
function showGridError(body) {
  grid.error = body;
  grid.count = 0;
  $("count").textContent = "";
  layout();
  const box = $("error");
  const line = el("div", {}, el("span", { class: "message", text: body.error || "error" }));
  if (typeof body.position === "number") {
    line.append(el("span", { class: "position", text: "at position " + body.position }));
    // The wrong part is selected in the box itself, and drawn under it with a caret.
    const input = $("query");
    if (input.value === grid.query) {
      input.setSelectionRange(body.position, Math.max(body.position, typeof body.end === "number" ? body.end : body.position));
    }
  }
  $("query").classList.add("failed");
  const lines = [line];
  if (body.annotated) lines.push(el("pre", { class: "annotated", text: body.annotated }));
  box.replaceChildren(...lines);
}

function columnNames() {
  if (grid.columns.length) return grid.columns;
  return (state.schemas[grid.className] || []).map((row) => row.property);
}

// The property and direction of the query's first SORT key, if any.
function currentSort() {
  const match = grid.query.match(/\bSORT\s*\(\s*([^\s,)]+)\s*(ASC|DESC|ASCENDING|DESCENDING)?/i);
  if (!match) return null;
  return { property: match[1], descending: /^DESC/i.test(match[2] || "") };
}

function renderHead() {
  const sort = currentSort();
  const cells = [el("div", { class: "cell index", text: "#" }), el("div", { class: "cell key", text: "_key" })];
  for (const name of columnNames()) {
    const cell = el("div", { class: "cell", text: name, title: "sort by " + name });
    if (sort && sort.property === name) cell.classList.add(sort.descending ? "sorted-desc" : "sorted-asc");
    cell.onclick = () => sortBy(name);
    cells.push(cell);
  }
  $("gridHead").replaceChildren(...cells);
  emit("head", cells);
}

// The query sorted by `property`: the user's SORT replaced (or added before DISTINCT and
// LIMIT, which apply in the order written); a second click on the same header reverses.
function sortedQuery(query, property) {
  const sort = /\bSORT\s*\([^)]*\)/i;
  const current = currentSort();
  const direction = current && current.property === property && !current.descending ? "DESC" : "ASC";
  const clause = "SORT(" + property + " " + direction + ")";
  if (sort.test(query)) return query.replace(sort, clause);
  if (!query.trim()) return "TRUEPREDICATE " + clause;
  const tail = query.search(/\b(DISTINCT|LIMIT)\s*\(/i);
  if (tail > 0) return query.slice(0, tail) + clause + " " + query.slice(tail);
  return query.trim() + " " + clause;
}

function sortBy(property) { goClass(grid.className, sortedQuery(grid.query, property)); }

function viewportRows() { return Math.ceil(Math.max(0, $("grid").clientHeight - rowHeight) / rowHeight) + 1; }

// The spacer's height: every row, or at most `tallestSpacer` pixels (then scaled).
function layout() {
  $("gridBody").style.height = Math.min(grid.count * rowHeight, tallestSpacer) + "px";
  renderHead();
  renderRows();
}

function scaled() { return grid.count * rowHeight > tallestSpacer; }

function firstVisible() {
  const box = $("grid");
  if (!scaled()) return Math.floor(box.scrollTop / rowHeight);
  const room = Math.max(1, tallestSpacer - (box.clientHeight - rowHeight));
  const last = Math.max(0, grid.count - viewportRows() + 1);
  return Math.min(last, Math.round(box.scrollTop / room * last));
}

let framePending = false;
function scheduleRender() {
  if (framePending) return;
  framePending = true;
  requestAnimationFrame(() => { framePending = false; renderRows(); });
}
$("grid").addEventListener("scroll", scheduleRender);
window.addEventListener("resize", scheduleRender);

function renderRows() {
  const box = $("grid");
  const first = Math.max(0, Math.min(firstVisible(), Math.max(0, grid.count - 1)));
  const last = Math.min(grid.count, first + viewportRows());
  const top = scaled() ? Math.min(box.scrollTop, tallestSpacer - (last - first) * rowHeight) : first * rowHeight;
  $("gridRows").style.top = Math.max(0, top) + "px";
  const names = columnNames();
  const rows = [];
  for (let index = first; index < last; index++) {
    const pageIndex = Math.floor(index / pageRows);
    if (!grid.pages.has(pageIndex)) fetchPage(pageIndex);
    const page = grid.pages.get(pageIndex) || grid.previous.get(pageIndex);
    if (!page) { rows.push(loadingRow(index, names.length)); continue; }
    const position = index % pageRows;
    const object = page.objects[position];
    if (!object) { rows.push(loadingRow(index, names.length)); continue; }
    rows.push(gridRow(index, object, page, position, names));
  }
  // A cell being edited survives the re-render (a page arriving, a refresh, a scroll).
  const editing = $("gridRows").querySelector(".cell.editing");
  const focused = editing && editing.contains(document.activeElement) ? document.activeElement : null;
  if (editing) {
    for (const row of rows) {
      if (row.dataset.key !== editing.dataset.key) continue;
      const fresh = row.querySelector(`.cell[data-property="${CSS.escape(editing.dataset.property)}"]`);
      if (fresh) fresh.replaceWith(editing);
    }
  }
  $("gridRows").replaceChildren(...rows);
  if (focused && focused.isConnected) focused.focus();
  emit("rows");
}

function loadingRow(index, columns) {
  const row = el("div", { class: "row" }, el("div", { class: "cell index", text: String(index) }));
  for (let column = 0; column <= columns; column++) row.append(el("div", { class: "cell loading", text: "…" }));
  return row;
}

function gridRow(index, object, page, position, names) {
  const key = object._key;
  const row = el("div", { class: "row", "data-index": String(index), "data-key": String(key) },
                 el("div", { class: "cell index", text: String(index) }),
                 el("div", { class: "cell key link", text: String(key), title: "open this object", onclick: () => goObject(grid.className, key) }));
  for (const name of names) {
    const column = page.columns ? page.columns.indexOf(name) : -1;
    const cell = page.cells && column >= 0 ? page.cells[position][column] : null;
    row.append(valueCell(grid.className, key, name, object[name], cell));
  }
  return row;
}

// One value as the grid shows it: the server's text (cut there when long, the whole value
// on a click), a link to follow, or a collection to open in the object view.
function valueCell(className, key, name, value, cell) {
  const text = cell ? cell.text : rawText(value);
  const node = el("div", { class: "cell", "data-property": name });
  const link = cell ? (cell.link || null) : linkOf(value);
  if (value === null) node.classList.add("null");
  // A binary's text is a summary: its bytes are shown on a click.
  const binary = value !== null && typeof value === "object" && typeof value["$binary"] === "string" && value["$binary"].length > 0;
  const cut = cell ? !!cell.cut || binary : text.length > cutLength;
  if (link) {
    node.classList.add("link");
    node.onclick = () => goObject(link["class"], link.key);
  } else if (cell ? cell.open : isContainer(value)) {
    node.classList.add("open");
    node.onclick = () => goObject(className, key);
  } else if (cut) {
    node.classList.add("cut");
    node.onclick = () => showFullValue(className, key, name);
  }
  node.textContent = !cell && cut ? text.slice(0, cutLength) : text;
  node.title = text;
  const staged = state.staged.get(stagedKey(className, key, name));
  if (staged !== undefined) {
    node.classList.add("staged");
    node.textContent = staged;
    node.title = "staged, not committed: " + staged + "\ncommitted: " + text;
  }
  if (writable && !link && !node.classList.contains("open")) node.ondblclick = () => startEdit(node, className, key, name, value, text);
  return node;
}

// The whole text of a cut value: the object's answer has every value uncut.
async function showFullValue(className, key, name) {
  const { ok, body } = await api("/api/object", { "class": className, key });
  const value = ok ? body.object[name] : null;
  if (value && typeof value === "object" && typeof value["$binary"] === "string") { showBytes(className, key, name, value); return; }
  const cell = ok && body.cells ? body.cells[name] : null;
  const full = cell ? cell.text : (ok ? rawText(value) : body.error);
  dialog(el("h3", { text: className + "[_key = " + key + "]." + name + " (" + full.length + " characters)" }),
         el("pre", { id: "fullValue", text: full }));
}

// A binary value's bytes as the dump encodes them (base64).
function showBytes(className, key, name, value) {
  const encoded = value["$binary"];
  const bytes = Math.floor(encoded.length * 3 / 4) - (encoded.endsWith("==") ? 2 : encoded.endsWith("=") ? 1 : 0);
  dialog(el("h3", { text: className + "[_key = " + key + "]." + name + " (" + bytes + " bytes, base64)" }),
         el("pre", { id: "fullValue", text: encoded }));
}

$("bar").onsubmit = (event) => {
  event.preventDefault();
  if (!state.route.className) return;
  const route = { view: "grid", className: state.route.className, query: $("query").value.trim() };
  // The same query again runs again (the file may have changed since).
  if (hashOf(route) === location.hash) { reloadGrid(); return; }
  go(route);
};
$("clear").onclick = () => { if (state.route.className) goClass(state.route.className, ""); };
