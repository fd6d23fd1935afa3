// Copying from the grid: the selection (keyboard.js) as tab-separated text that pastes into a
// spreadsheet (Ctrl+C), as canonical JSON (j), or the one value under the cursor exactly (y).
// Rows that are not loaded (a selection down to the end of a million rows) are asked for, at
// most `copyLimit` of them. JSON is always read again as text with its integers kept exact
// (JSON.parse would round 9223372036854775807): the answer's own digits are copied.
const copyLimit = 10000;

// Spreadsheets read a field holding a tab, a line break or a quote when it is quoted.
function sheetField(text) {
  return /[\t\n\r"]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}

// A value as it is: strings whole (the grid's cells are cut, the objects never), binaries as
// their base64, null empty in a sheet; anything else the REPL's text of it.
function plainValue(row, name, sheet) {
  const value = row.object[name];
  const cell = cellOf(row, name);
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return sheet ? "" : (cell ? cell.text : "null");
  if (typeof value === "object" && typeof value["$binary"] === "string") return value["$binary"];
  if (cell && !cell.cut) return cell.text;
  return rawText(value);
}

// JSON.parse with every integer past 2^53 kept as the digits sent (JSON.rawJSON), so that
// JSON.stringify writes them back unchanged.
function exactJSON(text) {
  if (typeof JSON.rawJSON !== "function") return JSON.parse(text);
  return JSON.parse(text, (key, value, context) =>
    typeof value === "number" && !Number.isSafeInteger(value) && context && /^-?\d+$/.test(context.source)
      ? JSON.rawJSON(context.source) : value);
}

// The rows `top`..`bottom` of the grid: from the pages loaded when `exact` is not needed and
// they all are, else asked for again, 1000 at a time. Null when the server refused.
async function rowsBetween(top, bottom, exact) {
  const loaded = [];
  for (let index = top; index <= bottom && !exact; index++) {
    const row = rowAt(index);
    if (!row) break;
    loaded.push(row);
  }
  if (loaded.length === bottom - top + 1) return loaded;
  const rows = [];
  for (let offset = top; offset <= bottom; offset += 1000) {
    const parameters = { "class": grid.className, offset, limit: Math.min(1000, bottom - offset + 1) };
    if (grid.query) parameters.q = grid.query;
    const response = await fetch(base + (grid.query ? "/api/query?" : "/api/objects?") + new URLSearchParams(parameters),
                                 { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) return null;
    const body = exactJSON(await response.text());
    body.objects.forEach((object, position) => rows.push({ object, cells: body.cells ? body.cells[position] : null, columns: body.columns }));
  }
  return rows;
}

// Puts `text` on the clipboard: through a copy event while the key press still counts as
// the user's (any browser), else the asynchronous clipboard.
async function writeClipboard(text) {
  let written = false;
  const listener = (event) => { event.clipboardData.setData("text/plain", text); event.preventDefault(); written = true; };
  document.addEventListener("copy", listener, true);
  try { document.execCommand("copy"); } catch (error) { written = false; }
  document.removeEventListener("copy", listener, true);
  if (!written) await navigator.clipboard.writeText(text);
}

// A short note at the bottom of the page (what was copied, or why not).
function toast(text, failed) {
  let node = $("toast");
  if (!node) { node = el("div", { id: "toast", role: "status" }); document.body.append(node); }
  node.textContent = text;
  node.classList.toggle("failed", !!failed);
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { node.hidden = true; }, 4000);
}

// The selection's rows and columns, or null (a message shown) when there are too many.
function chosenRange() {
  if (!grid.count) return null;
  const chosen = selection();
  if (chosen.bottom - chosen.top + 1 > copyLimit) {
    toast("at most " + copyLimit + " rows are copied; select fewer, or export", true);
    return null;
  }
  return { chosen, names: columnNames().slice(chosen.left, chosen.right + 1) };
}

async function copySelection(format) {
  const range = chosenRange();
  if (!range) return;
  const { chosen, names } = range;
  const rows = await rowsBetween(chosen.top, chosen.bottom, format === "json");
  if (!rows) { toast("the rows could not be read", true); return; }
  let text;
  if (format === "json") {
    // Whole objects for rows; for cells, each object's key and the chosen properties.
    const objects = rows.map((row) => {
      if (chosen.rows) return row.object;
      const part = { _key: row.object._key };
      for (const name of names) part[name] = row.object[name];
      return part;
    });
    text = "[\n" + objects.map((object) => JSON.stringify(object)).join(",\n") + "\n]\n";
  } else {
    const lines = rows.map((row) => (chosen.rows ? [String(row.object._key)] : []).concat(names.map((name) => sheetField(plainValue(row, name, true)))).join("\t"));
    if (chosen.rows) lines.unshift(["_key", ...names].map(sheetField).join("\t"));
    text = lines.join("\n") + "\n";
  }
  try {
    await writeClipboard(text);
    const what = rows.length === 1 ? "1 row" : rows.length + " rows";
    toast("copied " + what + (format === "json" ? " as JSON" : " as tab-separated text"));
  } catch (error) {
    toast("the clipboard refused: " + error.message, true);
  }
}

// The value under the cursor, exactly (a cut string whole, a binary's base64).
async function copyValue() {
  const row = rowAt(cursor.row);
  const name = columnNames()[cursor.column];
  if (!row || !name) return;
  try {
    await writeClipboard(plainValue(row, name, false));
    toast("copied the value of " + name);
  } catch (error) {
    toast("the clipboard refused: " + error.message, true);
  }
}

gridKeys["Ctrl+c"] = (event) => {
  // Text the user selected in the page is copied as the browser copies it.
  if (String(window.getSelection())) { document.execCommand("copy"); return; }
  copySelection("tsv");
};
gridKeys.j = () => copySelection("json");
gridKeys.y = () => copyValue();

// The same from buttons in the bar.
$("count").before(el("span", { class: "copies", id: "copies" }, "copy ",
  el("button", { type: "button", id: "copyTsv", text: "TSV", title: "the selection as tab-separated text (Ctrl+C)", onclick: () => copySelection("tsv") }),
  el("button", { type: "button", id: "copyJson", text: "JSON", title: "the selection as canonical JSON (j)", onclick: () => copySelection("json") }),
  el("button", { type: "button", id: "copyValue", text: "value", title: "the value under the cursor, exactly (y)", onclick: () => copyValue() })));
after("show", (route) => { $("copies").hidden = route.view !== "grid"; });
