// tictac_nb's one front end: shows the SVG that Python drew and sends back which target was chosen.
// It knows no game: a target is any SVG element with data-target and aria-label.

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text) node.textContent = text;
  return node;
}

function centre(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

// The target nearest to `from` in the direction (dx, dy), or null.
function nextTarget(targets, from, dx, dy) {
  const a = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const t of targets) {
    if (t === from) continue;
    const b = centre(t);
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((b.x - a.x) * dy) + Math.abs((b.y - a.y) * dx);
    const score = along + 2 * across;
    if (score < bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best;
}

const WATCHED = [
  "status", "said", "message", "thinking", "cover", "can_undo", "can_new", "turn", "played", "choosing", "can_hint",
  "hint_words",
];
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
const QUEUED_AFTER_MS = 250; // a click still unanswered after this long says so in the status
const WIDTH_DEBOUNCE_MS = 150;

function render({ model, el: root }) {
  root.classList.add("ttn-root");
  const board = el("div", "ttn-svg");
  board.tabIndex = -1; // focus stays on the board while it has no target (a bot thinks, a click is queued)
  const live = el("div", "ttn-live");
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  const said = el("span", "ttn-said");
  const status = el("span", "ttn-status");
  const spinner = el("span", "ttn-spinner");
  spinner.setAttribute("aria-hidden", "true");
  live.append(said, status, spinner);
  const hint = el("p", "ttn-hint"); // the coach's sentence, on a line of its own under the status
  hint.setAttribute("role", "status");
  hint.setAttribute("aria-live", "polite");
  const message = el("div", "ttn-message");
  message.setAttribute("role", "alert");
  const tools = el("div", "ttn-tools");
  const cancel = el("button", "ttn-button ttn-cancel", "Cancel");
  const undo = el("button", "ttn-button ttn-undo", "Undo");
  const fresh = el("button", "ttn-button ttn-new", "New game");
  const hinter = el("button", "ttn-button ttn-hint-button", "Hint");
  tools.append(cancel, undo, fresh, hinter);
  const cover = el("button", "ttn-cover");
  const frame = el("div", "ttn-frame");
  frame.append(board, cover);
  root.append(frame, live, hint, message, tools);

  let focused = null; // data-target of the target that had focus, to restore after a redraw
  let keepFocus = false; // the reader is on the widget: a redraw must not drop focus to the page
  let keyboard = false; // the last input was a key: focus rings show and focus follows targets
  let waiting = null; // the target a click is queued on, until Python answers
  let queuedTimer = 0;

  const targets = () => [...board.querySelectorAll("[data-target]")];
  const send = (msg) => model.send(msg);
  const sendAtTurn = (type) => send({ type, turn: model.get("turn") });

  function focusTarget(node) {
    for (const t of targets()) t.setAttribute("tabindex", t === node ? "0" : "-1");
    node.focus({ preventScroll: true });
    focused = node.getAttribute("data-target");
  }

  // Keep focus on the board: the same target if it is still there, the first target for a keyboard
  // reader, else the board itself (a mouse reader is not shown a target it did not choose).
  function restoreFocus() {
    if (!model.get("cover")) {
      const all = targets();
      const again = all.find((t) => t.getAttribute("data-target") === focused);
      if (again || (keyboard && all[0])) focusTarget(again || all[0]);
      else board.focus({ preventScroll: true });
    } else {
      cover.focus({ preventScroll: true });
    }
  }

  // What the page says around the board (the status line below it, a play page's title) is not drawn twice:
  // each band of the drawing that holds only that (`data-band`, top and bottom y) is cut off when it lies at the
  // top or the bottom, so no empty strip is left.
  function cutBands(svg) {
    const box = svg && svg.viewBox && svg.viewBox.baseVal;
    if (!box || !box.height) return;
    const scale = svg.height.baseVal.value / box.height;
    let y = box.y;
    let height = box.height;
    const bands = [...svg.querySelectorAll("[data-band]")]
      .map((e) => e.getAttribute("data-band").split(" ").map(Number)).sort((a, b) => a[0] - b[0]);
    for (const [top, bottom] of bands) if (top <= y + 0.5 && bottom > y) { height -= bottom - y; y = bottom; }
    for (const [top, bottom] of bands.reverse()) if (bottom >= y + height - 0.5 && top < y + height) height = top - y;
    if (!(height > 0) || (y === box.y && height === box.height)) return;
    svg.setAttribute("viewBox", `${box.x} ${y} ${box.width} ${height}`);
    svg.setAttribute("height", `${height * scale}px`);
  }

  function draw() {
    const hadFocus = root.contains(document.activeElement) || (keepFocus && document.activeElement === document.body);
    board.innerHTML = model.get("svg");
    cutBands(board.querySelector("svg"));
    const all = targets();
    all.forEach((t, i) => {
      t.setAttribute("tabindex", i === 0 ? "0" : "-1");
      t.setAttribute("focusable", "true");
    });
    root.classList.toggle("ttn-has-targets", all.length > 0);
    if (hadFocus) restoreFocus();
  }

  function answered() {
    clearTimeout(queuedTimer);
    if (waiting) waiting.removeAttribute("aria-busy");
    waiting = null;
    delete root.dataset.queued;
    drawStatus();
  }

  function drawStatus() {
    root.dataset.turn = String(model.get("turn"));
    root.dataset.played = String(model.get("played"));
    root.dataset.thinking = String(model.get("thinking"));
    said.textContent = model.get("said") ? `${model.get("said")} ` : "";
    status.textContent = root.dataset.queued === "late" && waiting
      ? `${waiting.getAttribute("aria-label") || "your move"}: queued until Python is free`
      : model.get("status");
    message.textContent = model.get("message");
    const words = model.get("cover");
    undo.disabled = !model.get("can_undo") || Boolean(words);
    fresh.disabled = model.get("can_new") === false; // a stand-in model without the trait keeps New game
    cancel.hidden = !model.get("choosing");
    hinter.hidden = !model.get("can_hint");
    hint.textContent = model.get("hint_words");
    hint.hidden = !hint.textContent;
    root.classList.toggle("ttn-thinking", model.get("thinking"));
    const wasCovered = !cover.hidden;
    const hadFocus = root.contains(document.activeElement) || (keepFocus && document.activeElement === document.body);
    cover.hidden = !words;
    cover.textContent = words;
    if (hadFocus && wasCovered !== Boolean(words)) restoreFocus();
  }

  function choose(node) {
    focused = node.getAttribute("data-target");
    clearTimeout(queuedTimer);
    if (waiting) waiting.removeAttribute("aria-busy");
    waiting = node;
    node.setAttribute("aria-busy", "true"); // shown at once (CSS); the words follow if Python is slow
    root.dataset.queued = "now";
    queuedTimer = setTimeout(() => {
      if (waiting === node) {
        root.dataset.queued = "late";
        drawStatus();
      }
    }, QUEUED_AFTER_MS);
    send({ type: "act", target: focused, turn: model.get("turn") });
  }

  function onClick(event) {
    keyboard = event.detail === 0; // Enter or Space on a focused element also clicks, with detail 0
    const node = event.target.closest("[data-target]");
    if (node && board.contains(node)) choose(node);
  }

  function onKey(event) {
    keyboard = true;
    if (event.key === "Escape") {
      send({ type: "cancel" });
      return;
    }
    const node = event.target.closest ? event.target.closest("[data-target]") : null;
    if (!node) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(node);
    } else if (ARROWS[event.key]) {
      event.preventDefault();
      const [dx, dy] = ARROWS[event.key];
      const next = nextTarget(targets(), node, dx, dy);
      if (next) focusTarget(next);
    }
  }

  function onFocusIn() {
    keepFocus = true;
  }

  function onFocusOut(event) {
    // Focus leaving for somewhere else on the page ends our hold; a redraw (no new target) keeps it.
    if (event.relatedTarget && !root.contains(event.relatedTarget)) keepFocus = false;
  }

  function onPointerDown(event) {
    keyboard = false;
    if (!root.contains(event.target)) keepFocus = false;
  }

  // The board's width, sent to Python (debounced) so it lays the board out for the room it has.
  let widthTimer = 0;
  let sentWidth = 0;
  const resize = new ResizeObserver(() => {
    clearTimeout(widthTimer);
    widthTimer = setTimeout(() => {
      const width = Math.round(root.getBoundingClientRect().width);
      if (width >= 120 && Math.abs(width - sentWidth) >= 1) {
        sentWidth = width;
        send({ type: "width", width });
      }
    }, WIDTH_DEBOUNCE_MS);
  });
  resize.observe(root);

  board.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  document.addEventListener("pointerdown", onPointerDown, true);
  cancel.addEventListener("click", () => send({ type: "cancel" }));
  undo.addEventListener("click", () => sendAtTurn("undo"));
  fresh.addEventListener("click", () => sendAtTurn("new"));
  cover.addEventListener("click", () => sendAtTurn("reveal"));
  hinter.addEventListener("click", () => sendAtTurn("hint"));
  model.on("change:svg", draw);
  model.on("change:answers", answered);
  for (const name of WATCHED) model.on(`change:${name}`, drawStatus);
  draw();
  drawStatus();

  return () => {
    resize.disconnect();
    clearTimeout(widthTimer);
    clearTimeout(queuedTimer);
    document.removeEventListener("pointerdown", onPointerDown, true);
    model.off("change:svg", draw);
    model.off("change:answers", answered);
    for (const name of WATCHED) model.off(`change:${name}`, drawStatus);
  };
}

// A page with no kernel behind it (the site's play and shared pages) draws on this stand-in for anywidget's
// model: the values Python sends (`update`, a JSON object of changed values), their change events, and
// messages back through `send`.
export function pageModel(send) {
  const values = {};
  const listeners = {};
  return {
    get: (name) => values[name],
    on: (event, callback) => { (listeners[event] ||= []).push(callback); },
    off: (event, callback) => { listeners[event] = (listeners[event] || []).filter((f) => f !== callback); },
    send: (message) => send(JSON.stringify(message)),
    update(json) {
      const changed = JSON.parse(json);
      Object.assign(values, changed);
      for (const name of Object.keys(changed)) for (const callback of listeners[`change:${name}`] || []) callback();
    },
  };
}

export default { render };
