// The teacher's lobby: opens rooms, shows who has joined which seat and how each game stands, hands out
// each seat's link (and its QR code). The teacher's token stays in the fragment and an Authorization header.
const token = decodeURIComponent(location.hash.slice(1));
const base = new URL(".", location.href.split("#")[0]).href.replace(/\/$/, "");
const headers = { Authorization: `Bearer ${token}` };
let games = {};

function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function optionControl(key, option) {
  const label = el("label", `${key.replaceAll("_", " ")} `, { title: option.doc });
  let input;
  if (option.kind === "bool") {
    input = el("input", "", { type: "checkbox" });
    input.checked = option.default;
  } else if (option.kind === "choice") {
    input = el("select");
    option.values.forEach((value, i) => {
      const item = el("option", String(value), { value: String(i) });
      if (value === option.default) item.selected = true;
      input.append(item);
    });
  } else {
    input = el("input", "", { type: "number", min: option.low, max: option.high, value: option.default });
  }
  input.dataset.option = key;
  label.append(input);
  return label;
}

function players() {
  const game = games[document.getElementById("game").value];
  const chosen = document.querySelector('[data-option="players"]');
  return chosen ? game.options.players.values[Number(chosen.value)] : game.players;
}

function drawBots() {
  const box = document.getElementById("bots");
  box.replaceChildren();
  for (let seat = 0; seat < players(); seat += 1) {
    const label = el("label", `seat ${seat + 1} `);
    const select = el("select");
    select.dataset.seat = String(seat);
    for (const [value, words] of [["", "human"], ["default", "the game's bot"], ["random", "random bot"]]) {
      select.append(el("option", words, { value }));
    }
    label.append(select);
    box.append(label);
  }
}

function drawForm() {
  const game = games[document.getElementById("game").value];
  const box = document.getElementById("options");
  box.replaceChildren(...Object.entries(game.options).map(([key, option]) => optionControl(key, option)));
  const chosen = document.querySelector('[data-option="players"]');
  if (chosen) chosen.addEventListener("change", drawBots);
  drawBots();
}

function seatLine(room, seat, index) {
  const item = el("li");
  item.append(`${seat.name}: `);
  if (seat.bot) {
    item.append(`bot (${seat.bot})`);
    return item;
  }
  const link = `${base}/seat/${room.id}#${seat.token}`;
  item.append(el("a", "seat link", { href: link, target: "_blank", rel: "noreferrer" }));
  item.append(` ${seat.connected ? `joined (${seat.connected})` : "not joined yet"} `);
  const show = el("button", "QR code", { type: "button" });
  const picture = el("div", "", { class: "qr" });
  show.addEventListener("click", async () => {
    const answer = await fetch(`api/qr?room=${room.id}&seat=${index}&base=${encodeURIComponent(base)}`, { headers });
    picture.innerHTML = answer.ok ? await answer.text() : "";
  });
  item.append(show, picture);
  return item;
}

function drawRooms(rooms) {
  const box = document.getElementById("rooms");
  const open = new Set([...box.querySelectorAll(".qr")].filter((q) => q.innerHTML).map((q) => q.closest("[data-room]").dataset.room));
  if (open.size) return; // a QR code is showing: keep the page still
  box.replaceChildren(...rooms.map((room) => {
    const card = el("section", "", { class: "room", "data-room": room.id });
    card.append(el("h2", `${room.title}, room ${room.id}`));
    card.append(el("p", `${room.status} (${room.played} actions; ${room.watching} watching)`));
    const list = el("ul");
    room.seats.forEach((seat, index) => list.append(seatLine(room, seat, index)));
    const watch = el("li");
    watch.append(el("a", "onlooker's board (for the projector)", { href: `${base}/watch/${room.id}`, target: "_blank" }));
    list.append(watch);
    card.append(list);
    return card;
  }));
}

async function refresh() {
  const answer = await fetch("api/rooms", { headers });
  const data = await answer.json();
  if (!answer.ok) {
    document.getElementById("connection").textContent = data.error;
    return false;
  }
  if (!Object.keys(games).length) {
    games = data.games;
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
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const option = games[game].options[input.dataset.option];
    options[input.dataset.option] = option.kind === "bool" ? input.checked
      : option.kind === "choice" ? option.values[Number(input.value)] : Number(input.value);
  }
  const bots = {};
  for (const select of document.querySelectorAll("[data-seat]")) if (select.value) bots[select.dataset.seat] = select.value;
  const answer = await fetch("api/rooms", { method: "POST", headers, body: JSON.stringify({ game, options, bots }) });
  const data = await answer.json();
  document.getElementById("error").textContent = answer.ok ? "" : data.error;
  refresh();
});

refresh().then((ok) => { if (ok) setInterval(refresh, 3000); });
