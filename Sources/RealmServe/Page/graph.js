// The last part of the script: the schema graph (SVG: classes as boxes in a grid, links as
// arrows), live refresh (the version polled every two seconds; what is on screen is read
// again when another process committed) and the start of the page.
const svgSpace = "http://www.w3.org/2000/svg";
function svg(tag, attributes, text) {
  const node = document.createElementNS(svgSpace, tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// /api/graph; without it, the same shape from the classes and their schemas.
async function graphData() {
  if (state.graph) return state.graph;
  const { ok, body } = await api("/api/graph");
  if (ok && Array.isArray(body.classes) && Array.isArray(body.edges)) { state.graph = body; return body; }
  const edges = [];
  for (const entry of state.classes) {
    for (const row of (await schemaOf(entry["class"])) || []) {
      if (row.property === null || !row.target) continue;
      const match = row.type.match(/^(list|set|dictionary) of /);
      edges.push({ from: entry["class"], property: row.property, to: row.target, collection: match ? match[1] : null,
                  embedded: (state.classes.find((other) => other["class"] === row.target) || {}).kind === "embedded" });
    }
  }
  state.graph = { classes: state.classes, edges };
  return state.graph;
}

// Where the line from a box's centre towards (x, y) leaves the box.
function border(box, x, y) {
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const dx = x - cx, dy = y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const scale = Math.min(Math.abs((box.width / 2) / (dx || 1e-9)), Math.abs((box.height / 2) / (dy || 1e-9)));
  return { x: cx + dx * Math.min(scale, 1), y: cy + dy * Math.min(scale, 1) };
}

async function showGraph() {
  const data = await graphData();
  if (state.route.view !== "graph") return;
  const classes = data.classes;
  // The classes around an ellipse: a link between any two of them crosses the middle,
  // where no box is.
  const width = 190, height = 46, margin = 30;
  const count = classes.length;
  const radiusX = count < 2 ? 0 : Math.max(220, count * 62), radiusY = count < 2 ? 0 : Math.max(150, count * 38);
  const centreX = margin + radiusX + width / 2 + 90, centreY = margin + radiusY + height / 2 + 20;
  const boxes = {};
  classes.forEach((entry, index) => {
    const angle = -Math.PI / 2 + index * 2 * Math.PI / Math.max(1, count);
    boxes[entry["class"]] = { x: centreX + radiusX * Math.cos(angle) - width / 2, y: centreY + radiusY * Math.sin(angle) - height / 2,
                              width, height, entry };
  });
  const picture = svg("svg", { id: "graph", width: 2 * centreX, height: 2 * centreY });
  const defs = svg("defs");
  const marker = svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 8, markerHeight: 8, orient: "auto-start-reverse" });
  marker.append(svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#4a5a8a" }));
  defs.append(marker);
  picture.append(defs);
  // Edges between the same two classes bend apart, so their labels do not overlap.
  const seen = {};
  for (const edge of data.edges) {
    const from = boxes[edge.from], to = boxes[edge.to];
    if (!from || !to) continue;
    const pair = [edge.from, edge.to].sort().join("\n");
    const nth = seen[pair] = (seen[pair] === undefined ? 0 : seen[pair] + 1);
    const label = edge.property + (edge.collection ? " (" + edge.collection + ")" : "");
    const group = svg("g", { class: "edgeGroup", "data-from": edge.from, "data-to": edge.to });
    if (from === to) {
      const x = from.x + from.width, y = from.y + from.height / 2, loop = 40 + nth * 18;
      group.append(svg("path", { class: "edge" + (edge.embedded ? " embedded" : ""),
                                 d: `M ${x} ${y - 10} C ${x + loop} ${y - loop}, ${x + loop} ${y + loop}, ${x} ${y + 10}` }));
      group.append(svg("text", { class: "edgeLabel", x: x + loop * 0.8, y: y + 4 }, label));
    } else {
      const fx = from.x + from.width / 2, fy = from.y + from.height / 2, tx = to.x + to.width / 2, ty = to.y + to.height / 2;
      const length = Math.hypot(tx - fx, ty - fy) || 1;
      const bend = (nth % 2 ? -1 : 1) * Math.ceil(nth / 2) * 36 + (edge.from < edge.to ? 0 : 18);
      const mx = (fx + tx) / 2 - (ty - fy) / length * bend, my = (fy + ty) / 2 + (tx - fx) / length * bend;
      const start = border(from, mx, my), end = border(to, mx, my);
      group.append(svg("path", { class: "edge" + (edge.embedded ? " embedded" : ""), d: `M ${start.x} ${start.y} Q ${mx} ${my} ${end.x} ${end.y}` }));
      group.append(svg("text", { class: "edgeLabel", x: (start.x + 2 * mx + end.x) / 4 + 4, y: (start.y + 2 * my + end.y) / 4 - 4 }, label));
    }
    picture.append(group);
  }
  for (const [name, box] of Object.entries(boxes)) {
    const embedded = box.entry.kind === "embedded";
    const group = svg("g", { class: "box" + (embedded ? " embedded" : ""), "data-class": name });
    group.append(svg("rect", { x: box.x, y: box.y, width: box.width, height: box.height, rx: 6 }));
    group.append(svg("text", { x: box.x + 10, y: box.y + 19, "font-weight": 600 }, name));
    group.append(svg("text", { x: box.x + 10, y: box.y + 36, fill: "#555" },
                     box.entry.objects + " objects" + (box.entry.kind && box.entry.kind !== "class" ? " · " + box.entry.kind : "")));
    group.addEventListener("click", () => goClass(name));
    picture.append(group);
  }
  $("graphView").replaceChildren(el("div", { class: "muted", text: "Classes and their links (click a class to open it; dashed: embedded)." }), picture);
}

// Live refresh: another process's commit moves the version; read again what is shown.
let polling = false;
async function pollVersion(quiet) {
  if (polling) return;
  polling = true;
  try {
    const writes = state.writes;
    const { ok, body } = await api("/api/version");
    if (!ok || typeof body.version !== "number") return;
    if (writable && writes === state.writes && !state.writing) setPending(body.pending);
    const moved = state.version !== null && body.version !== state.version;
    state.version = body.version;
    const own = state.ownCommit;
    if (moved) state.ownCommit = false;
    if (moved && !quiet && !own) {
      const banner = $("banner");
      banner.textContent = "The file has a new version (" + body.version + "), committed by another process: what is shown was read again at "
        + new Date().toLocaleTimeString() + ".";
      banner.hidden = false;
      state.graph = null;
      await refreshView();
    }
  } finally {
    polling = false;
  }
}

window.addEventListener("hashchange", () => { closeDialog(); show(); });
$("overlay").onclick = (event) => { if (event.target === $("overlay")) closeDialog(); };
document.addEventListener("keydown", (event) => { if (event.key === "Escape" && !$("overlay").hidden) closeDialog(); });
setUpWriting();
loadClasses().then(show);
pollVersion(true);
setInterval(() => pollVersion(false), 2000);
