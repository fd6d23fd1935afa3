// The schema panel's editing (only with `--write`): beside each property rename, remove and
// the search index toggle, and under the class's name rename and remove. Each goes through
// /api/schema-change to the REPL's own commands and is staged with the page's other pending
// changes: Commit writes them all as one version (the schema version goes up: an app opening
// the file needs a migration), Rollback forgets them. The panel shows the committed schema;
// what is staged is listed under "pending".
// The schema changes this page staged, in order (emptied when nothing is pending: committed
// or rolled back), replayed over the committed schema for the panel.
state.schemaChanges = [];

function stagedSchema(className, properties) {
  let current = className;
  let removed = false;
  let rows = properties.map((row) => ({ ...row }));
  if (!state.pending.length) state.schemaChanges = [];
  for (const change of state.schemaChanges) {
    if (change["class"] !== current) continue;
    const row = rows.find((entry) => entry.property === change.property);
    switch (change.change) {
      case "rename class": current = change.name; break;
      case "remove class": removed = true; break;
      case "rename property": if (row) { row.property = change.name; row.staged = true; } break;
      case "remove property": rows = rows.filter((entry) => entry !== row); break;
      case "add index": if (row) { row.indexed = true; row.staged = true; } break;
      case "remove index": if (row) { row.indexed = false; row.staged = true; } break;
    }
  }
  return { className: current, rows, removed };
}

// Sends one schema change; once staged, it is remembered for the panel.
async function sendSchemaChange(payload) {
  const result = await write("/api/schema-change", payload);
  if (result.ok) {
    state.schemaChanges.push(payload);
    if (selectedClass) await showSchema(selectedClass);
  }
  return result;
}

const indexableTypes = ["int", "bool", "string", "date", "timestamp", "objectId", "uuid", "mixed"];

// Short labels keep the panel's rows narrow; the title says what each does.
const schemaLabels = { rename: "✎", remove: "✕", index: "+idx", unindex: "−idx" };

function schemaButton(action, title, onclick) {
  return el("button", { type: "button", class: "schemaAction", "data-action": action, title,
                         text: schemaLabels[action] || action, onclick });
}

// The buttons of one property's row (null on a read-only page).
function schemaPropertyControls(className, row) {
  if (!writable) return null;
  const target = { "class": className, property: row.property };
  const path = className + "." + row.property;
  const cell = el("td", { class: "schemaEdit" },
    schemaButton("rename", "rename " + path + " (staged)",
      () => askSchemaChange("Rename property " + path, row.property, (name) => ({ change: "rename property", ...target, name }))),
    schemaButton("remove", "remove " + path + " and its values (staged)",
      () => askSchemaChange("Remove property " + path + " and its values?", null, () => ({ change: "remove property", ...target }))));
  if (indexableTypes.includes(row.type) && !row.primaryKey) {
    const change = row.indexed ? "remove index" : "add index";
    cell.append(schemaButton(row.indexed ? "unindex" : "index", change + " " + path + " (staged; no migration needed)",
      () => sendSchemaChange({ change, ...target })));
  }
  return cell;
}

// Rename and remove for the class itself (null on a read-only page).
function schemaClassControls(className) {
  if (!writable) return null;
  return el("div", { class: "schemaEdit" },
    schemaButton("rename class", "rename " + className + " (links to it follow; staged)",
      () => askSchemaChange("Rename class " + className, className, (name) => ({ change: "rename class", "class": className, name }))),
    schemaButton("remove class", "remove " + className + " and its objects (staged)",
      () => askSchemaChange("Remove class " + className + " and its objects?", null, () => ({ change: "remove class", "class": className }))));
}

// A dialog asking for the new name (when `current` is given) or for confirmation; the
// server's refusal (a name taken, a class others link to) is shown in it.
function askSchemaChange(title, current, payload) {
  const input = current === null ? null : el("input", { id: "schemaName", spellcheck: "false" });
  if (input) input.value = current;
  const failure = el("div", { class: "dialogError", id: "schemaError" });
  const send = el("button", { type: "button", id: "schemaSend", text: (input ? "Rename" : "Remove") + " (staged)" });
  send.onclick = async () => {
    if (input && !input.value.trim()) { failure.textContent = "give the new name"; return; }
    const result = await sendSchemaChange(payload(input ? input.value.trim() : null));
    if (!result.ok) { failure.textContent = result.body.error || "refused"; return; }
    closeDialog();
  };
  if (input) input.onkeydown = (event) => { if (event.key === "Enter") { event.preventDefault(); send.onclick(); } };
  dialog(el("h3", { text: title }), input, failure, send, " ");
  if (input) { input.focus(); input.select(); }
}
