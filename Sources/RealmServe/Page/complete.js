// Completion from the REPL's own completer (/api/complete): in the query box, property names,
// key paths, operators and keywords for the text up to the cursor, as a list under the box
// (Tab or a click takes one, the arrows choose, Escape closes it); in the class finder above
// the classes (g), class names. Nothing here knows the query language: the server does.
const completion = { candidates: [], index: -1, word: "", asked: 0, timer: null };
$("bar").style.position = "relative";
$("query").after(el("ul", { id: "completions", role: "listbox", hidden: "" }));
$("query").setAttribute("aria-autocomplete", "list");

function closeCompletions() {
  $("completions").hidden = true;
  completion.candidates = [];
  completion.index = -1;
}

// Asks for the candidates at the cursor; `accept` takes a single one at once (Tab).
async function askCompletions(accept) {
  const input = $("query");
  const className = state.route.className;
  if (!className || document.activeElement !== input) return;
  const before = input.value.slice(0, input.selectionStart);
  const asked = ++completion.asked;
  const { ok, body } = await api("/api/complete", { "class": className, q: before });
  if (asked !== completion.asked || document.activeElement !== input || input.value.slice(0, input.selectionStart) !== before) return;
  if (!ok || !Array.isArray(body.candidates)) { closeCompletions(); return; }
  completion.word = body.word || "";
  completion.candidates = body.candidates.filter((candidate) => candidate !== completion.word);
  if (accept && body.candidates.length === 1) { takeCompletion(body.candidates[0]); return; }
  showCompletions();
}

function showCompletions() {
  const list = $("completions");
  if (!completion.candidates.length) { closeCompletions(); return; }
  completion.index = Math.min(completion.index, completion.candidates.length - 1);
  list.replaceChildren(...completion.candidates.map((candidate, index) => {
    const item = el("li", { role: "option", text: candidate, "data-value": candidate });
    item.classList.toggle("chosen", index === completion.index);
    item.onmousedown = (event) => { event.preventDefault(); takeCompletion(candidate); };
    return item;
  }));
  list.style.left = $("query").offsetLeft + "px";
  list.style.top = $("query").offsetTop + $("query").offsetHeight + "px";
  list.hidden = false;
  const chosen = list.querySelector(".chosen");
  if (chosen) chosen.scrollIntoView({ block: "nearest" });
}

// Replaces the word before the cursor by `candidate` (a space after it, unless it opens
// a parenthesis or a key path goes on), then asks what may follow.
function takeCompletion(candidate) {
  const input = $("query");
  const cursorAt = input.selectionStart;
  const before = input.value.slice(0, cursorAt);
  const start = before.length - completion.word.length;
  const joiner = /[(.]$/.test(candidate) ? "" : " ";
  const after = input.value.slice(cursorAt);
  const text = before.slice(0, Math.max(0, start)) + candidate + (after.startsWith(" ") ? "" : joiner);
  input.value = text + after;
  input.setSelectionRange(text.length, text.length);
  closeCompletions();
  askCompletions(false);
}

$("query").addEventListener("input", () => {
  clearTimeout(completion.timer);
  completion.timer = setTimeout(() => askCompletions(false), 120);
});
$("query").addEventListener("blur", () => { completion.asked++; closeCompletions(); });
$("query").addEventListener("keydown", (event) => {
  const open = !$("completions").hidden;
  if (event.key === "Tab" && !event.shiftKey) {
    event.preventDefault();
    if (open && completion.candidates.length) takeCompletion(completion.candidates[Math.max(0, completion.index)]);
    else askCompletions(true);
  } else if (open && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
    event.preventDefault();
    const count = completion.candidates.length;
    if (event.key === "ArrowDown") completion.index = (completion.index + 1) % count;
    else completion.index = completion.index <= 0 ? count - 1 : completion.index - 1;
    showCompletions();
  } else if (open && event.key === "Enter" && completion.index >= 0) {
    event.preventDefault();
    takeCompletion(completion.candidates[completion.index]);
  } else if (open && event.key === "Escape") {
    event.preventDefault();
    closeCompletions();
  } else if (event.key === "Enter") {
    completion.asked++;
    closeCompletions();
  }
});

// The class finder: the classes whose names the completer offers for what is typed.
$("classes").before(el("input", { id: "classFind", placeholder: "go to class… (g)", spellcheck: "false", autocomplete: "off" }));
async function findClasses() {
  const text = $("classFind").value.trim();
  const asked = ++completion.asked;
  const { ok, body } = text ? await api("/api/complete", { q: text }) : { ok: true, body: null };
  if (asked !== completion.asked) return;
  const names = ok && body && Array.isArray(body.candidates) ? new Set(body.candidates) : null;
  for (const item of $("classes").children) item.hidden = !!names && !names.has(item.dataset.name);
}
$("classFind").addEventListener("input", findClasses);
$("classFind").addEventListener("keydown", async (event) => {
  if (event.key === "Enter") {
    // The list for all that was typed, even just now.
    await findClasses();
    const first = [...$("classes").children].find((item) => !item.hidden && item.dataset.name);
    if (first) { goClass(first.dataset.name); $("classFind").value = ""; findClasses(); $("grid").focus(); }
  } else if (event.key === "Escape") {
    $("classFind").value = "";
    findClasses();
    $("classFind").blur();
  }
});
gridKeys.g = () => $("classFind").focus();
