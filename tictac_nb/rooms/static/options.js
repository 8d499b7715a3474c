// A game's option controls, shared by the lobby's "open a room" form and the arena's "create an assignment"
// form: each control is built from the description Python sends (tictac_nb/rooms/pages.py, game_forms), and the
// chosen values are read back into the options object the server checks. Nothing here knows any game.

export function el(tag, text, attrs = {}) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null && text !== "") node.textContent = String(text);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

export function withHelp(label, help) {
  const box = el("div", "", { class: "field" });
  box.append(label);
  if (help) box.append(el("small", help, { class: "help" }));
  return box;
}

export function optionControl(key, option) {
  const label = el("label", `${option.label} `);
  let input;
  if (option.kind === "bool") {
    input = el("input", "", { type: "checkbox" });
    input.checked = option.default;
  } else if (option.kind === "choice") {
    input = el("select");
    option.values.forEach((value, i) => {
      const item = el("option", option.words[i], { value: String(i) });
      if (value === option.default) item.selected = true;
      input.append(item);
    });
  } else {
    input = el("input", "", { type: "number", min: option.low, max: option.high, value: option.default });
  }
  input.dataset.option = key;
  label.append(input);
  return withHelp(label, option.help);
}

// Every option control of a game's form (`options`, as game_forms describes them), one for each option.
export function optionControls(options) {
  return Object.entries(options).map(([key, option]) => optionControl(key, option));
}

// The options chosen in the controls under `root`, as the server takes them.
export function chosenOptions(options, root = document) {
  const chosen = {};
  for (const input of root.querySelectorAll("[data-option]")) {
    const option = options[input.dataset.option];
    chosen[input.dataset.option] = option.kind === "bool" ? input.checked
      : option.kind === "choice" ? option.values[Number(input.value)] : Number(input.value);
  }
  return chosen;
}
