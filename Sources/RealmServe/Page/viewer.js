// The cell viewer: a panel beside the grid for the cell under the cursor (v, or the button in
// the bar; whether it is open is remembered). It reads the object as the object view does
// (/api/object: the canonical value, the REPL's whole text, the elements of collections) and
// shows each kind of value whole: strings wrapped, binaries as a hex dump beside their base64
// and size, dates in UTC and in the browser's time zone, UUIDs and ObjectIds with their
// parts, collections and Mixed values as a tree that opens level by level.
const viewer = { shown: null, objects: new Map() };
const viewerOpenKey = "realm-browser viewer";
const hexShown = 4096;

document.body.append(el("aside", { id: "viewer", hidden: "" }));
$("count").before(el("button", { type: "button", id: "viewerToggle", text: "viewer", title: "the cell viewer (v)",
                                 onclick: () => toggleViewer() }));

function toggleViewer(open) {
  const shown = open === undefined ? $("viewer").hidden : open;
  $("viewer").hidden = !shown;
  $("viewerToggle").classList.toggle("on", shown);
  stored.set(viewerOpenKey, shown ? "open" : "closed");
  viewer.shown = null;
  if (shown) updateViewer();
}
gridKeys.v = () => toggleViewer();
after("show", (route) => {
  $("viewerToggle").hidden = route.view !== "grid";
  if (route.view !== "grid") $("viewer").hidden = true;
  else if (stored.get(viewerOpenKey) === "open") toggleViewer(true);
});
after("rows", () => updateViewer());

// The object (the answer of /api/object) of `className` and `key`, kept for the last few
// (per version of the file: another process's commit has it read again).
async function viewedObject(className, key) {
  const id = className + "\n" + key + "\n" + (state.version ?? "");
  if (!viewer.objects.has(id)) {
    if (viewer.objects.size > 20) viewer.objects.delete(viewer.objects.keys().next().value);
    viewer.objects.set(id, api("/api/object", { "class": className, key }));
  }
  return viewer.objects.get(id);
}

let viewerTimer = null;
function updateViewer() {
  if ($("viewer").hidden || state.route.view !== "grid") return;
  const row = rowAt(cursor.row);
  const name = columnNames()[cursor.column];
  if (!row || !name) return;
  const id = grid.className + "\n" + row.object._key + "\n" + name;
  if (viewer.shown === id) return;
  viewer.shown = id;
  clearTimeout(viewerTimer);
  // While keys repeat, only the cell they stop on is read.
  viewerTimer = setTimeout(async () => {
    const className = grid.className, key = row.object._key;
    const { ok, body } = await viewedObject(className, key);
    if (viewer.shown !== id) return;
    const title = el("h3", { id: "viewerTitle", text: className + "[_key = " + key + "]." + name });
    if (!ok) { $("viewer").replaceChildren(title, el("div", { class: "dialogError", text: body.error || "error" })); return; }
    const schema = propertyOf(className, name);
    const parts = [title, el("div", { class: "muted", id: "viewerType", text: schema ? schema.type : "" })];
    parts.push(...viewValue(body.object[name], body.cells ? body.cells[name] : null, body.elements ? body.elements[name] : null,
                            body.elementCounts ? body.elementCounts[name] : null));
    $("viewer").replaceChildren(...parts);
  }, 80);
}

// The parts showing one value: `value` canonical, `cell` the REPL's text, `elements` the
// cells of a collection's elements (and `count` of them).
function viewValue(value, cell, elements, count) {
  const text = cell ? cell.text : rawText(value);
  if (Array.isArray(elements)) return [el("div", { class: "muted", text }), tree(elements, count)];
  if (value === null || value === undefined) return [el("div", { class: "null", text: "null" })];
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value).length;
    return [el("div", { class: "muted", id: "viewerSize", text: [...value].length + " characters, " + bytes + " bytes of UTF-8" }),
            el("pre", { class: "whole", id: "viewerText", text: value })];
  }
  if (typeof value === "object" && typeof value["$binary"] === "string") return viewBinary(value["$binary"]);
  if (typeof value === "object" && Array.isArray(value["$date"])) return viewDate(value["$date"], text);
  if (typeof value === "object" && typeof value["$uuid"] === "string") return viewUUID(value["$uuid"]);
  if (typeof value === "object" && typeof value["$oid"] === "string") return viewObjectId(value["$oid"]);
  const parts = [el("pre", { class: "whole", id: "viewerText", text })];
  const link = cell && cell.link;
  if (link) parts.push(el("button", { type: "button", text: "open " + link["class"] + "[_key = " + link.key + "]", onclick: () => goObject(link["class"], link.key) }));
  if (typeof value === "object" && value["$decimal"] !== undefined) parts.push(facts([["bits (IEEE 754-2008 BID)", value.bits || ""]]));
  return parts;
}

// A table of (label, text) rows.
function facts(rows, id) {
  return el("table", { class: "facts", id: id || null }, ...rows.map(([label, text]) => el("tr", {}, el("th", { text: label }), el("td", { text }))));
}

// hexdump -C: offset, sixteen bytes in two groups of eight, and the printable ones.
function hexDump(bytes, limit) {
  const lines = [];
  for (let offset = 0; offset < Math.min(bytes.length, limit); offset += 16) {
    const chunk = bytes.slice(offset, offset + 16);
    let hex = "";
    for (let index = 0; index < 16; index++) {
      hex += index < chunk.length ? chunk[index].toString(16).padStart(2, "0") + " " : "   ";
      if (index === 7) hex += " ";
    }
    const printable = Array.from(chunk, (byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : ".")).join("");
    lines.push(offset.toString(16).padStart(8, "0") + "  " + hex + " |" + printable + "|");
  }
  return lines.join("\n");
}

