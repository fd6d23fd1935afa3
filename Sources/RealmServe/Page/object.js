// The object view's script: one object's properties (the server's text for each), the
// elements of its lists, sets and dictionaries as the server's text of each (links followed
// on a click, nested collections opened; appended to, set by key and removed from with
// `--write`; 500 at a time), and the objects linking to it (its backlinks).
// Values longer than this show their start, and all of it on a click.
const longText = 2000;

async function showObject(className, key) {
  const view = $("objectView");
  const [{ ok, body }] = await Promise.all([api("/api/object", { "class": className, key }), schemaOf(className)]);
  const route = state.route;
  if (route.view !== "object" || route.className !== className || String(route.key) !== String(key)) return;
  if (!ok) { view.replaceChildren(el("div", { class: "dialogError", id: "objectError", text: body.error || "error" })); return; }
  const object = body.object || {};
  const title = el("h2", { id: "objectTitle", text: className + "[_key = " + object._key + "]" },
                   el("span", { class: "muted", text: "  position " + body.position }));
  const tools = el("div", {}, el("button", { type: "button", text: "All " + className + " objects", onclick: () => goClass(className) }));
  if (writable) {
    tools.append(" ", el("button", { type: "button", id: "deleteObject", text: "Delete this object",
                                     onclick: () => write("/api/delete", { "class": className, key: Number(object._key) }) }));
  }
  const rows = [];
  for (const [name, value] of Object.entries(object)) {
    if (name === "_key") continue;
    const cell = body.cells ? body.cells[name] : null;
    const schema = propertyOf(className, name);
    const elements = body.elements && Array.isArray(body.elements[name])
      ? { cells: body.elements[name], count: body.elementCounts ? body.elementCounts[name] : body.elements[name].length } : null;
    rows.push(el("tr", { "data-property": name }, el("th", { text: name }), el("td", { class: "muted", text: schema ? schema.type : "" }),
                 propertyValue(className, object._key, name, value, cell, schema, elements)));
  }
  const parts = [title, tools, el("table", { id: "objectTable" }, ...rows)];
  const backlinks = Array.isArray(body.backlinks) ? body.backlinks : [];
  parts.push(el("h3", { text: "Linked from (" + backlinks.length + ")" }));
  if (backlinks.length) {
    parts.push(appendCapped(el("ul", { id: "backlinks" }), backlinks.map((entry, index) => {
      // The REPL's label of the linking object, when the server sent it.
      const cell = Array.isArray(body.backlinkCells) ? body.backlinkCells[index] : null;
      const link = (cell && cell.link) || linkOf(entry.object);
      const label = cell ? cell.text : rawText(entry.object);
      const item = el("li", {}, el("span", { class: "muted", text: String(entry.from) + ": " }));
      item.append(link ? el("span", { class: "link backlink", text: label, onclick: () => goObject(link["class"], link.key) }) : label);
      return item;
    })));
  }
  view.replaceChildren(...parts);
}

// The first `shownItems` of `items` in `list`, and a button for the rest.
const shownItems = 500;
function appendCapped(list, items) {
  list.append(...items.slice(0, shownItems));
  if (items.length > shownItems) {
    const rest = el("li", {}, el("button", { type: "button", class: "more", text: "show all " + items.length,
                                             onclick: () => { rest.remove(); list.append(...items.slice(shownItems)); } }));
    list.append(rest);
  }
  return list;
}

function collectionKind(schema) {
  const match = schema && schema.type ? schema.type.match(/^(list|set|dictionary) of (.*)$/) : null;
  return match ? { kind: match[1], element: match[2] } : null;
}

