// The teacher's lobby: opens rooms, and for each shows live who is connected to which seat, whose turn it
// is, how many actions were played, a finished game's result with its replay and file, and the teacher's
// controls (a seat's new link, free, lock; auto-pass; new game; end; remove). Each room's card is built
// once and its words updated in place, so an open QR code stays open and the rest keeps moving; an open QR
// code whose link changed (a new link) is drawn again for the new one.
// The teacher's token stays in the fragment and an Authorization header. Every word comes from the server
// (tictac_nb/core/words.py).
import { chosenOptions, el, optionControls, withHelp } from "./options.js";

const token = decodeURIComponent(location.hash.slice(1));
const base = new URL(".", location.href.split("#")[0]).href.replace(/\/$/, "");
const headers = { Authorization: `Bearer ${token}` };
let games = {};
let words = {};
let lastRooms = [];
const cards = new Map();
const POLL = 2000; // ms between two looks at the rooms
const qrLinks = new WeakMap(); // an open QR code's picture -> the link it shows

function players() {
  const game = games[document.getElementById("game").value];
  const chosen = document.querySelector('[data-option="players"]');
  return chosen ? game.options.players.values[Number(chosen.value)] : game.players;
}

function drawBots() {
  const box = document.getElementById("bots");
  box.replaceChildren();
  for (let seat = 0; seat < players(); seat += 1) {
    const label = el("label", `Seat ${seat + 1} `);
    const select = el("select");
    select.dataset.seat = String(seat);
    for (const [value, said] of words.seats) select.append(el("option", said, { value }));
    label.append(select);
    box.append(label);
  }
}

function drawForm() {
  const game = games[document.getElementById("game").value];
  const box = document.getElementById("options");
  box.replaceChildren(...optionControls(game.options));
  const chosen = document.querySelector('[data-option="players"]');
  if (chosen) chosen.addEventListener("change", drawBots);
  drawBots();
  drawSettings(game);
}

// Auto-pass in the game's own words, only for a game with answer windows (its form's auto_pass is null else).
function drawSettings(game) {
  const box = document.getElementById("room-settings");
  box.replaceChildren();
  if (!game.auto_pass) return;
  const { label, help } = game.auto_pass;
  const input = el("input", "", { type: "checkbox", id: "auto-pass" });
  input.checked = true;
  const labelled = el("label", `${label} `);
  labelled.append(input);
  box.append(withHelp(labelled, help));
}

// The server's answer as [response, data], or null when it cannot be reached (the lobby then says so).
async function ask(path, options = {}) {
  try {
    const answer = await fetch(path, { headers, ...options });
    return [answer, await answer.json()];
  } catch {
    connectionLost();
    return null;
  }
}

function connectionLost() {
  const line = document.getElementById("connection");
  line.textContent = "Connection to the server lost: the rooms below are as last seen. Trying again every "
    + `${POLL / 1000} s…`;
  document.body.dataset.connection = "lost";
  drawRooms(lastRooms, true);
}

async function control(room, what) {
  const got = await ask("api/room", { method: "POST", body: JSON.stringify({ room, ...what }) });
  if (!got) return;
  document.getElementById("error").textContent = got[0].ok ? "" : got[1].error;
  refresh();
}

function button(text, action) {
  const node = el("button", text, { type: "button" });
  node.addEventListener("click", action);
  return node;
}

async function drawQr(room, seat, picture, link) {
  qrLinks.set(picture, link);
  try {
    const answer = await fetch(`api/qr?room=${room}&seat=${seat}&base=${encodeURIComponent(base)}`, { headers });
    const svg = answer.ok ? await answer.text() : "";
    if (qrLinks.get(picture) === link) picture.innerHTML = svg;
  } catch {
    connectionLost();
  }
}

function qrButton(room, seat, picture, link) {
  return button("QR code", () => {
    if (qrLinks.has(picture)) {
      qrLinks.delete(picture);
      picture.innerHTML = "";
      return;
    }
    drawQr(room, seat, picture, link.href);
  });
}

function followLink(room, seat, picture, link, href) {
  link.href = href;
  if (qrLinks.has(picture) && qrLinks.get(picture) !== href) drawQr(room, seat, picture, href);
}

function seatItem(room, index) {
  const item = el("li", "", { "data-seat": String(index) });
  item.append(el("span", "", { class: "name" }), el("span", "", { class: "who" }));
  const link = el("a", "seat link", { target: "_blank", rel: "noreferrer", class: "link" });
  const picture = el("div", "", { class: "qr" });
  const lock = button("lock", () => control(room, { do: lock.textContent === "lock" ? "lock" : "unlock", seat: index }));
  lock.classList.add("lock");
  const controls = el("span", "", { class: "controls" });
  controls.append(link, " ", qrButton(room, index, picture, link),
    button("new link", () => control(room, { do: "reissue", seat: index })),
    button("free", () => control(room, { do: "free", seat: index })), lock);
  item.append(controls, picture);
  return item;
}

