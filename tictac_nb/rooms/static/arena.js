// The arena's page: an assignment's live ladder (polled), its recent matches with replay links; for a student's
// link their own versions, prints, refused tries and an upload form; for the teacher's, every entry's link, the
// deadline and the grades. At /arena, the teacher's list of assignments and a form to create one. The token stays in the
// fragment and an Authorization header; every sentence a refusal says comes from the server.
import { chosenOptions, el, optionControls } from "./options.js";

const token = decodeURIComponent(location.hash.slice(1));
const headers = { Authorization: `Bearer ${token}` };
const page = location.href.split("#")[0];
const assignment = (location.pathname.match(/\/arena\/([A-Za-z0-9_-]+)$/) || [])[1];
const POLL = 2000; // ms between two looks at the ladder
const NO_LINK = "This page needs your arena link, with the part after # that your teacher handed out.";
let shown = "";

function status(words, state = "") {
  const line = document.getElementById("connection");
  line.textContent = words;
  document.body.dataset.connection = state;
}

function deadEnd(words) {
  status("", "refused");
  const panel = el("section", "", { class: "dead-end", role: "alert" });
  panel.append(el("p", words));
  document.querySelector("main").replaceChildren(document.getElementById("title"), panel);
}

async function ask(path, options = {}) {
  const answer = await fetch(path, { ...options, headers: { ...headers, ...(options.headers || {}) } });
  const body = await answer.json().catch(() => ({}));
  return { ok: answer.ok, status: answer.status, body };
}

function when(seconds) {
  return seconds ? new Date(seconds * 1000).toLocaleString() : "none";
}

function ladderTable(rows, mine) {
  const table = document.getElementById("ladder");
  const head = el("tr");
  for (const name of ["Rank", "Bot", "Rating (95%)", "Games", "W", "D", "L", "Forfeits"]) {
    head.append(el("th", name, { scope: "col" }));
  }
  const body = rows.map((row) => {
    const line = el("tr", "", { "data-rank": row.rank, ...(row.name === mine ? { class: "mine" } : {}) });
    line.append(el("td", row.rank), el("th", row.name, { scope: "row" }),
      el("td", `${row.rating} (${row.low}–${row.high})`), el("td", row.games), el("td", row.wins),
      el("td", row.draws), el("td", row.losses));
    const forfeits = el("td", row.forfeits);
    if (row.reasons.length) forfeits.append(el("small", row.reasons.join(" · "), { class: "help" }));
    line.append(forfeits);
    return line;
  });
  table.replaceChildren(el("caption", `${rows.length} bots`), head, ...body);
  table.hidden = document.getElementById("ladder-title").hidden = rows.length === 0;
}

function matchList(matches) {
  const list = document.getElementById("matches");
  list.replaceChildren(...matches.map((match) => {
    const item = el("li");
    const result = match.winners.length === 1 ? `${match.names[match.winners[0]]} won` : "draw";
    item.append(`${match.names.join(" vs ")}: ${result} (${match.reason}) `);
    item.append(el("a", "replay", { href: match.replay, target: "_blank", rel: "noopener" }));
    return item;
  }));
  document.getElementById("matches-title").hidden = matches.length === 0;
}

