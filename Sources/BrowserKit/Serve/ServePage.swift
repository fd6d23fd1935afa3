/// The page `serve` shows at `/`: plain HTML, CSS and JavaScript in the binary (no build step,
/// nothing fetched from the network). Values from the file only ever reach the page as text
/// (`textContent`), never as HTML, so a string in a Realm file cannot run script here.
enum ServePage {
    static let html = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <title>Realm Browser</title>
    <style>
    body { margin: 0; font: 13px system-ui, sans-serif; display: flex; height: 100vh; }
    #classes { width: 220px; overflow: auto; border-right: 1px solid #ccc; margin: 0; padding: 0; list-style: none; }
    #classes li { padding: 4px 8px; cursor: pointer; display: flex; justify-content: space-between; }
    #classes li.selected { background: #dde6ff; }
    #classes .count { color: #777; }
    main { flex: 1; display: flex; flex-direction: column; min-width: 0; }
    #bar { padding: 6px; border-bottom: 1px solid #ccc; display: flex; gap: 6px; }
    #query { flex: 1; font-family: monospace; }
    #error { color: #b00; font-family: monospace; white-space: pre; padding: 0 6px; }
    #grid { overflow: auto; flex: 1; }
    table { border-collapse: collapse; font-family: monospace; }
    th, td { border: 1px solid #ddd; padding: 2px 6px; text-align: left; white-space: nowrap; max-width: 320px; overflow: hidden; text-overflow: ellipsis; }
    th { background: #f4f4f4; position: sticky; top: 0; }
    #pager { padding: 6px; border-top: 1px solid #ccc; }
    #detail { max-height: 35%; overflow: auto; border-top: 1px solid #ccc; padding: 6px; font-family: monospace; }
    #detail:empty { display: none; }
    .link { color: #0645ad; cursor: pointer; text-decoration: underline; }
    </style>
    </head>
    <body>
    <ul id="classes"></ul>
    <main>
      <form id="bar"><input id="query" placeholder="RQL query, e.g. name BEGINSWITH 'a' SORT(name ASC)" autocomplete="off">
      <button>Find</button></form>
      <div id="error"></div>
      <div id="grid"></div>
      <div id="detail"></div>
      <div id="pager"><button id="previous">&lt;</button> <span id="status"></span> <button id="next">&gt;</button></div>
    </main>
    <script>
    "use strict";
    const pageSize = 50;
    let current = { className: null, query: "", offset: 0, count: 0 };
    const $ = (id) => document.getElementById(id);

    async function get(path, parameters) {
      const response = await fetch(path + "?" + new URLSearchParams(parameters), { credentials: "same-origin" });
      return { ok: response.ok, body: await response.json() };
    }

    function text(value) {
      if (value === null) return "null";
      if (typeof value === "object") return JSON.stringify(value);
      return String(value);
    }

    async function loadClasses() {
      const { body } = await get("/api/classes", {});
      const list = $("classes");
      list.replaceChildren();
      // An error answer (the file went away, the server is starting) has no classes: say so.
      if (!body || !Array.isArray(body.classes)) {
        const item = document.createElement("li");
        item.textContent = (body && body.error) || "the classes could not be read";
        list.append(item);
        return;
      }
      for (const entry of body.classes) {
        const item = document.createElement("li");
        const name = document.createElement("span");
        name.textContent = entry["class"];
        const count = document.createElement("span");
        count.className = "count";
        count.textContent = entry.objects;
        item.append(name, count);
        item.dataset.name = entry["class"];
        item.onclick = () => select(entry["class"]);
        list.append(item);
      }
    }

    function select(name) {
      current = { className: name, query: "", offset: 0, count: 0 };
      $("query").value = "";
      for (const item of $("classes").children) item.classList.toggle("selected", item.dataset.name === name);
      loadPage();
    }

    async function loadPage() {
      if (!current.className) return;
      const parameters = { "class": current.className, offset: current.offset, limit: pageSize };
      let answer;
      if (current.query) {
        parameters.q = current.query;
        answer = await get("/api/query", parameters);
      } else {
        answer = await get("/api/objects", parameters);
      }
      $("error").textContent = answer.ok ? "" : (answer.body.annotated || answer.body.error);
      if (!answer.ok) return;
      current.count = answer.body.count;
      render(answer.body.objects);
      const end = Math.min(current.offset + pageSize, current.count);
      $("status").textContent = current.count === 0 ? "no objects" : `${current.offset}..${end} of ${current.count}`;
    }

    function render(objects) {
      const table = document.createElement("table");
      const names = objects.length ? Object.keys(objects[0]) : [];
      const head = table.createTHead().insertRow();
      for (const name of names) { const cell = document.createElement("th"); cell.textContent = name; head.append(cell); }
      const body = table.createTBody();
      for (const object of objects) {
        const row = body.insertRow();
        for (const name of names) { const cell = row.insertCell(); cell.append(valueNode(object[name])); cell.title = cell.textContent; }
      }
      $("grid").replaceChildren(table);
    }

    // A link ({"$link": [table, key]}) opens its object below the grid; everything else is text.
    function valueNode(value) {
      const link = value && typeof value === "object" && Array.isArray(value["$link"]) ? value["$link"] : null;
      if (!link) return document.createTextNode(text(value));
      const node = document.createElement("span");
      node.className = "link";
      node.textContent = `${link[0]}[_key = ${link[1]}]`;
      node.onclick = () => showObject(link[0], link[1]);
      return node;
    }

    async function showObject(table, key) {
      const { ok, body } = await get("/api/object", { "class": table, key: key });
      const detail = $("detail");
      detail.replaceChildren();
      if (!ok) { detail.textContent = body.error; return; }
      const title = document.createElement("div");
      title.textContent = `${body["class"]}[${body.position}]`;
      detail.append(title);
      for (const [name, value] of Object.entries(body.object)) {
        const line = document.createElement("div");
        line.append(document.createTextNode(name + ": "), valueNode(value));
        detail.append(line);
      }
      for (const backlink of body.backlinks) {
        const line = document.createElement("div");
        line.append(document.createTextNode("linked from " + backlink.from + ": "), valueNode(backlink.object));
        detail.append(line);
      }
    }

    $("bar").onsubmit = (event) => { event.preventDefault(); current.query = $("query").value.trim(); current.offset = 0; loadPage(); };
    $("previous").onclick = () => { if (current.offset > 0) { current.offset = Math.max(0, current.offset - pageSize); loadPage(); } };
    $("next").onclick = () => { if (current.offset + pageSize < current.count) { current.offset += pageSize; loadPage(); } };
    loadClasses();
    </script>
    </body>
    </html>
    """
}
