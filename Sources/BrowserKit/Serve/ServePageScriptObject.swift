/// The object view's script: one object's properties (the server's text for each), the
/// elements of its lists, sets and dictionaries (links followed on a click; appended to and
/// removed from with `--write`), and the objects linking to it (its backlinks).
enum ServePageScriptObject {
    static let text = #"""
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
        rows.push(el("tr", { "data-property": name }, el("th", { text: name }), el("td", { class: "muted", text: schema ? schema.type : "" }),
                     propertyValue(className, object._key, name, value, cell, schema)));
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

    // A property's value cell: text (editable with --write), or the elements of a collection.
    function propertyValue(className, key, name, value, cell, schema) {
      const collection = collectionKind(schema);
      const td = el("td", { class: "value" });
      const text = cell ? cell.text : rawText(value);
      if (!collection || !isContainer(value)) {
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
        if (writable && schema && !collectionKind(schema)) {
          const edit = el("button", { type: "button", class: "edit", text: "edit", title: schema.type === "link"
            ? "a link is written " + (schema.target || "Class") + "[N] (N: the position), or null" : "edit this value" });
          edit.onclick = () => startEdit(node, className, key, name, value, text);
          td.append(" ", edit);
        }
        if (!isContainer(value)) return td;
      } else {
        td.append(el("div", { class: "muted", text: text.length > 200 ? text.slice(0, 200) + "…" : text }));
      }
      const entries = Array.isArray(value) ? value.map((element, index) => [index, element]) : Object.entries(value || {});
      const list = el("ol", { class: "elements", start: "0" });
      if (!Array.isArray(value)) list.style.listStyle = "none";
      const items = entries.map(([index, element]) => {
        const link = linkOf(element);
        const label = Array.isArray(value) ? "" : JSON.stringify(index) + ": ";
        const item = el("li", { "data-index": String(index) }, label);
        item.append(link ? el("span", { class: "link element", text: rawText(element), onclick: () => goObject(link["class"], link.key) })
                         : el("span", { class: "element", text: rawText(element) }));
        if (writable && collection) {
          const which = collection.kind === "dictionary" ? { entry: String(index) } : { index: Number(index) };
          item.append(el("button", { type: "button", class: "remove", text: "remove", title: "remove this element",
                                     onclick: () => write("/api/remove", Object.assign({ "class": className, key: Number(key), property: name }, which)) }));
        }
        return item;
      });
      appendCapped(list, items);
      if (entries.length) td.append(list);
      if (writable && collection && collection.kind !== "dictionary") {
        const input = el("input", { class: "appendValue", placeholder: "new " + collection.element + (collection.element === "link" ? " (e.g. " + (schema.target || "Class") + "[0])" : "") });
        const add = () => {
          const literal = literalFor(collection.element, input.value, false);
          if (literal.error) { setWriteMessage(literal.error, true); return; }
          write("/api/append", { "class": className, key: Number(key), property: name, value: literal.value });
        };
        input.onkeydown = (event) => { if (event.key === "Enter") add(); };
        td.append(el("div", {}, input, " ", el("button", { type: "button", class: "append", text: "append", onclick: add })));
      }
      return td;
    }
    """#
}
