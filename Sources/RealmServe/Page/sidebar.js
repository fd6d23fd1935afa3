// The sidebar's script: the classes with their object counts (internal tables on request)
// and the schema of the selected class, with the links pointing at it (backlinks).
async function loadClasses() {
  const parameters = $("internal").checked ? { internal: "1" } : null;
  const { ok, body } = await api("/api/classes", parameters);
  const list = $("classes");
  // An error answer (the file went away, the server is starting) has no classes: say so.
  if (!ok || !Array.isArray(body.classes)) {
    list.replaceChildren(el("li", { text: body.error || "the classes could not be read" }));
    return;
  }
  state.classes = body.classes;
  for (const entry of body.classes) if (entry.table) state.tables[entry.table] = entry["class"];
  renderClasses();
}

function renderClasses() {
  const items = state.classes.map((entry) => {
    const name = entry["class"];
    const item = el("li", { class: entry.kind === "internal" ? "internal" : (entry.kind === "embedded" ? "embedded" : ""), title: entry.kind || "" },
                    el("span", { class: "name", text: name }), el("span", { class: "count", text: String(entry.objects) }));
    item.dataset.name = name;
    item.onclick = () => goClass(name);
    return item;
  });
  $("classes").replaceChildren(...items);
  markSelected();
}

let selectedClass = null;
function selectClass(name) {
  const changed = name !== selectedClass;
  selectedClass = name;
  markSelected();
  if (changed) showSchema(name);
}

function markSelected() {
  for (const item of $("classes").children) item.classList.toggle("selected", item.dataset.name === selectedClass);
}

async function schemaOf(name) {
  if (state.schemas[name]) return state.schemas[name];
  const { ok, body } = await api("/api/schema", { "class": name });
  if (!ok || !Array.isArray(body.properties)) return null;
  state.schemas[name] = body.properties;
  return body.properties;
}

function propertyOf(className, property) {
  return (state.schemas[className] || []).find((row) => row.property === property) || null;
}

async function showSchema(name) {
  const box = $("schema");
  if (!name) { box.replaceChildren(); return; }
  const properties = await schemaOf(name);
  if (name !== selectedClass) return;
  if (!properties) { box.replaceChildren(el("div", { class: "muted", text: "no schema for " + name })); return; }
  // The committed schema with the page's staged schema changes applied (schema-edit.js), so
  // that the panel's buttons name classes and properties as the server's transaction does.
  const staged = stagedSchema(name, properties.filter((row) => row.property !== null));
  const rows = staged.rows.map((row) => {
    const flags = [];
    if (row.primaryKey) flags.push("primary key");
    if (row.indexed) flags.push("indexed");
    if (row.optional) flags.push("optional");
    const type = el("td", {}, row.type || "");
    if (row.target) {
      type.append(" → ");
      type.append(el("span", { class: "link", text: row.target, onclick: () => goClass(row.target) }));
    }
    return el("tr", { "data-property": row.property, class: row.staged ? "staged" : "" }, el("td", { text: row.property }), type,
              el("td", { class: "flags", text: flags.join(", ") }), staged.removed ? null : schemaPropertyControls(staged.className, row));
  });
  const title = staged.className === name ? "Schema of " + name : "Schema of " + name + " → " + staged.className;
  const parts = [el("h3", { text: title + (staged.removed ? " (removed)" : "") }),
                 staged.removed ? null : schemaClassControls(staged.className), el("table", { id: "schemaTable" }, ...rows)]
    .filter((part) => part !== null);
  // Staged schema changes show in the pending list and, marked, here; the grid reads the
  // committed version until Commit.
  if (writable && state.pending.some((change) => /^[~-] (property|class) /.test(change))) {
    parts.push(el("div", { class: "muted", id: "schemaStaged", text: "schema changes staged (marked): the objects show the committed schema until Commit" }));
  }
  // Incoming links: the schema's "linking objects" rows name their origin as Class.property.
  const incoming = properties.filter((row) => row.property === null && row.target);
  if (incoming.length) {
    parts.push(el("h3", { text: "Linked from (backlinks)" }));
    parts.push(el("table", { id: "backlinkTable" }, ...incoming.map((row) => {
      const origin = row.target.split(".")[0];
      return el("tr", {}, el("td", {}, el("span", { class: "link", text: row.target, onclick: () => goClass(origin) })),
                el("td", { class: "flags", text: row.type }));
    })));
  }
  if (name === selectedClass) box.replaceChildren(...parts);
}

$("internal").onchange = () => loadClasses();
