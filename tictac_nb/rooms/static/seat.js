// A seat's (or a spectator's) page: the kit's own widgets/board.js on a stand-in for the notebook's widget
// model, backed by a WebSocket to the room. The token stays in the URL fragment and the first message.
import board from "./board.js";

const [kind, room] = location.pathname.split("/").slice(-2);
const token = decodeURIComponent(location.hash.slice(1));
const root = document.getElementById("board");
const line = document.getElementById("connection");
const values = {};
const listeners = {};
let socket = null;
let ready = false; // the first frame of this connection has come: messages go out
let rendered = false;
let lastWidth = null; // sent again on every new connection: each one renders for its page's width
let backoff = 250;
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

// The projector: an onlooker's board fills the screen's height where its smallest text then reads at
// PROJECTOR_TEXT px or more, and else grows (the page scrolls) until it does, up to the screen's width.
const PROJECTOR_TEXT = 24;
function fitProjector() {
  const svg = root.querySelector(".ttn-svg svg");
  if (!svg || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return;
  const box = svg.viewBox.baseVal;
  const sizes = [...svg.querySelectorAll("[font-size]")].map((node) => parseFloat(node.getAttribute("font-size")))
    .filter((size) => size > 0);
  const smallest = sizes.length ? Math.min(...sizes) : 12;
  const room = root.clientWidth;
  const tall = (window.innerHeight - root.getBoundingClientRect().top - 16) * (box.width / box.height);
  const width = Math.min(room, Math.max(tall, Math.ceil(box.width * PROJECTOR_TEXT / smallest)));
  svg.style.width = `${Math.ceil(width)}px`;
  svg.style.maxWidth = "none";
}

function say(words, state) {
  line.textContent = words;
  document.body.dataset.connection = state;
}

// Where the page stops (or waits), a panel says what happened and what to do: the server's words, sent as
// the close reason (tictac_nb/words.py, DEAD_ENDS).
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
      if (kind === "watch") {
        document.body.dataset.kind = "watch";
        model.on("change:svg", () => requestAnimationFrame(fitProjector));
        new ResizeObserver(() => requestAnimationFrame(fitProjector)).observe(root);
        requestAnimationFrame(fitProjector);
      }
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
      setTimeout(connect, LOCKED_RETRY);
      return;
    }
    if (CLOSED_FOR_GOOD.includes(event.code)) {
      deadEnd(event.reason || "This link opens no seat here: ask your teacher for it.", "refused", RELOAD.includes(event.code));
      return;
    }
    say("Connection lost: reconnecting…", "lost");
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 8000);
  };
}

connect();
