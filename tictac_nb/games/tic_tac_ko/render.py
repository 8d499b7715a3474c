"""Tic Tac K.O. drawn from one player's view.

Top: the status and every player (hand counts, cards known to be in a hand). Left: the Grid, with the
viewer's team Objective starred. Right: both teams (deck, discard pile, completed Objectives, the viewer's
Objective), what is being played, the buttons, the last events. Bottom: the viewer's hand, readable.
Teams differ by colour and by shape: team A's mark is a triangle, team B's a circle.

Click targets follow the notation: a hand card sends `play NAME @` (then a space), `play NAME`,
`respond NAME` or `discard NAME`; a Grid card sends its verb (`destroy 5`, or `displace 5 to ` and then a
space, `swap 5 with ` and then a card, `repel 5 to ` and then a player).
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import svg
from ...engine import Target
from ...svg import PALETTE

W = 1120
GRID_TOP = 178
GRID_LEFT = 30
CELL = {3: 128, 4: 100}
SIDE = 470
TEAM_H, NOW_H = 150, 104
HAND_W, HAND_H, HAND_GAP = 130, 192, 8
TEAM_COLOURS = {"evil": ("#6b3fa0", "#efe6f7"), "cute": ("#d6457f", "#fde8f1")}
FALLBACK = (("#b5462f", "#fbe9e4"), ("#1f7a8c", "#e3f3f6"))
TYPE_WORDS = {"basic": "Basic Character", "special": "Special Character", "magic": "Magic", "instant": "Instant"}
TWO_STEP = ("displace", "swap", "repel")


def colours(view: dict, team: int) -> tuple[str, str]:
    return TEAM_COLOURS.get(view["teams"][team]["deck"], FALLBACK[team])


def team_mark(d, team: int, x: float, y: float, r: float, colour: str):
    """Team A: a triangle; team B: a circle (shape as well as colour)."""
    if team == 0:
        return d.polygon([(x, y - r), (x + r * 0.95, y + r * 0.75), (x - r * 0.95, y + r * 0.75)], fill=colour)
    return d.circle((x, y), r * 0.85, fill=colour)


def text(d, x, y, words, size=12, **extra):
    return svg.label(d, x, y, words, size, **extra)


def wrapped(d, group, x, y, words, width_chars, size, max_lines, line=None, **extra):
    """Word-wrapped lines; the last one ends with an ellipsis when cut. Returns the y after the text."""
    lines = svg.wrap(words, width_chars)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".,;") + "…"
    step = line or size * 1.2
    for i, words_line in enumerate(lines):
        group.add(text(d, x, y + i * step, words_line, size, **extra))
    return y + len(lines) * step


# ---- what can be clicked ------------------------------------------------------------------------
class Plan:
    """The click targets of the decision at hand, sorted by where they are drawn."""

    def __init__(self, actions: Sequence[str], pending: str | None) -> None:
        self.grid: dict[str, list[tuple[str, str]]] = {}   # label -> [(verb word, target)]
        self.spaces: dict[str, str] = {}                   # second step: label -> action
        self.hand: dict[str, str] = {}                     # card name -> target
        self.players: dict[str, str] = {}                  # player name -> action
        self.buttons: list[str] = []
        self.pending = pending
        self.source: str | None = None                     # the space or card picked first
        second = self.spaces
        for action in actions:
            if pending and action.startswith(pending) and action != pending:
                rest = action[len(pending):]
                if pending.startswith("play "):
                    second[rest] = action
                    self.source = pending[5:-2]
                elif pending.startswith("awaken "):
                    self.hand[rest] = action
                    self.source = pending.split(" ")[1]
                elif pending.startswith("repel "):
                    self.players[rest] = action
                    self.source = pending.split(" ")[1]
                else:
                    second[rest] = action
                    self.source = pending.split(" ")[1]
                continue
            self._first(action)

    def _first(self, action: str) -> None:
        if action in ("draw", "pass", "skip"):
            self.buttons.append(action)
            return
        verb, _, rest = action.partition(" ")
        if verb == "play":
            name, at, _ = rest.partition(" @")
            self.hand.setdefault(name, f"play {name} @" if at else action)
        elif verb in ("respond", "discard"):
            self.hand.setdefault(rest, action)
        else:
            label = rest.split(" ")[0]
            if verb == "awaken" and " discarding " in rest:
                target, word = f"awaken {label} discarding ", "awaken"
            elif verb in TWO_STEP and " " in rest:
                joiner = {"displace": " to ", "swap": " with ", "repel": " to "}[verb]
                target, word = f"{verb} {label}{joiner}", verb
            else:
                target, word = action, verb
            options = self.grid.setdefault(label, [])
            if (word, target) not in options:
                options.append((word, target))


# ---- the parts of the board -------------------------------------------------------------------
def render(view: dict, targets: Sequence[Target], pending: str | None = None,
           width: float | None = None) -> str:
    actions = [t.action for t in targets]
    plan = Plan(actions, pending)
    size = view["size"]
    cell = CELL[size]
    hand = _grouped((view["seats"][view["viewer"]]["hand"] if view["viewer"] is not None else None) or [])
    per_row = (W - 2 * GRID_LEFT + HAND_GAP) // (HAND_W + HAND_GAP)
    rows = max(1, -(-len(hand) // per_row))
    hand_top = GRID_TOP + size * cell + 40
    height = hand_top + 30 + (rows * (HAND_H + HAND_GAP) if view["viewer"] is not None else 10) + 20
    d = svg.canvas(W, height, f"Tic Tac K.O. {view['status']}")
    d.add(d.rect((0, 0), (W, height), fill=PALETTE["paper"]))
    _header(d, view)
    _players(d, view, plan)
    _grid(d, view, plan, cell)
    _side(d, view, plan)
    _hand(d, view, plan, hand, hand_top, per_row)
    return svg.to_text(d)


def _header(d, view: dict) -> None:
    d.add(text(d, 20, 30, "Tic Tac K.O.", 22, font_weight="bold"))
    g = d.add(d.g())
    wrapped(d, g, 190, 24, view["status"], 120, 14, 2, line=18)


def _players(d, view: dict, plan: Plan) -> None:
    players = [{"name": name, **seat} for name, seat in zip(view["players"], view["seats"], strict=True)]
    width = (W - 40) / len(players)
    for i, player in enumerate(players):
        x, y = 20 + i * width, 62
        ink, tint = colours(view, player["team"])
        action = plan.players.get(player["name"])
        if action:
            g = svg.target(d, action, f"{player['name']}: put the repelled card into this hand")
            g.add(d.rect((x, y), (width - 10, 84), rx=10, fill=tint, stroke=PALETTE["target"], stroke_width=3))
        else:
            g = d.add(d.g())
            stroke = PALETTE["highlight"] if i == view["to_move"] else ink
            g.add(d.rect((x, y), (width - 10, 84), rx=10, fill=tint, stroke=stroke,
                         stroke_width=4 if i == view["to_move"] else 1.5))
        g.add(team_mark(d, player["team"], x + 18, y + 20, 10, ink))
        you = " (you)" if i == view["viewer"] else ""
        turn = " · turn" if i == view["active"] and view["outcome"] is None else ""
        g.add(text(d, x + 34, y + 25, f"{player['name']}{you}{turn}", 14, font_weight="bold"))
        count = player["hand_count"]
        for k in range(min(count, 10)):
            g.add(d.rect((x + 14 + k * 9, y + 38), (16, 22), rx=2, fill=PALETTE["face_down"],
                         stroke=PALETTE["paper"], stroke_width=1))
        g.add(text(d, x + 14 + min(count, 10) * 9 + 14, y + 54, f"{count} card{'s' * (count != 1)} in hand", 12))
        if player["known"] and i != view["viewer"]:
            g.add(text(d, x + 14, y + 76, "known: " + ", ".join(player["known"])[:int(width / 6.5)], 11,
                       fill=PALETTE["muted"]))


def _space_xy(index: int, size: int, cell: int) -> tuple[float, float]:
    row, col = divmod(index, size)
    return GRID_LEFT + col * cell, GRID_TOP + row * cell


def _grid(d, view: dict, plan: Plan, cell: int) -> None:
    size = view["size"]
    labels = view["labels"]
    d.add(text(d, GRID_LEFT, GRID_TOP - 12, f"The Grid ({'standard 3 by 3' if size == 3 else 'advanced 4 by 4'})",
               14, font_weight="bold"))
    mine = set()
    if view["viewer"] is not None:
        objective = view["teams"][view["seats"][view["viewer"]]["team"]]["objective"]
        mine = set(objective["spaces"]) if objective else set()
    waiting = {f["space"]: f["card"] for f in view["stack"] if f["space"] is not None}
    d.add(d.rect((GRID_LEFT - 6, GRID_TOP - 6), (size * cell + 12, size * cell + 12), rx=12, fill="#f3efe4",
                 stroke=PALETTE["line"], stroke_width=2))
    for index, label in enumerate(labels):
        x, y = _space_xy(index, size, cell)
        card = view["grid"][index]
        g = d.add(d.g())
        g.add(d.rect((x + 3, y + 3), (cell - 6, cell - 6), rx=8, fill=PALETTE["paper"],
                     stroke=PALETTE["win"] if label in mine else "#d9d2c0",
                     stroke_width=3 if label in mine else 1.5, stroke_dasharray="7 4" if label in mine else None))
        if card is not None:
            _grid_card(d, g, view, card, x, y, cell, selected=plan.source == label)
        elif label in waiting:
            _waiting(d, g, view, waiting[label], x, y, cell)
        g.add(text(d, x + 10, y + cell - 10, label, 13, font_weight="bold", fill=PALETTE["muted"]))
        if label in mine:
            g.add(_star(d, x + cell - 16, y + cell - 16, 8))
        if label in plan.spaces and card is None:
            t = svg.target(d, plan.spaces[label], f"space {label}, empty: {_say(plan.spaces[label])}")
            t.add(d.rect((x + 6, y + 6), (cell - 12, cell - 12), rx=8, fill=PALETTE["target"], fill_opacity=0.12,
                         stroke=PALETTE["target"], stroke_width=3))
            t.add(text(d, x + cell / 2, y + cell / 2 + 5, "here", 14, text_anchor="middle", fill=PALETTE["target"]))
        elif label in plan.spaces:
            t = svg.target(d, plan.spaces[label], f"space {label}, {card['name']}: {_say(plan.spaces[label])}")
            t.add(d.rect((x + 5, y + 5), (cell - 10, cell - 10), rx=8, fill=PALETTE["target"], fill_opacity=0.1,
                         stroke=PALETTE["target"], stroke_width=3))
        elif label in plan.grid:
            _grid_targets(d, view, plan.grid[label], label, card, x, y, cell)


def _grid_card(d, g, view, card: dict, x, y, cell, selected: bool) -> None:
    ink, tint = colours(view, card["team"])
    inner = cell - 14
    if not card["face_up"]:
        g.add(svg.card(d, x + 7, y + 7, inner, inner, tint, face_up=False, stroke=ink))
        g.add(team_mark(d, card["team"], x + 22, y + 22, 8, ink))
        g.add(text(d, x + cell / 2, y + cell / 2 - 2, "hypnotized", 12 if cell > 110 else 10, text_anchor="middle",
                   fill=PALETTE["paper"], font_weight="bold"))
        g.add(text(d, x + cell / 2, y + cell / 2 + 14, card["name"], 11 if cell > 110 else 9, text_anchor="middle",
                   fill=PALETTE["paper"]))
        return
    box = d.g()
    box.set_desc(title=f"{card['name']} ({TYPE_WORDS[card['type']]}): {card['text']}")
    box.add(d.rect((x + 7, y + 7), (inner, inner), rx=8, fill=tint,
                   stroke=PALETTE["highlight"] if selected else ink, stroke_width=5 if selected else 2.5))
    box.add(team_mark(d, card["team"], x + 20, y + 22, 7, ink))
    big = cell > 110
    bottom = wrapped(d, box, x + 31, y + 26, card["name"], 13 if big else 9, 13 if big else 11, 2, line=14)
    box.add(text(d, x + 14, bottom + 3, TYPE_WORDS[card["type"]].split(" ")[0], 10 if big else 9,
                 fill=ink, font_style="italic"))
    if card["type"] != "basic":
        wrapped(d, box, x + 14, bottom + 17, card["short"], 17 if big else 14, 10 if big else 9, 3 if big else 2,
                line=12 if big else 10.5)
    g.add(box)


def _waiting(d, g, view, card: dict, x, y, cell) -> None:
    """A Character being played onto this space, waiting for answers."""
    ink, _ = colours(view, card["team"])
    g.add(d.rect((x + 7, y + 7), (cell - 14, cell - 14), rx=8, fill="none", stroke=ink, stroke_width=2.5,
                 stroke_dasharray="6 4"))
    g.add(text(d, x + cell / 2, y + cell / 2 - 4, card["name"], 12 if cell > 110 else 10, text_anchor="middle",
               fill=ink, font_weight="bold"))
    g.add(text(d, x + cell / 2, y + cell / 2 + 12, "being played…", 10, text_anchor="middle", fill=ink))


def _grid_targets(d, view, options, label, card, x, y, cell) -> None:
    name = card["name"] if card else "empty"
    if len(options) == 1:
        word, target = options[0]
        t = svg.target(d, target, f"space {label}, {name}: {word}")
        t.add(d.rect((x + 4, y + 4), (cell - 8, cell - 8), rx=9, fill=PALETTE["target"], fill_opacity=0.08,
                     stroke=PALETTE["target"], stroke_width=3.5))
        t.add(_tab(d, x + cell / 2, y - 1, word.upper()))
        return
    d.add(d.rect((x + 4, y + 4), (cell - 8, cell - 8), rx=9, fill="none", stroke=PALETTE["target"],
                 stroke_width=3.5))
    for i, (word, target) in enumerate(options):
        t = svg.target(d, target, f"space {label}, {name}: {word}")
        by = y + cell - 30 - i * 24
        t.add(d.rect((x + cell - 86, by), (78, 20), rx=6, fill=PALETTE["target"], stroke=PALETTE["ink"],
                     stroke_width=1))
        t.add(text(d, x + cell - 47, by + 14, word.upper(), 11, text_anchor="middle", fill="white",
                   font_weight="bold"))


def _tab(d, centre, top, words):
    """A small label on the top edge of a space: the verb a click does."""
    g = d.g()
    width = 10 + 6.6 * len(words)
    g.add(d.rect((centre - width / 2, top), (width, 15), rx=5, fill=PALETTE["target"]))
    g.add(text(d, centre, top + 11.5, words, 10, text_anchor="middle", fill="white", font_weight="bold"))
    return g


def _badge(d, right, top, words):
    g = d.g()
    width = 8 + 7.2 * len(words)
    g.add(d.rect((right - width, top), (width, 17), rx=5, fill=PALETTE["target"]))
    g.add(text(d, right - width / 2, top + 12.5, words, 10, text_anchor="middle", fill="white", font_weight="bold"))
    return g


def _star(d, cx, cy, r):
    import math
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return d.polygon(points, fill=PALETTE["win"], stroke=PALETTE["ink"], stroke_width=0.8)


def _mini_grid(d, g, x, y, size, spaces, labels, colour, cell=11):
    for index, label in enumerate(labels):
        row, col = divmod(index, size)
        on = label in spaces
        g.add(d.rect((x + col * cell, y + row * cell), (cell - 2, cell - 2), rx=2,
                     fill=colour if on else "#ffffff", stroke=PALETTE["line"], stroke_width=0.8))


def _side(d, view: dict, plan: Plan) -> None:
    my_team = view["seats"][view["viewer"]]["team"] if view["viewer"] is not None else None
    box_w = (W - SIDE - 30) / 2
    for team, info in enumerate(view["teams"]):
        x, y = SIDE + team * (box_w + 10), GRID_TOP - 8
        ink, tint = colours(view, team)
        g = d.add(d.g())
        g.add(d.rect((x, y), (box_w, TEAM_H), rx=10, fill=tint, stroke=ink, stroke_width=2))
        g.add(team_mark(d, team, x + 18, y + 20, 10, ink))
        g.add(text(d, x + 34, y + 26, f"Team {info['name']}" + (" (yours)" if team == my_team else ""), 15,
                   font_weight="bold"))
        g.add(text(d, x + 14, y + 48, f"Deck: {info['deck_count']} cards", 12))
        top = info["discard"][-1] if info["discard"] else "empty"
        g.add(text(d, x + 14, y + 66, f"Discard pile: {len(info['discard'])} (top: {top})"[:46], 12))
        done = info["completed"]
        g.add(text(d, x + 14, y + 86, f"Objectives completed: {len(done)} of 3", 12, font_weight="bold"))
        for i, objective in enumerate(done):
            _mini_grid(d, g, x + 14 + i * 70, y + 94, view["size"], objective["spaces"], view["labels"], ink, 10)
            g.add(text(d, x + 14 + i * 70, y + 94 + view["size"] * 10 + 11, objective["name"][:12], 9))
        if info["objective"] is not None:
            objective = info["objective"]
            ox = x + box_w - 12 - view["size"] * 14
            g.add(text(d, x + box_w - 10, y + 48, "Your Objective", 11, font_weight="bold", text_anchor="end"))
            _mini_grid(d, g, ox, y + 56, view["size"], objective["spaces"], view["labels"], PALETTE["win"], 14)
            g.add(text(d, x + box_w - 10, y + 64 + view["size"] * 14 + 6, objective["name"], 11,
                       text_anchor="end"))
        elif my_team is not None and team != my_team:
            g.add(text(d, x + box_w - 12, y + 48, "Objective: secret", 11, text_anchor="end",
                       fill=PALETTE["muted"]))
    _table(d, view, plan)


def _table(d, view: dict, plan: Plan) -> None:
    """What is being played, the prompt and the buttons, and the last events."""
    x, y, width = SIDE, GRID_TOP + TEAM_H, W - SIDE - 20
    g = d.add(d.g())
    g.add(d.rect((x, y), (width, NOW_H), rx=10, fill="#ffffff", stroke=PALETTE["line"], stroke_width=1.5))
    g.add(text(d, x + 12, y + 20, "Now", 13, font_weight="bold"))
    lines = [f"{'   ' * i}↳ {f['words']}" if i else f["words"] for i, f in enumerate(view["stack"])]
    if view["gridlock"] is not None:
        lines.insert(0, "GRIDLOCK: every player has one turn to open a space")
    for i, words in enumerate(lines[-3:]):
        g.add(text(d, x + 50, y + 20 + i * 16, words[:84], 12))
    prompt = _pending_words(plan.pending) if plan.pending else view["prompt"]
    if prompt:
        wrapped(d, g, x + 12, y + 20 + max(1, len(lines[-3:])) * 16 + 4, prompt, 86, 13, 2, line=16,
                fill=PALETTE["target"], font_weight="bold")
    captions = {"draw": "Draw", "pass": "Pass", "skip": "Skip"}
    if view["phase"] == "start" and not view["stack"]:
        captions["draw"] = "No AWAKEN: draw"
    elif view["stack"]:
        captions["pass"] = "Pass (no answer)"
    bx = x + width - 12
    for action in reversed(plan.buttons):
        words = captions[action]
        bw = 22 + 8 * len(words)
        bx -= bw
        t = svg.target(d, action, f"{words} ({action})")
        t.add(d.rect((bx, y + NOW_H - 36), (bw, 28), rx=8, fill=PALETTE["target"], stroke=PALETTE["ink"],
                     stroke_width=1))
        t.add(text(d, bx + bw / 2, y + NOW_H - 17, words, 13, text_anchor="middle", fill="white",
                   font_weight="bold"))
        bx -= 10
    if view["outcome"] is not None:
        g.add(text(d, x + 12, y + NOW_H - 16, view["outcome"]["reason"], 15, font_weight="bold",
                   fill=PALETTE["ink"]))
    ly = y + NOW_H + 8
    bottom = GRID_TOP + view["size"] * CELL[view["size"]] + 6
    log = d.add(d.g())
    log.add(d.rect((x, ly), (width, bottom - ly), rx=10, fill="#faf7ef", stroke="#d9d2c0"))
    log.add(text(d, x + 12, ly + 20, "Last events", 12, font_weight="bold"))
    fit = int((bottom - ly - 28) // 15)
    for i, words in enumerate(view["log"][-fit:]):
        log.add(text(d, x + 12, ly + 38 + i * 15, words[:92], 11.5, fill=PALETTE["ink"]))


def _hand(d, view: dict, plan: Plan, hand: list[dict], top: float, per_row: int) -> None:
    if view["viewer"] is None:
        d.add(text(d, GRID_LEFT, top + 10, "Onlooker: every hand is hidden.", 14, fill=PALETTE["muted"]))
        return
    me = {"name": view["players"][view["viewer"]], **view["seats"][view["viewer"]]}
    ink, tint = colours(view, me["team"])
    count = sum(copies for _, copies in hand)
    d.add(text(d, GRID_LEFT, top + 6, f"Your hand ({me['name']}, {count} card{'s' * (count != 1)})", 14,
               font_weight="bold"))
    if not hand:
        return
    for i, (card, copies) in enumerate(hand):
        row, col = divmod(i, per_row)
        x, y = GRID_LEFT + col * (HAND_W + HAND_GAP), top + 18 + row * (HAND_H + HAND_GAP)
        target = plan.hand.get(card["name"])
        if target:
            g = svg.target(d, target, f"{card['name']}, {TYPE_WORDS[card['type']]}: {_say(target)}. {card['text']}")
        else:
            g = d.add(d.g())
        chosen = plan.pending is not None and plan.pending.startswith(f"play {card['name']} @")
        stroke = PALETTE["highlight"] if chosen else PALETTE["target"] if target else ink
        g.add(d.rect((x, y), (HAND_W, HAND_H), rx=9, fill=tint if target or chosen or not plan.hand else "#f1f1ee",
                     stroke=stroke, stroke_width=4 if target or chosen else 1.5))
        g.add(team_mark(d, me["team"], x + 13, y + 16, 7, ink))
        bottom = wrapped(d, g, x + 25, y + 20, card["name"], 14, 13, 2, line=15, font_weight="bold")
        g.add(text(d, x + 9, bottom + 2, TYPE_WORDS[card["type"]], 10, fill=ink, font_style="italic"))
        wrapped(d, g, x + 9, bottom + 19, card["text"], 19, 10.5, 10, line=12.5)
        if copies > 1:
            g.add(d.circle((x + 20, y + HAND_H - 16), 13, fill=ink))
            g.add(text(d, x + 20, y + HAND_H - 11.5, f"×{copies}", 12, text_anchor="middle", fill="white",
                       font_weight="bold"))
        if target:
            g.add(_badge(d, x + HAND_W - 6, y + HAND_H - 24, _button_word(target)))


def _grouped(hand: list[dict]) -> list[tuple[dict, int]]:
    """Copies of a card are drawn once, with their number."""
    found: dict[str, list] = {}
    for card in hand:
        found.setdefault(card["name"], [card, 0])[1] += 1
    return [(card, copies) for card, copies in found.values()]


def _button_word(target: str) -> str:
    verb = target.split(" ")[0]
    return {"play": "PLAY", "respond": "ANSWER", "discard": "DISCARD", "awaken": "DISCARD"}.get(verb, verb.upper())


def _pending_words(pending: str) -> str:
    verb, _, rest = pending.partition(" ")
    if verb == "play":
        return f"Choose an empty space for {rest[:-2]} (or pick another card)."
    if verb == "awaken":
        return f"Choose the card you discard to AWAKEN the card on {rest.split(' ')[0]}."
    if verb == "displace":
        return f"Choose the open space to DISPLACE the card on {rest.split(' ')[0]} to."
    if verb == "swap":
        return f"Choose the card to SWAP with the card on {rest.split(' ')[0]}."
    if verb == "repel":
        return f"Choose the player whose hand takes the card on {rest.split(' ')[0]}."
    return pending


def _say(action: str) -> str:
    if action.endswith((" @", " to ", " with ", " discarding ")):
        return action.strip() + " …"
    return action
