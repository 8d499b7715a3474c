// A seat's (or a spectator's) page: the kit's own widgets/board.js on a stand-in for the notebook's widget
// model, backed by a WebSocket to the room. The token stays in the URL fragment and the first message; a new
// link pasted into the tab (only its fragment changes, so the page is not reloaded) connects with its token.
import board from "./board.js";

const [kind, room] = location.pathname.split("/").slice(-2);
const readToken = () => decodeURIComponent(location.hash.slice(1));
let token = readToken();
const root = document.getElementById("board");
const line = document.getElementById("connection");
const values = {};
const listeners = {};
let socket = null;
let ready = false; // the first frame of this connection has come: messages go out
let rendered = false;
let lastWidth = null; // sent again on every new connection: each one renders for its page's width
let backoff = 250;
let retry = 0; // the timer of the next reconnection, while one waits
// a bad link, a full gallery, no such room (or removed), or the seat taken over, reissued or freed: no reconnect
const CLOSED_FOR_GOOD = [4401, 4403, 4404, 4409, 4410, 4411];
const RELOAD = [4409, 4411]; // the link still opens the seat: reloading takes it back
const LOCKED = 4423; // the teacher may unlock the seat: the page tries again every LOCKED_RETRY ms
const LOCKED_RETRY = 3000;

function fire(name) {
  for (const callback of listeners[`change:${name}`] || []) callback();
}

const model = {
  get: (name) => values[name],
  set: (name, value) => { values[name] = value; },
  save_changes: () => {},
  on: (event, callback) => { (listeners[event] ||= []).push(callback); },
  off: (event, callback) => { listeners[event] = (listeners[event] || []).filter((f) => f !== callback); },
  send: (message) => {
    if (message.type === "width") lastWidth = message;
    if (ready) socket.send(JSON.stringify(message));
  },
};

// The board fits the screen's height with its status line and buttons under it, none below the fold. The
// projector's board grows to fill the screen, up to its width; a seat's shrinks from the width it was drawn
// for where its smallest text then still reads at PLAYER_TEXT px, and else stays as drawn (a phone scrolls).
const PLAYER_TEXT = 7;
function smallestText(svg) {
  const sizes = [...svg.querySelectorAll("[font-size]")].filter((node) => node.getClientRects().length)
    .map((node) => parseFloat(node.getAttribute("font-size"))).filter((size) => size > 0);
  return sizes.length ? Math.min(...sizes) : PLAYER_TEXT;
}

function fitBoard() {
  const svg = root.querySelector(".ttn-svg svg");
  const box = svg && svg.viewBox.baseVal;
  if (!box || !box.width || !box.height) return;
  const frame = root.querySelector(".ttn-frame").getBoundingClientRect();
  const under = root.getBoundingClientRect().bottom - frame.bottom;
  const margin = parseFloat(getComputedStyle(document.body).marginBottom) || 0;
  const tall = (window.innerHeight - frame.top - window.scrollY - under - margin) * (box.width / box.height);
  const drawn = svg.width.baseVal.value || box.width;
  const fits = tall >= drawn * PLAYER_TEXT / smallestText(svg);
  const width = kind === "watch" ? tall : fits ? Math.min(tall, drawn) : drawn;
  svg.style.width = `${Math.max(1, Math.floor(Math.min(width, root.clientWidth)))}px`;
  svg.style.maxWidth = "none";
}

function fitSoon() {
  requestAnimationFrame(fitBoard);
}

function say(words, state) {
  line.textContent = words;
  document.body.dataset.connection = state;
}

// Where the page stops (or waits), a panel says what happened and what to do: the server's words, sent as
// the close reason (tictac_nb/core/words.py, DEAD_ENDS).
const panel = document.createElement("section");
panel.className = "dead-end";
panel.setAttribute("role", "alert");
panel.hidden = true;
line.after(panel);

function deadEnd(words, state, reload) {
  const sentence = document.createElement("p");
  sentence.textContent = words;
  panel.replaceChildren(sentence);
  if (reload) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload this page";
    button.addEventListener("click", () => location.reload());
    panel.append(button);
  }
  panel.hidden = false;
  say("", state);
}

function onFrame(event) {
  const frame = JSON.parse(event.data);
  const first = !ready;
  if (frame.hello) {
    document.title = `${frame.hello.game}: ${frame.hello.seat}`;
    document.getElementById("seat").textContent = `${frame.hello.game}, ${frame.hello.seat}`;
  }
  const changed = Object.keys(frame.set || {});
  for (const name of changed) values[name] = frame.set[name];
  if (first) {
    ready = true;
    backoff = 250;
    panel.hidden = true;
    say("", "open");
    if (!rendered) {
      board.render({ model, el: root });
      rendered = true;
      document.body.dataset.kind = kind;
      model.on("change:svg", fitSoon);
      new ResizeObserver(fitSoon).observe(document.body);
      window.addEventListener("resize", fitSoon);
      fitSoon();
    } else {
      for (const name of Object.keys(values)) fire(name);
    }
    if (lastWidth) socket.send(JSON.stringify(lastWidth));
    return;
  }
  for (const name of changed) fire(name);
}

function connect() {
  const url = new URL(`../ws/${room}`, location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.hash = "";
  socket = new WebSocket(url);
  socket.onopen = () => socket.send(JSON.stringify(kind === "watch" ? { type: "hello", watch: token } : { type: "hello", token }));
  socket.onmessage = onFrame;
  socket.onclose = (event) => {
    ready = false;
    if (event.code === LOCKED) {
      deadEnd(event.reason, "waiting", false);
      retry = setTimeout(connect, LOCKED_RETRY);
      return;
    }
    if (CLOSED_FOR_GOOD.includes(event.code)) {
      deadEnd(event.reason || "This link opens no seat here: ask your teacher for it.", "refused", RELOAD.includes(event.code));
      return;
    }
    say("Connection lost: reconnecting…", "lost");
    retry = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 8000);
  };
}

// A new link pasted into this tab: the old connection (refused, lost or open) makes way for the new token's.
window.addEventListener("hashchange", () => {
  if (readToken() === token) return;
  token = readToken();
  clearTimeout(retry);
  ready = false;
  backoff = 250;
  if (socket) {
    socket.onclose = socket.onmessage = null;
    socket.close();
  }
  say("Connecting…", "connecting");
  connect();
});

connect();