// A property's value cell: text (editable with --write), or the elements of a collection
// (`elements`: the server's cells of the first ones and their count).
function propertyValue(className, key, name, value, cell, schema, elements) {
  const collection = collectionKind(schema);
  const td = el("td", { class: "value" });
  const text = cell ? cell.text : rawText(value);
  if (!elements) {
    const node = valueCell(className, key, name, value, cell);
    node.classList.remove("cell", "cut");
    node.textContent = text.length > longText ? text.slice(0, longText) : text;
    if (text.length > longText) {
      const more = el("button", { type: "button", class: "more", text: "show all " + text.length + " characters" });
      more.onclick = (event) => { event.stopPropagation(); node.textContent = text; more.remove(); };
      td.append(node, " ", more);
      return td;
    }
    if (cell && cell.open) { node.classList.remove("open"); node.onclick = null; }
    td.append(node);
    if (value !== null && typeof value === "object" && typeof value["$binary"] === "string" && value["$binary"]) {
      node.onclick = null;
      td.append(" ", el("button", { type: "button", class: "more bytes", text: "bytes", onclick: () => showBytes(className, key, name, value) }));
    }
    // Links and long values open on a click: a button edits them (and everything else).
    if (writable && schema && !collection) {
      const edit = el("button", { type: "button", class: "edit", text: "edit", title: schema.type === "link"
        ? "a link is written " + (schema.target || "Class") + "[N] (N: the position), or null" : "edit this value" });
      edit.onclick = () => startEdit(node, className, key, name, value, text);
      td.append(" ", edit);
    }
    return td;
  }
  td.append(el("div", { class: "muted", text: text.length > 200 ? text.slice(0, 200) + "…" : text }));
  const dictionary = collection ? collection.kind === "dictionary" : elements.cells.some((element) => "entry" in element);
  const list = el("ol", { class: "elements", start: "0" });
  if (dictionary) list.style.listStyle = "none";
  const item = (element, index) => {
    const node = el("li", { "data-index": String(index) });
    if (dictionary) {
      node.dataset.entry = element.entry;
      node.append(el("span", { class: "entry", text: JSON.stringify(element.entry) }), " → ");
    }
    node.append(elementNode(element));
    if (writable && collection) {
      const which = dictionary ? { entry: element.entry } : { index };
      node.append(" ", el("button", { type: "button", class: "remove", text: "remove", title: "remove this element",
                                      onclick: () => write("/api/remove", Object.assign({ "class": className, key: Number(key), property: name }, which)) }));
    }
    return node;
  };
  list.append(...elements.cells.map(item));
  // The rest, 500 at a time, from the server.
  let loaded = elements.cells.length;
  if (elements.count > loaded) {
    const rest = el("li", {}, el("button", { type: "button", class: "more", text: "show all " + elements.count }));
    rest.firstChild.onclick = async () => {
      while (loaded < elements.count) {
        const { ok, body } = await api("/api/object", { "class": className, key, elements: name, from: loaded });
        const cells = ok && body.elements ? body.elements[name] || [] : [];
        if (!cells.length) break;
        rest.before(...cells.map((element, offset) => item(element, loaded + offset)));
        loaded += cells.length;
      }
      rest.remove();
    };
    list.append(rest);
  }
  if (elements.cells.length) td.append(list);
  if (writable && collection) td.append(addForm(className, key, name, schema, collection));
  return td;
}

// An element: its text; a link (or embedded object) opens on a click, a nested collection
// shows its elements.
function elementNode(element) {
  const link = element.link;
  if (link) return el("span", { class: "link element", text: element.text, onclick: () => goObject(link["class"], link.key) });
  const node = el("span", { class: "element", text: element.text });
  if (element.open && Array.isArray(element.elements)) {
    node.classList.add("open");
    node.onclick = () => {
      if (node.nextSibling && node.nextSibling.classList && node.nextSibling.classList.contains("nested")) { node.nextSibling.remove(); return; }
      const nested = el("ol", { class: "elements nested", start: "0" }, ...element.elements.map((inner, index) => {
        const entry = "entry" in inner ? [el("span", { class: "entry", text: JSON.stringify(inner.entry) }), " → "] : [];
        return el("li", { "data-index": String(index) }, ...entry, elementNode(inner));
      }));
      node.after(nested);
    };
  }
  return node;
}

// With --write: a new element for a list or set, a key and a value for a dictionary.
function addForm(className, key, name, schema, collection) {
  const example = collection.element === "link" ? " (e.g. " + (schema.target || "Class") + "[0])" : "";
  const input = el("input", { class: "appendValue", placeholder: (collection.kind === "dictionary" ? "" : "new ") + collection.element + example });
  if (collection.kind === "dictionary") {
    const entry = el("input", { class: "entryKey", placeholder: "key" });
    const set = () => {
      const literal = literalFor(collection.element, input.value, false);
      if (literal.error) { setWriteMessage(literal.error, true); return; }
      write("/api/edit", { "class": className, key: Number(key), property: name, entry: entry.value, value: literal.value });
    };
    input.onkeydown = (event) => { if (event.key === "Enter") set(); };
    return el("div", {}, entry, " → ", input, " ", el("button", { type: "button", class: "setEntry", text: "set entry", onclick: set }));
  }
  const add = () => {
    const literal = literalFor(collection.element, input.value, false);
    if (literal.error) { setWriteMessage(literal.error, true); return; }
    write("/api/append", { "class": className, key: Number(key), property: name, value: literal.value });
  };
  input.onkeydown = (event) => { if (event.key === "Enter") add(); };
  return el("div", {}, input, " ", el("button", { type: "button", class: "append", text: "append", onclick: add }));
}
