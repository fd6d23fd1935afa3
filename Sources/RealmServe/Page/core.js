// The first part of the page's script: shared state, DOM and request helpers, and the route.
// The URL's hash names what the centre shows (`#class=C`, `#class=C&q=QUERY`,
// `#class=C&key=K`, `#graph`); every navigation is a new hash, so the browser's history,
// back and forward buttons and shared URLs all work, and `hashchange` drives the view.
const token = document.querySelector('meta[name="realm-browser-token"]').content;
const writable = document.querySelector('meta[name="realm-browser-writable"]').content === "true";
const $ = (id) => document.getElementById(id);
// Where this file's answers are (several files: `/files/N`, one: the root) and what names the
// file in the browser's storage (history, saved queries, widths: `storageKey`).
const base = document.querySelector('meta[name="realm-browser-base"]').content;
const fileIdentity = document.querySelector('meta[name="realm-browser-file"]').content;
const storageKey = (kind) => "realm-browser " + kind + " " + fileIdentity;
// classes: /api/classes entries; tables: internal table name -> class name (for $link).
const state = { classes: [], tables: {}, schemas: {}, graph: null, route: {}, version: null, pending: [],
                writes: 0, writing: 0, ownCommit: false, staged: new Map() };

// An element with text only: strings given as children become text nodes, never HTML.
function el(tag, properties, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(properties || {})) {
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node[name] = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// The later scripts' hooks (keyboard, columns, viewer, history): `after(EVENT, action)`, called
// by `emit` when the grid drew its head ("head") or rows ("rows"), a page came ("page", its
// answer) or a view was shown ("show", the route).
const hooks = { head: [], rows: [], page: [], show: [] };
const after = (event, action) => hooks[event].push(action);
const emit = (event, ...values) => { for (const action of hooks[event]) action(...values); };

async function answer(response) {
  let body;
  try { body = await response.json(); } catch (error) { body = { error: "the server answered status " + response.status }; }
  return { ok: response.ok, status: response.status, body: body || {} };
}

async function api(path, parameters) {
  const url = base + path + (parameters ? "?" + new URLSearchParams(parameters) : "");
  try {
    return await answer(await fetch(url, { credentials: "same-origin", cache: "no-store" }));
  } catch (error) {
    return { ok: false, status: 0, body: { error: "the server did not answer (" + error.message + ")" } };
  }
}

async function post(path, payload) {
  try {
    const response = await fetch(base + path, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "X-Realm-Browser-Token": token },
      body: JSON.stringify(payload || {}),
    });
    return await answer(response);
  } catch (error) {
    return { ok: false, status: 0, body: { error: "the server did not answer (" + error.message + ")" } };
  }
}

// The class a canonical link's table names ({"$link": [TABLE, KEY]}).
function classOfTable(table) {
  if (state.tables[table]) return state.tables[table];
  return table.startsWith("class_") ? table.slice(6) : table;
}

function linkOf(value) {
  if (value && typeof value === "object" && Array.isArray(value["$link"])) {
    return { "class": classOfTable(value["$link"][0]), key: value["$link"][1] };
  }
  return null;
}

// A list, set, dictionary or embedded object (not a tagged scalar such as {"$date": …}).
function isContainer(value) {
  if (Array.isArray(value)) return true;
  return value !== null && typeof value === "object" && !Object.keys(value).some((name) => name.startsWith("$"));
}

// The raw canonical value, for a value the server sent no text for (an element of a list
// or dictionary): the dump's own encoding, not a second formatter.
function rawText(value) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value !== "object") return String(value);
  const link = linkOf(value);
  if (link) return link["class"] + "[_key = " + link.key + "]";
  return JSON.stringify(value);
}

// The route the hash names: {view: "grid"|"object"|"graph"|"none", className, query, key}.
function parseRoute() {
  const parameters = new URLSearchParams(location.hash.slice(1));
  if (parameters.has("graph")) return { view: "graph" };
  const className = parameters.get("class");
  if (!className) return { view: "none" };
  if (parameters.has("key")) return { view: "object", className, key: parameters.get("key") };
  return { view: "grid", className, query: parameters.get("q") || "" };
}

function hashOf(route) {
  if (route.view === "graph") return "#graph";
  const parameters = new URLSearchParams();
  parameters.set("class", route.className);
  if (route.view === "object") parameters.set("key", String(route.key));
  else if (route.query) parameters.set("q", route.query);
  return "#" + parameters.toString();
}

// Navigates: a new history entry (or the same one replaced); `hashchange` then shows it.
function go(route, replace) {
  const hash = hashOf(route);
  if (location.hash === hash) { show(); return; }
  if (replace) { history.replaceState(null, "", hash); show(); }
  else location.hash = hash;
}

const goClass = (className, query) => go({ view: "grid", className, query: query || "" });
const goObject = (className, key) => go({ view: "object", className, key });

// Shows what the hash names.
async function show() {
  const route = parseRoute();
  if (route.view === "none") {
    const first = state.classes[0];
    if (first) go({ view: "grid", className: first["class"] }, true);
    return;
  }
  state.route = route;
  emit("show", route);
  // A hidden element forgets its scroll position: the grid's is kept for coming back.
  if (!$("grid").hidden) grid.savedScroll = $("grid").scrollTop;
  for (const id of ["grid", "objectView", "graphView"]) $(id).hidden = true;
  $("error").replaceChildren();
  $("query").classList.remove("failed");
  $("count").hidden = route.view !== "grid";
  $("bar").classList.toggle("graph", route.view === "graph");
  if (route.view === "graph") {
    selectClass(null);
    $("title").textContent = "Schema graph";
    $("graphView").hidden = false;
    await showGraph();
    return;
  }
  selectClass(route.className);
  $("title").textContent = route.className;
  $("query").value = route.view === "grid" ? route.query : "";
  updateExports();
  const entry = state.classes.find((other) => other["class"] === route.className);
  $("create").hidden = !!entry && entry.kind === "embedded";
  if (route.view === "object") {
    $("objectView").hidden = false;
    await showObject(route.className, route.key);
  } else {
    $("grid").hidden = false;
    openGrid(route.className, route.query);
  }
}

// Export links for the class and query on screen.
function updateExports() {
  const route = state.route;
  for (const format of ["csv", "json"]) {
    const parameters = new URLSearchParams({ "class": route.className, format });
    if (route.view === "grid" && route.query) parameters.set("q", route.query);
    const link = $(format === "csv" ? "exportCsv" : "exportJson");
    link.href = base + "/api/export?" + parameters;
    link.setAttribute("download", route.className + "." + format);
  }
}

// Opens a dialog with `children`; returns a function closing it.
function dialog(...children) {
  const box = $("dialog");
  const close = el("button", { type: "button", text: "Close", onclick: () => closeDialog() });
  box.replaceChildren(...children, el("div", {}, close));
  $("overlay").hidden = false;
  return closeDialog;
}

function closeDialog() { $("overlay").hidden = true; $("dialog").replaceChildren(); }