function viewBinary(encoded) {
  const bytes = Uint8Array.from(atob(encoded), (character) => character.charCodeAt(0));
  const dump = el("pre", { class: "hex", id: "hexDump", text: hexDump(bytes, hexShown) });
  const parts = [el("div", { class: "muted", id: "viewerSize", text: bytes.length + " bytes" })];
  const columns = el("div", { class: "binary" }, el("div", {}, el("b", { text: "hex" }), dump),
                     el("div", {}, el("b", { text: "base64" }), el("pre", { class: "whole", id: "base64", text: encoded })));
  parts.push(columns);
  if (bytes.length > hexShown) {
    const more = el("button", { type: "button", class: "more", text: "the hex of all " + bytes.length + " bytes" });
    more.onclick = () => { dump.textContent = hexDump(bytes, bytes.length); more.remove(); };
    parts.splice(1, 0, el("div", { class: "muted", text: "the first " + hexShown + " bytes in hex " }, more));
  }
  return parts;
}

const two = (number) => String(number).padStart(2, "0");

// A date in the browser's time zone: `YYYY-MM-DD HH:MM:SS[.fraction] ±HH:MM (Zone)`, to the
// nanosecond (the zone's offset moves whole seconds only).
function localTime(seconds, nanoseconds) {
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return "outside the dates this browser holds";
  const offset = -date.getTimezoneOffset();
  const fraction = nanoseconds ? "." + String(nanoseconds).padStart(9, "0").replace(/0+$/, "") : "";
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "local";
  return String(date.getFullYear()).padStart(4, "0") + "-" + two(date.getMonth() + 1) + "-" + two(date.getDate()) + " "
    + two(date.getHours()) + ":" + two(date.getMinutes()) + ":" + two(date.getSeconds()) + fraction + " "
    + (offset < 0 ? "-" : "+") + two(Math.floor(Math.abs(offset) / 60)) + ":" + two(Math.abs(offset) % 60) + " (" + zone + ")";
}

// Realm keeps a date as seconds and nanoseconds of the same sign (-1, -1: 1.000000001 s
// before 1970); the local time counts whole seconds down from the instant.
function viewDate([seconds, nanoseconds], text) {
  const whole = nanoseconds < 0 ? seconds - 1 : seconds;
  const rest = nanoseconds < 0 ? nanoseconds + 1000000000 : nanoseconds;
  return [facts([["UTC", text], ["local time", localTime(whole, rest)], ["seconds since 1970", String(seconds)],
                 ["nanoseconds", String(nanoseconds)]], "dateFacts")];
}

function viewUUID(text) {
  const hex = text.replace(/-/g, "");
  const version = parseInt(hex[12], 16);
  const variantBits = parseInt(hex[16], 16);
  const variant = variantBits < 8 ? "NCS (0xxx)" : variantBits < 12 ? "RFC 9562 (10xx)" : variantBits < 14 ? "Microsoft (110x)" : "reserved (111x)";
  const [low, middle, high, clock, node] = text.split("-");
  const rows = [["text", text], ["version", String(version)], ["variant", variant], ["time_low", low], ["time_mid", middle],
                ["time_hi_and_version", high], ["clock_seq", clock], ["node", node]];
  // Version 7 begins with Unix time in milliseconds.
  if (version === 7) rows.push(["time (version 7)", new Date(parseInt(hex.slice(0, 12), 16)).toISOString()]);
  return [facts(rows, "uuidFacts")];
}

function viewObjectId(text) {
  const seconds = parseInt(text.slice(0, 8), 16);
  return [facts([["text", text], ["time (4 bytes)", new Date(seconds * 1000).toISOString().replace(".000Z", "Z")],
                 ["local time", localTime(seconds, 0)], ["random (5 bytes)", text.slice(8, 18)],
                 ["counter (3 bytes)", String(parseInt(text.slice(18), 16)) + " (0x" + text.slice(18) + ")"]], "objectIdFacts")];
}

// Collections as a tree: each element the REPL's text; a nested collection opens to its own
// elements (as deep as the server sends them), a link opens its object.
function tree(cells, count) {
  const list = el("ul", { class: "tree" });
  cells.forEach((cell, index) => {
    const label = "entry" in cell ? JSON.stringify(cell.entry) : "[" + index + "]";
    const item = el("li", { "data-index": String(index) });
    if ("entry" in cell) item.dataset.entry = cell.entry;
    const text = cell.link ? el("span", { class: "link", text: cell.text, onclick: () => goObject(cell.link["class"], cell.link.key) })
                           : el("span", { class: "leaf", text: cell.text });
    if (Array.isArray(cell.elements)) {
      const details = el("details", {}, el("summary", {}, el("span", { class: "label", text: label }), " ", el("span", { class: "leaf", text: cell.text })));
      details.addEventListener("toggle", () => { if (details.open && details.children.length === 1) details.append(tree(cell.elements)); }, { once: false });
      item.append(details);
    } else {
      item.append(el("span", { class: "label", text: label }), " ", text);
    }
    list.append(item);
  });
  if (typeof count === "number" && count > cells.length) {
    list.append(el("li", { class: "muted", text: "… " + (count - cells.length) + " more in the object's view" }));
  }
  return list;
}
