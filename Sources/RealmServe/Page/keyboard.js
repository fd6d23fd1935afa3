// The keyboard: a cell cursor in the grid (arrows; Page Up/Down, Home/End through any number
// of rows, the spacer scrolled to the row, which fetches its page), Enter opens the object or
// follows the link under the cursor, Backspace or Alt+Left goes back, `/` focuses the query
// box and Escape leaves it, F2 edits (with --write), `?` lists the keys. Shift with a move,
// a click or a shift-click selects (copy.js copies the selection). The cursor is kept per
// grid (class and query), so coming back from an object finds it where it was.
const cursor = { row: 0, column: 0, anchor: null, rows: false, grid: null };

const gridIdentity = () => grid.className + "\n" + grid.query;

// The cursor of another grid starts at the top left.
after("show", (route) => {
  if (route.view !== "grid") return;
  const identity = route.className + "\n" + route.query;
  if (cursor.grid !== identity) Object.assign(cursor, { row: 0, column: 0, anchor: null, rows: false, grid: identity });
});

// The selection: rows `top`..`bottom`, columns `left`..`right` (every column for rows).
function selection() {
  const anchor = cursor.anchor || { row: cursor.row, column: cursor.column };
  const count = columnNames().length;
  return {
    top: Math.min(anchor.row, cursor.row), bottom: Math.max(anchor.row, cursor.row),
    left: cursor.rows ? 0 : Math.min(anchor.column, cursor.column),
    right: cursor.rows ? count - 1 : Math.max(anchor.column, cursor.column),
    rows: cursor.rows,
  };
}

// Marks the cursor and the selection on the rows drawn (after every render).
function markCursor() {
  if (state.route.view !== "grid") return;
  const names = columnNames();
  const chosen = selection();
  const spans = cursor.anchor !== null;
  for (const row of $("gridRows").children) {
    const index = Number(row.dataset.index);
    const inside = spans && index >= chosen.top && index <= chosen.bottom;
    row.classList.toggle("selected", inside && chosen.rows);
    for (const cell of row.querySelectorAll(".cell[data-property]")) {
      const column = names.indexOf(cell.dataset.property);
      cell.classList.toggle("cursor", index === cursor.row && column === cursor.column);
      cell.classList.toggle("selected", inside && column >= chosen.left && column <= chosen.right);
    }
  }
}
after("rows", markCursor);

// The page's row and cell data under `index` (null until its page came).
function rowAt(index) {
  const page = grid.pages.get(Math.floor(index / pageRows));
  if (!page || !page.objects[index % pageRows]) return null;
  const position = index % pageRows;
  return { object: page.objects[position], cells: page.cells ? page.cells[position] : null, columns: page.columns };
}

// The server's cell of `name` in a row from `rowAt`.
function cellOf(row, name) {
  if (!row || !row.cells || !row.columns) return null;
  const column = row.columns.indexOf(name);
  return column >= 0 ? row.cells[column] : null;
}

// Scrolls the grid so that row `index` (and the cursor's column) is in view.
function scrollToRow(index) {
  const box = $("grid");
  const visible = Math.max(1, viewportRows() - 1);
  if (!scaled()) {
    const top = index * rowHeight, room = box.clientHeight - rowHeight;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + rowHeight > box.scrollTop + room) box.scrollTop = top + rowHeight - room;
  } else {
    const first = firstVisible();
    if (index < first || index >= first + visible) {
      const wanted = index < first ? index : Math.max(0, index - visible + 1);
      const room = Math.max(1, tallestSpacer - (box.clientHeight - rowHeight));
      const last = Math.max(1, grid.count - viewportRows() + 1);
      box.scrollTop = Math.min(wanted, last) / last * room;
    }
  }
  renderRows();
  const cell = $("gridRows").querySelector(".cell.cursor");
  if (cell) {
    const left = cell.offsetLeft, right = left + cell.offsetWidth;
    const fixed = 150;  // the index and key columns
    if (left - fixed < box.scrollLeft) box.scrollLeft = Math.max(0, left - fixed);
    else if (right > box.scrollLeft + box.clientWidth) box.scrollLeft = right - box.clientWidth;
  }
}

// Moves the cursor to (row, column); with `extend` the selection grows from where it was.
function moveCursor(row, column, extend) {
  const last = Math.max(0, grid.count - 1);
  const columns = Math.max(1, columnNames().length);
  if (extend && cursor.anchor === null) cursor.anchor = { row: cursor.row, column: cursor.column };
  if (!extend) { cursor.anchor = null; cursor.rows = false; }
  cursor.row = Math.max(0, Math.min(last, row));
  cursor.column = Math.max(0, Math.min(columns - 1, column));
  scrollToRow(cursor.row);
}

