// Several files (`serve A B`, `serve DIR`): the files the server found at start, listed above
// the classes with their size and number of classes; a click opens the other file's page
// (`/files/N/`, its own URL, history and storage). Files are named to the server by their
// index only; one it could not open (an encrypted file without its key) is listed with why.
function sizeText(bytes) {
  if (bytes === null || bytes === undefined) return "?";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes, unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit += 1; }
  return (unit === 0 ? String(value) : value.toFixed(value < 10 ? 1 : 0)) + " " + units[unit];
}

async function showFiles() {
  const current = Number(base.slice("/files/".length));
  const list = el("ul", { id: "fileList" });
  $("side").prepend(el("div", { id: "files" }, el("div", { class: "side-head" }, el("b", { text: "Files" })), list));
  let body;
  try {
    const response = await fetch("/api/files", { credentials: "same-origin", cache: "no-store" });
    body = await response.json();
  } catch (error) {
    list.replaceChildren(el("li", { class: "error", text: "the server did not list its files" }));
    return;
  }
  list.replaceChildren(...body.files.map((file) => {
    const details = [sizeText(file.size)];
    if (file.classes !== undefined && file.classes !== null) details.push(file.classes + " class" + (file.classes === 1 ? "" : "es"));
    if (file.problem) details.push("not opened");
    else if (!file.writable && writable) details.push("read-only");
    const item = el("li", { "data-index": file.index, "data-name": file.name, title: file.problem || file.name },
                    el("span", { class: "fileName", text: file.name }), el("span", { class: "fileDetails", text: details.join(" · ") }));
    if (file.index === current) item.classList.add("current");
    else item.onclick = () => { location.href = "/files/" + file.index + "/"; };
    if (file.problem) item.classList.add("problem");
    return item;
  }));
  const shown = body.files.find((file) => file.index === current);
  if (shown) document.title = shown.name + " · Realm Browser";
}
if (base.startsWith("/files/")) showFiles();
