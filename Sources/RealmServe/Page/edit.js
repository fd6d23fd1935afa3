// The editing script (only used when the server was started with `--write`): a double-click
// edits a cell, values go to the server as literals in the REPL's syntax after a light check
// by the property's type, and every change is staged until Commit (or Rollback); the pending
// changes are counted in the bar and listed on hover. The server's error is always shown.
// The literal for `text` typed for a property of `type` ("int", "string", "link", ...):
// {value} or {error}. Strings are quoted (JSON's escapes are the query language's too).
// JSON.stringify leaves U+0085, U+2028 and U+2029 as they are, and the server refuses a
// literal that holds a line break: they go as \u escapes, which the REPL reads.
function quoted(text) {
  return JSON.stringify(text).replace(/[\u0085\u2028\u2029]/g,
    c => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

function literalFor(type, text, asNull) {
  const typed = text.trim();
  if (asNull) return { value: "null" };
  if (type === "string" || type === "data" || type === "binary") return { value: quoted(text) };
  if (!typed) return { error: "give a " + type + " value (or null)" };
  if (typed === "null") return { value: "null" };
  if (type === "int" && !/^[+-]?\d+$/.test(typed)) return { error: "'" + typed + "' is not an integer" };
  if ((type === "float" || type === "double" || type === "decimal128") &&
      !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(typed) && !/^[+-]?(inf|infinity|nan)$/i.test(typed)) {
    return { error: "'" + typed + "' is not a number" };
  }
  if (type === "bool") {
    if (!/^(true|false)$/i.test(typed)) return { error: "'" + typed + "' is not true or false" };
    return { value: typed.toLowerCase() };
  }
  // A date as the REPL shows it (2015-04-01T12:00:00.5Z) in the form it reads (…:SS:NANOS).
  const shown = typed.match(/^(-?\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/);
  if ((type === "date" || type === "timestamp") && shown) {
    return { value: shown[1] + (shown[2] ? ":" + String(Number(shown[2].padEnd(9, "0"))) : "") };
  }
  if (type === "mixed" && !/^([+-]?[\d.]|true$|false$|["'{\[]|[A-Za-z_]\w*\s*\[|[A-Za-z]+\()/i.test(typed)) {
    return { value: quoted(text) };
  }
  return { value: typed };
}

function setWriteMessage(text, failed) {
  const node = $("writeMessage");
  node.textContent = text || "";
  node.title = text || "";
  node.classList.toggle("failed", !!failed);
}

const stagedKey = (className, key, property) => className + "\n" + key + "\n" + property;

function setPending(list) {
  if (!Array.isArray(list)) return;
  state.pending = list;
  if (!list.length && state.staged.size) { state.staged.clear(); if (state.route.view === "grid") renderRows(); }
  const pending = $("pending");
  pending.textContent = list.length + " pending";
  pending.classList.toggle("some", list.length > 0);
  pending.title = list.length ? list.join("\n") : "no changes staged";
  $("pendingList").replaceChildren(...list.map((change) => el("li", { text: change })));
  $("commit").disabled = list.length === 0;
  $("rollback").disabled = list.length === 0;
}

// Sends one write; on success shows its message and the pending changes and refreshes what
// is on screen; on failure shows the server's message. Resolves to the answer.
async function write(path, payload) {
  // A version poll answered while this write runs may hold the pending changes of before.
  state.writes += 1;
  state.writing += 1;
  let result;
  try { result = await post(path, payload); } finally { state.writing -= 1; }
  // Our own commit moves the version: not news from another process.
  if (result.ok && path === "/api/commit") state.ownCommit = true;
  if (!result.ok) { setWriteMessage(result.body.error || "refused (status " + result.status + ")", true); return result; }
  setWriteMessage(result.body.message || "done", false);
  setPending(result.body.pending);
  if (path === "/api/delete" && state.route.view === "object") goClass(state.route.className);
  else await refreshView();
  return result;
}

async function refreshView() {
  await loadClasses();
  state.schemas = {};
  const route = state.route;
  if (route.view === "grid") { await schemaOf(route.className); reloadGrid(); }
  else if (route.view === "object") await showObject(route.className, route.key);
  else if (route.view === "graph") { state.graph = null; await showGraph(); }
  // A committed schema change shows in the panel (the schemas were read afresh).
  if (selectedClass) await showSchema(selectedClass);
}

// A cell becomes an input; Enter sends, Escape (or leaving it) puts the text back.
function startEdit(node, className, key, name, value, text) {
  const schema = propertyOf(className, name);
  if (!schema || collectionKind(schema) || node.querySelector("input")) return;
  const original = node.textContent;
  const input = el("input", { class: "editor", "data-property": name });
  input.value = value === null || value === undefined ? "" : (typeof value === "string" ? value : text);
  const restore = () => { node.classList.remove("editing"); node.replaceChildren(original); };
  node.classList.add("editing");
  node.dataset.key = String(key);
  const send = async (asNull) => {
    const literal = literalFor(schema.type, input.value, asNull);
    if (literal.error) { setWriteMessage(name + ": " + literal.error, true); input.focus(); return; }
    // No longer kept over re-renders: the fresh value replaces the editor once it is read.
    node.classList.remove("editing");
    // Reads show the committed version: the staged value is marked on the cell until then.
    const staged = stagedKey(className, key, name);
    state.staged.set(staged, literal.value);
    const result = await write("/api/edit", { "class": className, key: Number(key), property: name, value: literal.value });
    if (!result.ok) {
      state.staged.delete(staged);
      if (input.isConnected) { node.classList.add("editing"); input.focus(); }
    }
  };
  input.onkeydown = (event) => {
    if (event.key === "Enter") { event.preventDefault(); send(false); }
    if (event.key === "Escape") restore();
  };
  input.onclick = (event) => event.stopPropagation();
  node.replaceChildren(input);
  if (schema.optional && schema.type === "string") {
    const nullButton = el("button", { type: "button", class: "setNull", text: "null", title: "set to null" });
    nullButton.onmousedown = (event) => event.preventDefault();
    nullButton.onclick = (event) => { event.stopPropagation(); send(true); };
    node.append(nullButton);
    input.style.width = "calc(100% - 40px)";
  }
  input.focus();
  input.select();
}

// The form of a new object: one input per property (empty ones get Realm's defaults).
async function openCreate() {
  const className = state.route.className;
  if (!className) return;
  const properties = ((await schemaOf(className)) || []).filter((row) => row.property !== null);
  const inputs = {};
  const rows = properties.map((row) => {
    const input = el("input", { "data-property": row.property, placeholder: row.type + (row.target ? " " + row.target : "") });
    inputs[row.property] = { input, row };
    return el("tr", {}, el("td", { text: row.property }), el("td", { class: "muted", text: row.type }), el("td", {}, input));
  });
  const failure = el("div", { class: "dialogError", id: "createError" });
  const create = el("button", { type: "button", id: "createSend", text: "Create (staged)" });
  create.onclick = async () => {
    const values = {};
    for (const [name, { input, row }] of Object.entries(inputs)) {
      if (input.value === "") continue;
      const literal = collectionKind(row) || row.type === "link" ? { value: input.value.trim() } : literalFor(row.type, input.value, false);
      if (literal.error) { failure.textContent = name + ": " + literal.error; return; }
      values[name] = literal.value;
    }
    const result = await write("/api/create", { "class": className, values });
    if (!result.ok) { failure.textContent = result.body.error || "refused"; return; }
    closeDialog();
  };
  dialog(el("h3", { text: "New " + className }), el("table", {}, ...rows), failure, create, " ");
}

function setUpWriting() {
  if (!writable) return;
  $("writebar").hidden = false;
  $("create").onclick = openCreate;
  $("commit").onclick = () => write("/api/commit", {}).then(() => pollVersion(true));
  $("rollback").onclick = () => write("/api/rollback", {});
  $("pending").onclick = () => $("pendingList").classList.toggle("open");
  setPending([]);
}
