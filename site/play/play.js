// A play page of the static site: Python runs in this page (Pyodide, from the site's own files) and the
// board is the kit's own widgets/board.js, drawn on the Board's synced state as a kernel would send it.
// The controls are plain HTML made from the page's description in Python: this file knows no game.
import board, { pageModel } from "./board.js";

const game = document.documentElement.dataset.game;
const status = document.getElementById("ttp-status");
const progress = document.getElementById("ttp-progress");
const say = (words) => { status.textContent = words; };
const STAGES = ["Loading Python in your browser…", "Installing the kit…", "Dealing the game…"];

// Says which stage the page is at, and lets the browser draw it before Python holds the page again (a
// hidden tab draws no frames: then a moment's wait does).
async function stage(index) {
  say(STAGES[index]);
  progress.hidden = false;
  progress.value = index;
  progress.setAttribute("aria-valuetext", `${STAGES[index]} (step ${index + 1} of ${STAGES.length})`);
  await new Promise((drawn) => { requestAnimationFrame(() => setTimeout(drawn)); setTimeout(drawn, 50); });
}

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

function control(spec) {
  const id = `ttp-${spec.name}`;
  const box = el("div", { class: "ttp-control" });
  const label = el("label", { for: id }, spec.label);
  let input;
  if (spec.kind === "check") {
    input = el("input", { id, type: "checkbox" });
    input.checked = spec.default;
    box.append(input, label);
  } else if (spec.kind === "menu") {
    input = el("select", { id });
    spec.choices.forEach((words, i) => input.append(el("option", { value: String(i) }, words)));
    input.value = String(spec.default);
    box.append(label, input);
  } else {
    input = el("input", { id, type: "number", min: spec.low, max: spec.high, step: 1 });
    input.value = String(spec.default);
    box.append(label, input);
  }
  input.setAttribute("aria-describedby", `${id}-help`);
  box.append(el("span", { id: `${id}-help`, class: "ttp-help" }, spec.help));
  const value = () => (spec.kind === "check" ? input.checked : spec.kind === "menu" ? Number(input.value)
    : Number(input.value));
  return { spec, box, input, value };
}

async function start() {
  const opened = performance.now();
  await stage(0);
  const base = new URL("../static/pyodide/", location.href).href;
  const { loadPyodide } = await import(`${base}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL: base, lockFileURL: `${base}play-lock.json` });
  performance.mark("ttp-python");
  await stage(1);
  await pyodide.loadPackage(["tictac-nb"], { messageCallback: () => {} });
  performance.mark("ttp-installed");
  let model = null;
  const page = pyodide.pyimport("tictac_nb.web.page").SitePage(game, (json) => model && model.update(json));
  performance.mark("ttp-imported");
  await stage(2);
  const described = JSON.parse(page.describe());

  const controls = described.controls.map(control);
  document.getElementById("ttp-options").append(...controls.map((c) => c.box));
  const seatsBox = document.getElementById("ttp-seats");
  let seatMenus = [];
  const choices = () => Object.fromEntries(controls.map((c) => [c.spec.name, c.value()]));
  function showSeats(seats) {
    if (!seats.length) return;
    const kept = seatMenus.slice(0, seats.length);
    kept.forEach((menu, i) => { menu.label.textContent = seats[i].name; });
    for (const seat of seats.slice(kept.length)) {
      const id = `ttp-seat-${seat.seat}`;
      const box = el("div", { class: "ttp-control" });
      const label = el("label", { for: id }, seat.name);
      const input = el("select", { id });
      for (const who of seat.choices) input.append(el("option", { value: who }, who));
      input.value = seat.default;
      box.append(label, input);
      kept.push({ box, label, input });
    }
    seatMenus.slice(seats.length).forEach((menu) => menu.box.remove());
    seatMenus = kept;
    seatsBox.append(...seatMenus.map((menu) => menu.box));
  }
  showSeats(described.seats);
  for (const c of controls) c.input.addEventListener("change", () => showSeats(JSON.parse(page.seats(JSON.stringify(choices())))));

  const host = document.getElementById("ttp-board");
  const number = document.getElementById("ttp-number");
  const dealt = document.getElementById("ttp-dealt");
  const problem = document.getElementById("ttp-problem");
  let cleanup = null;
  function deal(seed) {
    const answer = JSON.parse(page.deal(JSON.stringify({
      options: choices(), seats: seatMenus.map((menu) => menu.input.value), seed,
    })));
    if (answer.error) {
      problem.textContent = answer.error;
      return false;
    }
    problem.textContent = "";
    if (cleanup) cleanup();
    host.replaceChildren();
    model = pageModel((message) => page.receive(message));
    model.update(JSON.stringify(answer.state));
    cleanup = board.render({ model, el: host });
    model.on("change:dealt", told);
    told();
    number.value = "";
    return true;
  }
  // The game number, once Python shows it (a fresh game's when it ends), goes in the link as well.
  function told() {
    dealt.textContent = model.get("dealt");
    const url = new URL(location.href);
    if (model.get("game_number")) url.searchParams.set("game", model.get("game_number"));
    else url.searchParams.delete("game");
    history.replaceState(null, "", url);
  }
  document.getElementById("ttp-controls").addEventListener("submit", (event) => {
    event.preventDefault();
    deal(number.value);
  });
  // Game numbers stay text, here as in the link: Python reads every digit (a JavaScript number rounds one
  // above 2**53) and words what it refuses; a link's refused number deals a fresh game under its words.
  const asked = new URL(location.href).searchParams.get("game");
  if (!deal(asked)) {
    const why = problem.textContent;
    deal(null);
    problem.textContent = `The link asks for a game this page cannot deal: ${why}. This is a new game.`;
  }
  performance.mark("ttp-board");
  progress.remove();
  document.getElementById("ttp-controls").hidden = false;
  say("");
  document.documentElement.dataset.ready = String(((performance.now() - opened) / 1000).toFixed(2));
}

start().catch((error) => {
  progress.remove();
  say(`This page could not start Python in your browser: ${error.message}`);
  throw error;
});