function uploadForm(you) {
  const form = el("form", "", { id: "upload" });
  const name = el("input", "", { name: "name", required: "", maxlength: "40", value: you.name || "", id: "bot-name" });
  const file = el("input", "", { type: "file", name: "bot", required: "", accept: ".json,.bot" });
  const nameLabel = el("label", "Bot name ");
  nameLabel.append(name);
  const fileLabel = el("label", "Bot file (from arena.save) ");
  fileLabel.append(file);
  form.append(nameLabel, fileLabel, el("button", "Submit", { type: "submit" }), el("p", "", { id: "said", role: "alert" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const said = form.querySelector("#said");
    said.textContent = "Trying your bot…";
    let bot;
    try {
      bot = JSON.parse(await file.files[0].text());
    } catch {
      bot = {};
    }
    const answer = await ask(`../api/arena/${assignment}/submit`, { method: "POST", body: JSON.stringify({ ...bot, name: name.value }) });
    said.textContent = answer.ok ? `Version ${answer.body.version} plays from now on.` : answer.body.error;
    if (answer.ok) refresh();
  });
  return form;
}

function yourEntry(you, frozen) {
  const box = document.getElementById("you");
  if (box.dataset.built !== "yes") {
    box.replaceChildren(el("h2", "Your bot"), el("div", "", { id: "versions" }), el("h3", "What your bot printed"),
      el("div", "", { id: "prints" }), el("h3", "Refused tries, newest first"), el("div", "", { id: "refused" }));
    if (!frozen) box.append(uploadForm(you));
    box.dataset.built = "yes";
    box.hidden = false;
  }
  const name = document.getElementById("bot-name");
  if (name && !name.value && you.name) name.value = you.name;
  const versions = you.versions.map((v) => el("li", `version ${v.number}: ${v.bot}, ${v.bytes} bytes, ${when(v.created)}${v.playing ? " (playing)" : ""}`));
  const list = el("ul");
  list.append(...versions);
  document.getElementById("versions").replaceChildren(versions.length ? list : el("p", "No bot submitted yet."));
  const prints = you.prints.map((p) => {
    const block = el("div", "", { class: "prints" });
    block.append(el("h4", `game ${p.match}`), el("pre", p.text));
    return block;
  });
  document.getElementById("prints").replaceChildren(...(prints.length ? prints : [el("p", "Nothing yet.")]));
  const refused = el("ul");
  refused.append(...you.refused.map((r) => el("li", `${when(r.created)}: ${r.words}`)));
  document.getElementById("refused").replaceChildren(you.refused.length ? refused : el("p", "None."));
}

function teacherPanel(data) {
  const box = document.getElementById("teacher");
  if (box.dataset.built !== "yes") {
    const more = el("button", "Add 5 student links", { type: "button", id: "more-links" });
    more.addEventListener("click", async () => {
      await ask("../api/arena", { method: "POST", body: JSON.stringify({ do: "links", assignment, count: 5 }) });
      refresh();
    });
    const deadline = el("input", "", { type: "datetime-local", id: "deadline" });
    const set = el("button", "Set the deadline", { type: "button" });
    set.addEventListener("click", async () => {
      const seconds = deadline.value ? new Date(deadline.value).getTime() / 1000 : null;
      await ask("../api/arena", { method: "POST", body: JSON.stringify({ do: "deadline", assignment, deadline: seconds }) });
      refresh();
    });
    const grades = el("button", "Download the grades (CSV)", { type: "button" });
    grades.addEventListener("click", async () => {
      const answer = await fetch(`../api/arena/${assignment}/grades.csv`, { headers });
      const link = el("a", "", { href: URL.createObjectURL(await answer.blob()), download: `arena-${assignment}.csv` });
      link.click();
    });
    const dead = el("label", "Deadline ");
    dead.append(deadline);
    box.replaceChildren(el("h2", "Student links"), el("ol", "", { id: "links" }), more, el("p", "", { id: "deadline-now" }),
      dead, set, grades);
    box.dataset.built = "yes";
    box.hidden = false;
  }
  document.getElementById("links").replaceChildren(...data.links.map((link) => {
    const item = el("li", `${link.name || "(no bot yet)"}: `);
    const renew = el("button", "New link", { type: "button" });
    renew.addEventListener("click", async () => {
      await ask("../api/arena", { method: "POST", body: JSON.stringify({ do: "reissue", assignment, number: link.number }) });
      refresh();
    });
    item.append(el("code", `${page}#${link.token}`), " ", renew);
    return item;
  }));
  document.getElementById("deadline-now").textContent = `Deadline: ${when(data.assignment.deadline)}`;
}

async function refresh() {
  const answer = await ask(`../api/arena/${assignment}`).catch(() => null);
  if (answer === null) return status("The server does not answer: this page tries again by itself.", "lost");
  if (!answer.ok) return deadEnd(answer.body.error || NO_LINK);
  const data = answer.body;
  const text = JSON.stringify(data);
  if (text === shown) return;
  shown = text;
  const a = data.assignment;
  document.getElementById("title").textContent = `Arena: ${a.title}`;
  document.getElementById("rules").textContent = `Game: ${a.rules}`;
  status(a.frozen ? "The deadline has passed: this ladder is frozen for grading." : "Live: this ladder updates by itself.", a.frozen ? "frozen" : "live");
  ladderTable(data.ladder, data.you ? data.you.name : null);
  matchList(data.matches);
  if (data.teacher) teacherPanel(data);
  else yourEntry(data.you, a.frozen);
}

async function assignments() {
  const answer = await ask("api/arena").catch(() => null);
  if (answer === null || !answer.ok) return deadEnd(answer ? answer.body.error : NO_LINK);
  document.getElementById("title").textContent = "Arena: assignments";
  status("");
  const box = document.getElementById("teacher");
  const list = el("ul");
  list.append(...answer.body.assignments.map((a) => {
    const item = el("li");
    item.append(el("a", `${a.title} (${a.rules})`, { href: `arena/${a.id}#${token}` }), ` deadline: ${when(a.deadline)}`);
    return item;
  }));
  box.replaceChildren(list, createForm(answer.body.games));
  box.hidden = false;
}

// A new assignment: a game, its options (the lobby's controls, from the same description), a title.
function createForm(games) {
  const form = el("form", "", { id: "create" });
  const game = el("select", "", { name: "game" });
  game.append(...Object.entries(games).map(([name, described]) => el("option", described.title, { value: name })));
  const options = el("div", "", { id: "options" });
  const drawOptions = () => options.replaceChildren(...optionControls(games[game.value].options));
  game.addEventListener("change", drawOptions);
  drawOptions();
  const title = el("input", "", { name: "title", maxlength: "80" });
  const gameLabel = el("label", "Game ");
  gameLabel.append(game);
  const titleLabel = el("label", "Title ");
  titleLabel.append(title);
  form.append(gameLabel, options, titleLabel, el("button", "Create an assignment", { type: "submit" }),
    el("p", "", { role: "alert" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = chosenOptions(games[game.value].options, options);
    const made = await ask("api/arena", { method: "POST", body: JSON.stringify({ do: "create", game: game.value, options: chosen, title: title.value }) });
    if (made.ok) location.href = `arena/${made.body.id}#${token}`;
    else form.querySelector("p[role=alert]").textContent = made.body.error;
  });
  return form;
}

if (!token) deadEnd(NO_LINK);
else if (assignment) {
  refresh();
  setInterval(refresh, POLL);
} else assignments();