// Enter: the link under the cursor, or the object of its row.
function openUnderCursor() {
  const row = rowAt(cursor.row);
  if (!row) return;
  const name = columnNames()[cursor.column];
  const cell = cellOf(row, name);
  const link = cell ? cell.link : linkOf(row.object[name]);
  if (link) goObject(link["class"], link.key);
  else goObject(grid.className, row.object._key);
}

function typing(target) {
  return target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable);
}

const keyHelp = [
  ["← ↑ → ↓", "move the cell cursor (with Shift: select)"], ["Page Up / Page Down", "a screen of rows up or down"],
  ["Home / End", "the first or last row (Ctrl: the same)"], ["Enter", "open the object, or follow the link under the cursor"],
  ["Backspace, Alt+←", "back"], ["/", "the query box (Escape leaves it)"], ["Ctrl+C", "copy the selection as tab-separated text"],
  ["j", "copy the selection as canonical JSON"], ["y", "copy the value under the cursor exactly"],
  ["v", "the cell viewer"], ["s", "a chart of the cursor's column"], ["F2", "edit the cell (with --write)"], ["?", "these keys"],
];

// Actions of later scripts by key (copy.js, viewer.js, charts.js).
const gridKeys = {};

document.addEventListener("keydown", (event) => {
  if (!$("overlay").hidden || event.defaultPrevented) return;
  const target = event.target;
  if (target === $("query")) {
    if (event.key === "Escape" && !event.defaultPrevented) { event.preventDefault(); target.blur(); $("grid").focus(); }
    return;
  }
  if (typing(target)) return;
  const view = state.route.view;
  if ((event.key === "Backspace" && !event.ctrlKey && !event.metaKey) || (event.altKey && event.key === "ArrowLeft")) {
    event.preventDefault();
    // Back within this server's pages only, never to the site before them.
    if (!window.navigation || navigation.canGoBack) history.back();
    return;
  }
  if (event.key === "/" && view === "grid") { event.preventDefault(); $("query").focus(); $("query").select(); return; }
  if (event.key === "?") { event.preventDefault(); dialog(el("h3", { text: "Keys" }), el("table", { id: "keyHelp" }, ...keyHelp.map(
    ([keys, action]) => el("tr", {}, el("td", {}, el("kbd", { text: keys })), el("td", { text: action }))))); return; }
  if (view !== "grid" || event.altKey || event.metaKey) return;
  const action = gridKeys[event.ctrlKey ? "Ctrl+" + event.key.toLowerCase() : event.key];
  if (action) { event.preventDefault(); action(event); return; }
  if (event.ctrlKey && !["Home", "End"].includes(event.key)) return;
  const page = Math.max(1, viewportRows() - 2);
  const moves = {
    ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], PageUp: [-page, 0], PageDown: [page, 0],
  };
  if (moves[event.key]) {
    event.preventDefault();
    $("grid").focus({ preventScroll: true });
    moveCursor(cursor.row + moves[event.key][0], cursor.column + moves[event.key][1], event.shiftKey);
  } else if (event.key === "Home" || event.key === "End") {
    event.preventDefault();
    $("grid").focus({ preventScroll: true });
    moveCursor(event.key === "Home" ? 0 : grid.count - 1, cursor.column, event.shiftKey);
  } else if (event.key === "Enter") {
    event.preventDefault();
    openUnderCursor();
  } else if (event.key === "F2" && writable) {
    event.preventDefault();
    const cell = $("gridRows").querySelector(".cell.cursor");
    if (cell && cell.ondblclick) cell.ondblclick();
  }
});

// A click puts the cursor on the cell (a link still opens); a shift-click selects up to it; a
// click on a row's number selects the row, a shift-click the rows between.
$("gridRows").addEventListener("mousedown", (event) => {
  if (event.shiftKey) event.preventDefault();  // no text selection
}, true);
$("gridRows").addEventListener("click", (event) => {
  const cell = event.target.closest(".cell");
  const row = event.target.closest(".row[data-index]");
  if (!cell || !row || cell.classList.contains("editing")) return;
  const index = Number(row.dataset.index);
  $("grid").focus({ preventScroll: true });
  if (cell.classList.contains("index")) {
    if (!(event.shiftKey && cursor.rows)) cursor.anchor = { row: index, column: 0 };
    cursor.rows = true;
    cursor.row = index;
    markCursor();
    return;
  }
  const column = columnNames().indexOf(cell.dataset.property);
  if (event.shiftKey) {
    // Selecting, not following what the cell links to.
    event.stopPropagation();
    event.preventDefault();
    if (cursor.anchor === null || cursor.rows) cursor.anchor = { row: cursor.row, column: cursor.column };
    cursor.rows = false;
    if (column >= 0) cursor.column = column;
    cursor.row = index;
  } else {
    cursor.anchor = null;
    cursor.rows = false;
    cursor.row = index;
    if (column >= 0) cursor.column = column;
  }
  markCursor();
}, true);