function buildCard(room) {
  const card = el("section", "", { class: "room", "data-room": room.id });
  card.append(el("h2", `${room.title}, room ${room.id}`));
  card.append(el("p", "", { class: "state", role: "status" }));
  const result = el("p", "", { class: "result" });
  result.append(el("span", "", { class: "words" }), " ",
    el("a", "replay", { href: `${base}/replay/${room.id}`, target: "_blank", rel: "noreferrer" }), " ",
    el("a", "game file", { href: `${base}/export/${room.id}`, rel: "noreferrer" }));
  card.append(result);
  const list = el("ul");
  room.seats.forEach((seat, index) => list.append(seatItem(room.id, index)));
  const watch = el("li", "", { class: "watch" });
  const picture = el("div", "", { class: "qr" });
  const link = el("a", words.room.watch.label, { class: "link", target: "_blank", rel: "noreferrer" });
  watch.append(link, " ", qrButton(room.id, "watch", picture, link), el("small", ` ${words.room.watch.help}`), picture);
  list.append(watch);
  card.append(list);
  const row = el("p", "", { class: "room-controls" });
  const passing = games[room.game] && games[room.game].auto_pass;
  if (passing) {
    const auto = el("input", "", { type: "checkbox", class: "auto-pass" });
    auto.addEventListener("change", () => control(room.id, { do: "auto_pass", on: auto.checked }));
    const autoLabel = el("label", `${passing.label} `);
    autoLabel.append(auto);
    row.append(autoLabel);
  }
  const fresh = button("new game", () => control(room.id, { do: "new_game" }));
  const end = button("end the room", () => control(room.id, { do: "end" }));
  fresh.classList.add("new-game");
  end.classList.add("end");
  row.append(fresh, end, removeButton(room.id, row));
  card.append(row);
  return card;
}

// Removing a room cannot be undone: the button first asks, in a line of its own, and only "yes" removes it.
function removeButton(room, row) {
  return button("remove", () => {
    if (row.nextElementSibling && row.nextElementSibling.classList.contains("confirm")) return;
    const { label, help } = words.room.remove;
    const confirm = el("p", "", { class: "confirm", role: "alertdialog", "aria-label": label });
    const keep = button("keep the room", () => confirm.remove());
    confirm.append(el("span", help), button(label, () => control(room, { do: "remove" })), keep);
    row.after(confirm);
    keep.focus();
  });
}

function updateCard(card, room, stale) {
  const turn = room.to_move && !room.status.includes(room.to_move) ? ` ${room.to_move} to move.` : "";
  const asking = room.asking ? ` ${room.asking}.` : "";
  card.querySelector(".state").textContent = `${room.status}.${turn}${asking} ${room.played} actions; `
    + `${room.watching} watching${room.ended ? "; ended by the teacher" : ""}`;
  const result = card.querySelector(".result");
  result.hidden = !room.over;
  result.querySelector(".words").textContent = room.over ? `Result: ${room.result}.` : "";
  room.seats.forEach((seat, index) => {
    const item = card.querySelector(`[data-seat="${index}"]`);
    item.querySelector(".name").textContent = `${seat.name}: `;
    const human = !seat.bot;
    item.querySelector(".controls").hidden = !human;
    const seen = seat.locked ? "locked" : seat.connected ? "connected" : "not connected";
    item.querySelector(".who").textContent = human ? `${stale ? `last seen ${seen}` : seen} ` : seat.bot_words;
    if (human) {
      followLink(room.id, index, item.querySelector(".qr"), item.querySelector(".link"),
        `${base}/seat/${room.id}#${seat.token}`);
      item.querySelector(".lock").textContent = seat.locked ? "unlock" : "lock";
    }
  });
  followLink(room.id, "watch", card.querySelector(".watch .qr"), card.querySelector(".watch .link"),
    `${base}/watch/${room.id}#${room.watch}`);
  const auto = card.querySelector(".auto-pass");
  if (auto) auto.checked = room.auto_pass;
  for (const ended of card.querySelectorAll(".new-game, .end")) ended.disabled = room.ended;
}

function drawRooms(rooms, stale = false) {
  const box = document.getElementById("rooms");
  const live = new Set(rooms.map((room) => room.id));
  for (const [id, card] of cards) if (!live.has(id)) { card.remove(); cards.delete(id); }
  for (const room of rooms) {
    if (!cards.has(room.id)) {
      cards.set(room.id, buildCard(room));
      box.append(cards.get(room.id));
    }
    updateCard(cards.get(room.id), room, stale);
  }
}

async function refresh() {
  const got = await ask("api/rooms");
  if (!got) return true;
  const [answer, data] = got;
  if (!answer.ok) {
    document.getElementById("connection").textContent = data.error;
    document.body.dataset.connection = "refused";
    return false;
  }
  document.getElementById("connection").textContent = "";
  document.body.dataset.connection = "open";
  lastRooms = data.rooms;
  if (!Object.keys(games).length) {
    games = data.games;
    words = data.words;
    const select = document.getElementById("game");
    for (const [name, game] of Object.entries(games)) select.append(el("option", game.title, { value: name }));
    select.addEventListener("change", drawForm);
    drawForm();
  }
  drawRooms(data.rooms);
  return true;
}

document.getElementById("open").addEventListener("submit", async (event) => {
  event.preventDefault();
  const game = document.getElementById("game").value;
  const options = chosenOptions(games[game].options, document.getElementById("open"));
  const bots = {};
  for (const select of document.querySelectorAll("select[data-seat]")) if (select.value) bots[select.dataset.seat] = select.value;
  const auto = document.getElementById("auto-pass");
  const auto_pass = auto ? auto.checked : true;
  const got = await ask("api/rooms", { method: "POST", body: JSON.stringify({ game, options, bots, auto_pass }) });
  if (!got) return;
  document.getElementById("error").textContent = got[0].ok ? "" : got[1].error;
  refresh();
});

refresh().then((ok) => { if (ok) setInterval(refresh, POLL); });
