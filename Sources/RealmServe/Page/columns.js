// The grid's columns: in the order the schema declares them (the server's order), each
// resizable by the handle at its right edge (a double-click puts it back), the widths
// remembered per class for this file (localStorage); the primary key and the indexed
// properties marked in the header, as the schema says.
const defaultWidth = 180;
const widthsKey = () => storageKey("widths");

function storedWidths() {
  try { return JSON.parse(stored.get(widthsKey()) || "{}") || {}; } catch (error) { return {}; }
}

// The widths of `className`'s columns as one style rule each (names escaped for CSS).
function applyWidths(className) {
  let sheet = $("columnWidths");
  if (!sheet) { sheet = el("style", { id: "columnWidths" }); document.head.append(sheet); }
  const widths = storedWidths()[className] || {};
  sheet.textContent = Object.entries(widths).map(([name, width]) =>
    `#grid .cell[data-property="${CSS.escape(name)}"] { width: ${Math.round(Number(width)) || defaultWidth}px; }`).join("\n");
}

function saveWidth(className, name, width) {
  const all = storedWidths();
  const widths = all[className] || {};
  if (width === null) delete widths[name]; else widths[name] = width;
  all[className] = widths;
  stored.set(widthsKey(), JSON.stringify(all));
  applyWidths(className);
}

after("show", (route) => { if (route.className) applyWidths(route.className); });

// Dragging a handle; a click ending a drag does not sort.
let resizing = null;
document.addEventListener("mousemove", (event) => {
  if (!resizing) return;
  const width = Math.max(40, Math.round(resizing.width + event.clientX - resizing.x));
  resizing.moved = true;
  saveWidth(resizing.className, resizing.name, width);
});
document.addEventListener("mouseup", () => {
  if (!resizing) return;
  const moved = resizing.moved;
  resizing = null;
  document.body.classList.remove("resizing");
  if (moved) { const swallow = (event) => event.stopPropagation(); window.addEventListener("click", swallow, { capture: true, once: true });
               setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0); }
});

after("head", (cells) => {
  const className = grid.className;
  const names = columnNames();
  const schema = state.schemas[className];
  // The schema comes after the first head: draw it again once it is here.
  if (!schema) { schemaOf(className).then((rows) => { if (rows && grid.className === className) renderHead(); }); }
  cells.slice(2).forEach((cell, position) => {
    const name = names[position];
    cell.dataset.property = name;
    const row = (schema || []).find((entry) => entry.property === name);
    if (row && row.primaryKey) { cell.classList.add("primary"); cell.prepend(el("span", { class: "mark primary", text: "PK", title: "primary key" }), " "); }
    else if (row && row.indexed) { cell.classList.add("indexed"); cell.prepend(el("span", { class: "mark indexed", text: "idx", title: "indexed" }), " "); }
    if (row) cell.title = name + ": " + row.type + (row.primaryKey ? ", primary key" : row.indexed ? ", indexed" : "") + " (click: sort)";
    const handle = el("span", { class: "resize", title: "drag to resize; double-click: the default width" });
    handle.onmousedown = (event) => {
      event.preventDefault();
      event.stopPropagation();
      document.body.classList.add("resizing");
      resizing = { className, name, x: event.clientX, width: cell.getBoundingClientRect().width, moved: false };
    };
    handle.onclick = (event) => event.stopPropagation();
    handle.ondblclick = (event) => { event.stopPropagation(); saveWidth(className, name, null); };
    cell.append(handle);
  });
});
