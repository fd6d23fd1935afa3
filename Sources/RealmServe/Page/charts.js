// Charts: for the column under the cursor (s, or the chart button), the figures `stats`
// prints and a picture drawn here as SVG from /api/chart's bars: a histogram of numbers and
// dates (equal bins), the most common values of strings and booleans, collection lengths,
// Mixed types. Over the whole class or, when a query is on screen, its objects. The server
// counts in fixed memory; the page only draws the few bars it is sent.
// An SVG element with attributes and children (text as text nodes, never markup; `svgSpace`
// is graph.js's).
function svgElement(tag, attributes, ...children) {
  const node = document.createElementNS(svgSpace, tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, String(value));
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

$("count").before(el("button", { type: "button", id: "chartButton", text: "chart", title: "a chart of the cursor's column (s)",
                                 onclick: () => openChart() }));
gridKeys.s = () => openChart();
after("show", (route) => { $("chartButton").hidden = route.view !== "grid"; });

// Opens the chart dialog for `property` (default: the cursor's column) over the query on
// screen, or the whole class when `whole` or when there is no query.
async function openChart(property, whole) {
  const names = columnNames();
  const className = grid.className;
  const query = grid.query;
  if (!className || !names.length) return;
  const chosen = property || names[cursor.column] || names[0];
  const overQuery = !!query && !whole;
  const picker = el("select", { id: "chartProperty", title: "the property charted" },
                    ...names.map((name) => el("option", { value: name, text: name })));
  picker.value = chosen;
  picker.onchange = () => openChart(picker.value, !overQuery);
  const controls = el("div", { class: "chartControls" }, picker);
  if (query) {
    const scope = el("select", { id: "chartScope", title: "which objects" },
                     el("option", { value: "query", text: "the query's objects" }), el("option", { value: "class", text: "every object of the class" }));
    scope.value = overQuery ? "query" : "class";
    scope.onchange = () => openChart(picker.value, scope.value === "class");
    controls.append(scope);
  }
  const box = el("div", { id: "chart", "data-state": "loading" }, el("p", { text: "counting…" }));
  dialog(el("h3", { text: "Chart of " + className + "." + chosen }), controls, box);
  const parameters = { "class": className, property: chosen };
  if (overQuery) parameters.q = query;
  const { ok, body } = await api("/api/chart", parameters);
  if (!box.isConnected) return;
  if (!ok) {
    box.replaceChildren(el("p", { class: "error", text: body.error || "the chart failed" }));
    box.dataset.state = "failed";
    return;
  }
  const scopeText = body.objects + " object" + (body.objects === 1 ? "" : "s") + (body.query ? " the query found" : " of the class");
  const figures = el("table", { class: "chartFigures" }, el("tr", {}, el("th", { text: "type" }), el("td", { text: body.type })),
                     ...body.figures.map(([label, value]) => el("tr", {}, el("th", { text: label }), el("td", { text: value }))));
  const picture = body.kind === "histogram" ? drawHistogram(body.bars) : drawBars(body.bars);
  const caption = { histogram: "equal bins of the values", values: "most common values", lengths: "objects by collection length", types: "values by type" }[body.kind];
  box.replaceChildren(el("p", { class: "chartScope", text: scopeText + " · " + caption }), el("div", { class: "chartBody" }, picture, figures));
  box.dataset.kind = body.kind;
  box.dataset.state = "drawn";
}

// A histogram: one column per bin, its height in proportion to the bin's count; the first
// and last bounds under the axis, each bin's range and count in its tooltip.
function drawHistogram(bars) {
  const width = 560, height = 220, bottom = 40, top = 18;
  if (!bars.length) return el("p", { text: "no values" });
  const most = Math.max(1, ...bars.map((bar) => bar.count));
  const step = width / bars.length;
  const picture = svgElement("svg", { class: "chartPicture", width, height: height + bottom, viewBox: "0 0 " + width + " " + (height + bottom), role: "img" });
  bars.forEach((bar, index) => {
    const tall = bar.count ? Math.max(1, (height - top) * bar.count / most) : 0;
    picture.append(svgElement("rect", { class: "bar", x: index * step + 1, y: height - tall, width: Math.max(1, step - 2), height: tall,
                                        "data-label": bar.label, "data-count": bar.count },
                              svgElement("title", {}, bar.label + ": " + bar.count)));
    if (bar.count && bars.length <= 24) {
      picture.append(svgElement("text", { class: "barCount", x: index * step + step / 2, y: height - tall - 4, "text-anchor": "middle" }, String(bar.count)));
    }
  });
  picture.append(svgElement("line", { class: "axis", x1: 0, y1: height + 0.5, x2: width, y2: height + 0.5 }));
  const first = bars[0].label.split(" ")[0];
  const lastParts = bars[bars.length - 1].label.split(" ");
  picture.append(svgElement("text", { class: "axisLabel", x: 0, y: height + 16 }, first));
  picture.append(svgElement("text", { class: "axisLabel", x: width, y: height + 16, "text-anchor": "end" }, lastParts[lastParts.length - 1]));
  return picture;
}

// Horizontal bars, one per value (or length, or type), longest first as the server sends them.
function drawBars(bars) {
  if (!bars.length) return el("p", { text: "no values" });
  const labelWidth = 200, barWidth = 300, rowHeight = 20;
  const most = Math.max(1, ...bars.map((bar) => bar.count));
  const picture = svgElement("svg", { class: "chartPicture", width: labelWidth + barWidth + 70, height: bars.length * rowHeight + 4, role: "img" });
  bars.forEach((bar, index) => {
    const y = index * rowHeight + 2;
    const long = bar.count ? Math.max(1, barWidth * bar.count / most) : 0;
    const label = bar.label.length > 30 ? bar.label.slice(0, 29) + "…" : bar.label;
    picture.append(svgElement("text", { class: "barLabel", x: labelWidth - 6, y: y + 14, "text-anchor": "end" }, label, svgElement("title", {}, bar.label)));
    picture.append(svgElement("rect", { class: "bar", x: labelWidth, y: y + 2, width: long, height: rowHeight - 5,
                                        "data-label": bar.label, "data-count": bar.count },
                              svgElement("title", {}, bar.label + ": " + bar.count)));
    picture.append(svgElement("text", { class: "barCount", x: labelWidth + long + 4, y: y + 14 }, String(bar.count)));
  });
  return picture;
}
