// A shared game's page (play/shared.html on the site, or one shared file): Python runs in a Web Worker of
// this page and the page only draws what it answers, with the kit's own board (widgets/board.js). The game,
// its rules and its source come from the link or the file; every text of it is shown as text, never HTML.
const CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "play-lock.json"];
const STAGES = ["Loading Python in your browser…", "Installing the kit…", "Opening the game…"];
const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

function say(words) { $("ttp-status").textContent = words; }

async function stage(index) {
  const progress = $("ttp-progress");
  say(STAGES[index]);
  if (!progress) return;
  progress.hidden = false;
  progress.value = index;
  progress.setAttribute("aria-valuetext", `${STAGES[index]} (step ${index + 1} of ${STAGES.length})`);
  await new Promise((drawn) => { requestAnimationFrame(() => setTimeout(drawn)); setTimeout(drawn, 50); });
}

// Stops the page with one sentence in place of the board: a bad link or file, or Python that failed.
function stop(words) {
  $("ttp-progress")?.remove();
  $("ttp-play").hidden = true;
  say(words);
  document.documentElement.dataset.ready = "stopped";
}

async function files(read) {
  const found = {};
  for (const name of CORE) found[name] = await read(name);
  const lock = JSON.parse(new TextDecoder().decode(found["play-lock.json"]));
  for (const entry of Object.values(lock.packages)) found[entry.file_name] = await read(entry.file_name);
  return found;
}

function showGame(opened) {
  document.title = `${opened.title}: a game shared with tictac_nb`;
  $("ttp-title").textContent = opened.title;
  $("ttp-rules").textContent = opened.rules;
  $("ttp-about").hidden = false;
  const source = new Blob([opened.document], { type: "application/json" });
  const save = $("ttp-save");
  save.href = URL.createObjectURL(source);
  save.download = `${opened.name}.tictac.json`;
}

function seatMenus(seats) {
  const box = $("ttp-seats");
  box.replaceChildren();
  return seats.map((seat) => {
    const id = `ttp-seat-${seat.seat}`;
    const control = el("div", { class: "ttp-control" });
    const input = el("select", { id });
    for (const who of seat.choices) input.append(el("option", { value: who }, who));
    input.value = seat.default;
    control.append(el("label", { for: id }, seat.name), input);
    box.append(control);
    return input;
  });
}

export async function start({ board, pageModel, read, payload }) {
  const opened = performance.now();
  await stage(0);
  let worker;
  try {
    const given = await files(read);
    performance.mark("ttp-files");
    const code = new Blob([await read("shared-worker.js")], { type: "text/javascript" });
    worker = new Worker(URL.createObjectURL(code));  // classic: a module worker cannot start from file://
    worker.postMessage({ type: "start", files: given, payload }, Object.values(given));
  } catch (error) {
    stop(`This page could not load Python: ${error.message}`);
    return;
  }
  let model = null;
  let cleanup = null;
  let menus = [];
  const host = $("ttp-board");
  const deal = (seed) => worker.postMessage({ type: "deal", request: JSON.stringify({
    options: {}, seats: menus.map((menu) => menu.value), seed }) });
  function dealt(answer) {
    if (answer.error) { $("ttp-problem").textContent = answer.error; return; }
    $("ttp-problem").textContent = "";
    if (cleanup) cleanup();
    host.replaceChildren();
    model = pageModel((message) => worker.postMessage({ type: "receive", message }));
    model.update(JSON.stringify(answer.state));
    cleanup = board.render({ model, el: host });
    const told = () => { $("ttp-dealt").textContent = model.get("dealt"); };
    model.on("change:dealt", told);
    told();
    if (!document.documentElement.dataset.ready) {
      performance.mark("ttp-board");
      $("ttp-progress")?.remove();
      say("");
      document.documentElement.dataset.ready = String(((performance.now() - opened) / 1000).toFixed(2));
    }
  }
  worker.onerror = (event) => { event.preventDefault(); stop(`This game's Python stopped: ${event.message}`); };
  worker.onmessage = ({ data }) => {
    if (data.type === "stage") {
      performance.mark(["", "ttp-python", "ttp-installed"][data.index]);
      stage(data.index);
    }
    else if (data.type === "failed") {
      if (document.documentElement.dataset.ready) $("ttp-problem").textContent = `This game's Python failed: ${data.words}`;
      else stop(`This game's Python failed as it loaded: ${data.words}`);
    } else if (data.type === "push" && model) model.update(data.json);
    else if (data.type === "dealt") dealt(JSON.parse(data.json));
    else if (data.type === "opened") {
      const answer = JSON.parse(data.json);
      if (answer.error) { stop(answer.error); return; }
      performance.mark("ttp-opened");
      showGame(answer);
      menus = seatMenus(answer.page.seats);
      $("ttp-play").hidden = false;
      deal(null);
    }
  };
  $("ttp-controls").addEventListener("submit", (event) => {
    event.preventDefault();
    deal($("ttp-number").value.trim() || null);
    $("ttp-number").value = "";
  });
}
