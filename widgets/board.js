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

const WATCHED = ["status", "message", "thinking", "cover", "can_undo", "turn"];
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

function render({ model, el: root }) {
  root.classList.add("ttn-root");
  const board = el("div", "ttn-svg");
  const status = el("div", "ttn-status");
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const message = el("div", "ttn-message");
  message.setAttribute("role", "alert");
  const tools = el("div", "ttn-tools");
  const undo = el("button", "ttn-button ttn-undo", "Undo");
  const fresh = el("button", "ttn-button ttn-new", "New game");
  tools.append(undo, fresh);
  const cover = el("button", "ttn-cover");
  const frame = el("div", "ttn-frame");
  frame.append(board, cover);
  root.append(frame, status, message, tools);

  let focused = null; // data-target of the target that had focus, to restore after a redraw

  const targets = () => [...board.querySelectorAll("[data-target]")];
  const send = (msg) => model.send(msg);
  const act = (node) => send({ type: "act", target: node.getAttribute("data-target"), turn: model.get("turn") });

  function focus(node) {
    for (const t of targets()) t.setAttribute("tabindex", t === node ? "0" : "-1");
    node.focus();
    focused = node.getAttribute("data-target");
  }

  function draw() {
    const hadFocus = board.contains(document.activeElement);
    board.innerHTML = model.get("svg");
    const all = targets();
    all.forEach((t, i) => {
      t.setAttribute("tabindex", i === 0 ? "0" : "-1");
      t.setAttribute("focusable", "true");
    });
    const again = all.find((t) => t.getAttribute("data-target") === focused) || all[0];
    if (hadFocus && again) focus(again);
    root.classList.toggle("ttn-has-targets", all.length > 0);
  }

  function drawStatus() {
    root.dataset.turn = String(model.get("turn"));
    root.dataset.thinking = String(model.get("thinking"));
    status.textContent = model.get("status");
    message.textContent = model.get("message");
    undo.disabled = !model.get("can_undo");
    root.classList.toggle("ttn-thinking", model.get("thinking"));
    const words = model.get("cover");
    cover.hidden = !words;
    cover.textContent = words;
  }

  function onClick(event) {
    const node = event.target.closest("[data-target]");
    if (node && board.contains(node)) {
      focused = node.getAttribute("data-target");
      act(node);
    }
  }

  function onKey(event) {
    const node = event.target.closest ? event.target.closest("[data-target]") : null;
    if (event.key === "Escape") {
      send({ type: "cancel" });
      return;
    }
    if (!node) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      focused = node.getAttribute("data-target");
      act(node);
    } else if (ARROWS[event.key]) {
      event.preventDefault();
      const [dx, dy] = ARROWS[event.key];
      const next = nextTarget(targets(), node, dx, dy);
      if (next) focus(next);
    }
  }

  board.addEventListener("click", onClick);
  board.addEventListener("keydown", onKey);
  undo.addEventListener("click", () => send({ type: "undo" }));
  fresh.addEventListener("click", () => send({ type: "new" }));
  cover.addEventListener("click", () => send({ type: "reveal" }));
  model.on("change:svg", draw);
  for (const name of WATCHED) model.on(`change:${name}`, drawStatus);
  draw();
  drawStatus();

  return () => {
    model.off("change:svg", draw);
    for (const name of WATCHED) model.off(`change:${name}`, drawStatus);
  };
}

export default { render };
