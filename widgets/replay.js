// tictac_nb's replay front end: shows the frame Python drew and asks for another step or viewer.
// It knows no game. An exported replay file runs this same code on a stand-in model that reads its
// frames from the page, so the widget and the file step through a game the same way.

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text) node.textContent = text;
  return node;
}

function button(cls, text, label) {
  const node = el("button", `ttr-button ${cls}`, text);
  node.type = "button";
  if (label) {
    node.setAttribute("aria-label", label);
    node.title = label;
  }
  return node;
}

const KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: "first", End: "last" };
const WATCHED = ["step", "count", "status", "message", "viewer", "viewers", "live", "title", "moves", "analysing"];

function render({ model, el: root }) {
  const box = el("section", "ttr-root");
  box.tabIndex = 0;
  const head = el("div", "ttr-head");
  const title = el("span", "ttr-title");
  const seenBy = el("label", "ttr-seen", "Seen by ");
  const viewer = el("select", "ttr-viewer");
  seenBy.append(viewer);
  const seenOne = el("span", "ttr-seen-one"); // one view only: say whose, on the page as in the tab
  head.append(title, seenBy, seenOne);

  const frame = el("div", "ttr-svg");
  const status = el("div", "ttr-status");
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");

  const controls = el("div", "ttr-controls");
  const first = button("ttr-first", "|◀", "First position");
  const back = button("ttr-back", "◀", "Back one move");
  const slider = el("input", "ttr-slider");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  slider.setAttribute("aria-label", "Move");
  const forward = button("ttr-forward", "▶", "Forward one move");
  const last = button("ttr-last", "▶|", "Last position");
  const counter = el("span", "ttr-counter");
  controls.append(first, back, slider, forward, last, counter);

  const list = el("ol", "ttr-moves");
  list.setAttribute("aria-label", "Moves");
  const tools = el("div", "ttr-tools");
  const branch = button("ttr-branch", "Play from here");
  const analyse = button("ttr-analyse", "Analyse");
  const message = el("div", "ttr-message");
  message.setAttribute("role", "alert");
  tools.append(branch, analyse);
  const analysis = el("div", "ttr-analysis"); // the coach's chart and marked moves: a click goes to the move
  box.append(head, frame, status, controls, tools, message, analysis, list);
  root.append(box);

  const go = (step) => {
    const count = model.get("count");
    const next = Math.max(0, Math.min(count, step));
    if (next !== model.get("step")) model.send({ type: "go", step: next });
  };

  function drawList() {
    list.replaceChildren();
    const start = el("li");
    const startButton = button("ttr-move", "Start");
    startButton.dataset.step = "0";
    start.append(startButton);
    list.append(start);
    const marks = model.get("marks") || {};
    model.get("moves").forEach((move, i) => {
      const item = el("li");
      const entry = button("ttr-move");
      entry.dataset.step = String(i + 1);
      entry.append(el("span", "ttr-number", `${i + 1}.`), el("span", "ttr-player", move.player),
        el("code", "ttr-notation", move.notation), el("span", "ttr-words", move.words));
      const mark = marks[String(i + 1)]; // {mark, sign, colour}, as the coach's chart draws it
      if (mark) {
        entry.classList.add("ttr-marked", `ttr-${mark.mark}`);
        const sign = el("span", "ttr-sign", `${mark.sign} ${mark.mark}`);
        sign.style.background = mark.colour;
        entry.append(sign);
      }
      item.append(entry);
      list.append(item);
    });
  }

  function drawViewers() {
    const choices = model.get("viewers");
    viewer.replaceChildren(...choices.map((choice) => {
      const option = el("option", "", choice.label);
      option.value = choice.value === null ? "" : String(choice.value);
      return option;
    }));
    seenBy.hidden = choices.length < 2;
    seenOne.hidden = choices.length !== 1;
    seenOne.textContent = choices.length === 1 ? `seen by ${choices[0].label}` : "";
  }

  function drawFrame() {
    frame.innerHTML = model.get("svg");
    // a frame that draws the game's title (in a band a live board cuts off) is not titled twice
    const drawn = [...frame.querySelectorAll("[data-band]")]
      .some((band) => !band.closest(".ttn-status-line") && band.textContent.includes(model.get("title")));
    title.hidden = drawn;
  }

  function drawAnalysis() {
    analysis.innerHTML = model.get("analysis_html") || "";
    analysis.hidden = !analysis.innerHTML;
    drawList();
    drawState();
  }

  function onAnalysis(event) {
    const entry = event.target.closest("[data-step]");
    if (!entry || (event.type === "keydown" && event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    go(Number(entry.dataset.step));
  }

  function drawState() {
    const step = model.get("step");
    const count = model.get("count");
    box.dataset.step = String(step);
    box.dataset.count = String(count);
    box.setAttribute("aria-label", `Replay of ${model.get("title")}`);
    title.textContent = model.get("title");
    status.textContent = model.get("status");
    message.textContent = model.get("message");
    counter.textContent = `move ${step} of ${count}`;
    slider.max = String(count);
    slider.value = String(step);
    slider.setAttribute("aria-valuetext", `move ${step} of ${count}`);
    const hadFocus = box.contains(document.activeElement);
    first.disabled = back.disabled = step === 0;
    forward.disabled = last.disabled = step === count;
    if (hadFocus && (document.activeElement.disabled || !box.contains(document.activeElement))) {
      box.focus(); // a button that just went disabled keeps the keys working in the replay
    }
    const shown = model.get("viewer");
    viewer.value = shown === null ? "" : String(shown);
    branch.hidden = analyse.hidden = !model.get("live");
    analyse.textContent = model.get("analysing") ? "Stop analysis" : "Analyse";
    for (const entry of list.querySelectorAll("[data-step]")) {
      const current = Number(entry.dataset.step) === step;
      entry.classList.toggle("ttr-current", current);
      if (current) entry.setAttribute("aria-current", "step");
      else entry.removeAttribute("aria-current");
    }
    for (const mark of analysis.querySelectorAll(".ttn-mark[data-step], .ttr-mark[data-step]")) {
      mark.classList.toggle("ttr-current", Number(mark.dataset.step) === step);
    }
    const current = list.querySelector(".ttr-current");
    if (current) {
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
  }

  function onKey(event) {
    const move = KEYS[event.key];
    if (move === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target === slider || event.target === viewer) return; // they step or choose by themselves
    event.preventDefault();
    const step = model.get("step");
    go(move === "first" ? 0 : move === "last" ? model.get("count") : step + move);
  }

  function onList(event) {
    const entry = event.target.closest("[data-step]");
    if (entry) go(Number(entry.dataset.step));
  }

  first.addEventListener("click", () => go(0));
  back.addEventListener("click", () => go(model.get("step") - 1));
  forward.addEventListener("click", () => go(model.get("step") + 1));
  last.addEventListener("click", () => go(model.get("count")));
  slider.addEventListener("input", () => go(Number(slider.value)));
  viewer.addEventListener("change", () => {
    model.send({ type: "viewer", viewer: viewer.value === "" ? null : Number(viewer.value) });
  });
  branch.addEventListener("click", () => model.send({ type: "branch" }));
  analyse.addEventListener("click", () => model.send({ type: model.get("analysing") ? "stop_analysis" : "analyse" }));
  list.addEventListener("click", onList);
  analysis.addEventListener("click", onAnalysis);
  analysis.addEventListener("keydown", onAnalysis);
  box.addEventListener("keydown", onKey);

  const redrawList = () => { drawList(); drawState(); };
  model.on("change:svg", drawFrame);
  model.on("change:moves", redrawList);
  model.on("change:viewers", drawViewers);
  model.on("change:analysis_html", drawAnalysis);
  model.on("change:marks", drawAnalysis);
  for (const name of WATCHED) model.on(`change:${name}`, drawState);
  drawViewers();
  drawFrame();
  drawAnalysis();

  return () => {
    model.off("change:svg", drawFrame);
    model.off("change:moves", redrawList);
    model.off("change:viewers", drawViewers);
    model.off("change:analysis_html", drawAnalysis);
    model.off("change:marks", drawAnalysis);
    for (const name of WATCHED) model.off(`change:${name}`, drawState);
  };
}

export default { render };
