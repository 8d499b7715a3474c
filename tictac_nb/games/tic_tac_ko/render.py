"""Tic Tac K.O. drawn from one player's view, laid out for the width it is shown at.

From top to bottom: the title and the status line, every player (hand counts, cards known to be in a
hand), the Grid with the viewer's team Objective starred, both teams (deck, discard pile, completed
Objectives, the viewer's Objective), what is being played with the buttons, the last events, and the
viewer's hand with every card's whole text. The teams and the play sit beside the Grid where the width
allows. A narrow screen puts what the viewer acts on first: what is being played with the prompt and the
buttons, the Grid, the hand, and only then the players, the teams and the last events. Every text is at
least 11 px as drawn, since the board is drawn at the width it is shown at (the wide layout, 760 px, when
the width is unknown). Teams differ by colour and by shape: team A's mark is a triangle, team B's a circle.

Click targets are the rules' own (`State.targets()`, with their words). A choice made in two clicks
opens with its first step (a Character, then its space; a Grid card to DISPLACE, SWAP or REPEL, then
where; a space to AWAKEN, then the card to discard); the board then shows that step's second targets.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from svgwrite.base import Desc

from ...core import svg
from ...core.engine import Target
from ...core.svg import PALETTE
from .cards import TYPE_WORDS
from .notation import JOINERS

WIDE, NARROW = 760, 280
MARGIN, GAP = 12, 10
INK, MUTED, LINK = PALETTE["ink"], PALETTE["muted"], "#1660b0"   # texts on the paper, all 4.5:1 or more
TEAM_COLOURS = {"evil": ("#6b3fa0", "#efe6f7"), "cute": ("#a8245a", "#fde8f1")}  # (ink, tint): 4.5:1
FALLBACK = (("#9c3b27", "#fbe9e4"), ("#186474", "#e3f3f6"))
ASLEEP = PALETTE["muted"]
GRID_VERBS = ("destroy", "sacrifice", "hypnotize", "awaken", "repel", "displace", "swap")
CAPTIONS = {"draw": "Draw", "pass": "Pass", "skip": "Skip"}
LETTER, BOLD = 0.64, 0.72  # generous widths of a letter in em; bold "Gloomshade" measures 0.70 em a letter
CARD_W = {"wide": 140, "narrow": 116}  # a card in hand, by layout (narrow under 600 px of room)


def wrap(words: str, width: float, size: float, letter: float = LETTER) -> list[str]:
    """`words` in lines of at most `width` px at font `size` (`letter`: a generous estimate of a letter's
    width in em); a word longer than a line is split with a hyphen."""
    room = max(4, int(width / (size * letter)))
    pieces = []
    for word in words.split():
        while len(word) > room:
            pieces.append(word[:room - 1] + "-")
            word = word[room - 1:]
        pieces.append(word)
    return svg.wrap(" ".join(pieces), room)


def fit(words: str, width: float, sizes: Sequence[float] = (13, 12, 11)) -> float:
    """The largest of `sizes` at which the longest word of `words` fits `width` px in bold."""
    longest = max(map(len, words.split()), default=0)
    return next((size for size in sizes if longest * size * BOLD <= width), sizes[-1])


def text(d, x, y, words, size=12, **extra):
    return svg.label(d, x, y, words, size, **extra)


def lines(d, parent, x, y, words, width, size=12, step=None, limit=None, **extra) -> tuple[float, bool]:
    """Wrapped words from baseline `y`; returns the y below them and whether all of them fitted `limit`."""
    found = wrap(words, width, size, BOLD if extra.get("font_weight") == "bold" else LETTER)
    whole = limit is None or len(found) <= limit
    if not whole:
        found = found[:limit]
        found[-1] = found[-1].rstrip(".,;") + "…"
    step = step or size + 3
    for i, line in enumerate(found):
        parent.add(text(d, x, y + i * step, line, size, **extra))
    return y + step * len(found), whole


def team_mark(d, team: int, x: float, y: float, r: float, colour: str):
    """Team A: a triangle; team B: a circle (shape as well as colour)."""
    if team == 0:
        return d.polygon([(x, y - r), (x + r * 0.95, y + r * 0.75), (x - r * 0.95, y + r * 0.75)], fill=colour)
    return d.circle((x, y), r * 0.85, fill=colour)


def star(d, cx, cy, r):
    points = [(cx + (r if i % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + i * math.pi / 5),
               cy + (r if i % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + i * math.pi / 5)) for i in range(10)]
    return d.polygon(points, fill=PALETTE["win"], stroke=INK, stroke_width=0.8)


def mini_grid(d, g, x, y, size, spaces, labels, colour, cell=12):
    for index, label in enumerate(labels):
        row, col = divmod(index, size)
        g.add(d.rect((x + col * cell, y + row * cell), (cell - 2, cell - 2), rx=2,
                     fill=colour if label in spaces else "#ffffff", stroke=PALETTE["line"], stroke_width=0.8))


def card_words(card: dict) -> str:
    return f"{card['name']}, {TYPE_WORDS[card['type']]}: {card['text']}"


def position_text(view: dict) -> str:
    """The position in a few sentences, for the board's description."""
    parts = ["Tic Tac K.O."]
    for name, seat in zip(view["players"], view["seats"], strict=True):
        known = f", known: {', '.join(seat['known'])}" if seat["known"] else ""
        parts.append(f"{name}: {seat['hand_count']} cards in hand{known}.")
    cards = [f"{c['name']} on {c['space']}" + ("" if c["face_up"] else " (hypnotized)") for c in view["grid"] if c]
    parts.append(f"The Grid: {', '.join(cards) or 'empty'}.")
    for team in view["teams"]:
        parts.append(f"Team {team['name']}: {len(team['completed'])} of 3 Objectives, deck {team['deck_count']}.")
    return " ".join(parts)


class Board:
    """One drawing: the view, its click targets by action, and the width to fill."""

    def __init__(self, view: dict, targets: Sequence[Target], pending: str | None, width: float) -> None:
        self.view, self.width = view, width
        self.labels = {t.action: t.label for t in targets}
        if pending is not None and not any(a.startswith(pending) and a != pending for a in self.labels):
            pending = None
        self.pending = pending
        self.second = {a[len(pending):]: a for a in self.labels if pending and a.startswith(pending) and a != pending}
        self.d = svg.canvas(width, 100, f"Tic Tac K.O. {view['status']}")
        viewer = view["viewer"]
        self.my_team = None if viewer is None else view["seats"][viewer]["team"]
        self.cut: dict[str, str] = {}  # cards whose words did not fit on the Grid: name -> words

    def colours(self, team: int) -> tuple[str, str]:
        return TEAM_COLOURS.get(self.view["teams"][team]["deck"], FALLBACK[team])

    def target(self, action: str, parent=None):
        return svg.target(self.d, action, self.labels[action], parent)

    def first(self, action: str) -> bool:
        """Whether `action` is a first click now (no step is open)."""
        return self.pending is None and action in self.labels

    # ---- top --------------------------------------------------------------------------------------
    def title(self, y: float) -> float:
        d = self.d
        d.add(text(d, MARGIN, y + 24, "Tic Tac K.O.", 22, font_weight="bold"))
        g = svg.status_line(d)
        below = lines(d, g, MARGIN, y + 50, self.view["status"], self.width - 2 * MARGIN, 14, 18,
                      font_weight="bold")[0]
        svg.page_band(g, 0, below)  # the title and the status: a live board shows both around the drawing
        return below - y

    def players(self, y: float) -> float:
        view = self.view
        w = self.width - 2 * MARGIN
        n = len(view["players"])
        columns = max(1, min(n, int((w + GAP) // (170 + GAP))))
        pw = (w - GAP * (columns - 1)) / columns
        heights = []
        for i, seat in enumerate(view["seats"]):
            known = seat["known"] if i != view["viewer"] else []
            heights.append(70 + 15 * len(wrap("known: " + ", ".join(known), pw - 24, 11)) if known else 66)
        ph = max(heights)
        for i, (name, seat) in enumerate(zip(view["players"], view["seats"], strict=True)):
            row, col = divmod(i, columns)
            self.player(i, name, seat, MARGIN + col * (pw + GAP), y + row * (ph + GAP), pw, ph)
        return -(-n // columns) * (ph + GAP)

    def player(self, i: int, name: str, seat: dict, x: float, y: float, w: float, h: float) -> None:
        d, view = self.d, self.view
        ink, tint = self.colours(seat["team"])
        count = seat["hand_count"]
        words = f"{name}: {count} card{'s' * (count != 1)} in hand"
        if name in self.second:
            g = self.target(self.second[name])
            g.add(d.rect((x, y), (w, h), rx=10, fill=tint, stroke=PALETTE["target"], stroke_width=3))
        else:
            g = d.add(d.g(**{"role": "img", "aria-label": words + (f", known: {', '.join(seat['known'])}"
                                                                  if seat["known"] else "")}))
            mover = i == view["to_move"]
            g.add(d.rect((x, y), (w, h), rx=10, fill=tint, stroke=PALETTE["highlight"] if mover else ink,
                         stroke_width=4 if mover else 1.5))
        g.add(team_mark(d, seat["team"], x + 16, y + 19, 9, ink))
        you = " (you)" if i == view["viewer"] else ""
        turn = " · turn" if i == view["active"] else ""
        g.add(text(d, x + 30, y + 24, f"{name}{you}{turn}", 14, font_weight="bold"))
        words = f"{count} card{'s' * (count != 1)} in hand"
        backs = max(0, min(count, 8, int((w - 40 - len(words) * 7.2) // 8)))
        for k in range(backs):
            g.add(d.rect((x + 12 + k * 8, y + 34), (14, 20), rx=2, fill=PALETTE["face_down"], stroke=PALETTE["paper"],
                         stroke_width=1))
        g.add(text(d, x + 12 + (backs * 8 + 14 if backs else 0), y + 49, words, 12))
        if seat["known"] and i != view["viewer"]:
            lines(d, g, x + 12, y + 72, "known: " + ", ".join(seat["known"]), w - 24, 11, 15, fill=MUTED)

    # ---- the Grid -----------------------------------------------------------------------------------
    def grid(self, x: float, y: float, cell: float) -> float:
        d, view = self.d, self.view
        size, labels = view["size"], view["labels"]
        d.add(text(d, x, y + 14, f"The Grid ({'standard 3 by 3' if size == 3 else 'advanced 4 by 4'})", 14,
                   font_weight="bold"))
        top, left = y + 28, x + 6
        mine = set()
        if self.my_team is not None and view["teams"][self.my_team]["objective"]:
            mine = set(view["teams"][self.my_team]["objective"]["spaces"])
        waiting = {f["space"]: f["card"] for f in view["stack"] if f["space"] is not None}
        d.add(d.rect((left - 6, top - 6), (size * cell + 12, size * cell + 12), rx=12, fill="#f3efe4",
                     stroke=PALETTE["line"], stroke_width=2))
        for index, label in enumerate(labels):
            row, col = divmod(index, size)
            sx, sy = left + col * cell, top + row * cell
            self.space(label, view["grid"][index], waiting.get(label), label in mine, sx, sy, cell)
        return size * cell + 40

    def space(self, label: str, card: dict | None, waiting: dict | None, starred: bool, x, y, cell) -> None:
        d = self.d
        if card is not None:
            what = f"space {label}: {card_words(card)}" if card["face_up"] else \
                f"space {label}: {card['name']}, hypnotized (face down)"
        elif waiting is not None:
            what = f"space {label}: empty, {waiting['name']} is being played onto it"
        else:
            what = f"space {label}: empty"
        if starred:
            what += "; on your Objective"
        g = d.add(d.g(**{"role": "img", "aria-label": what}))
        g.add(d.rect((x + 3, y + 3), (cell - 6, cell - 6), rx=8, fill=PALETTE["paper"],
                     stroke=PALETTE["win"] if starred else "#d9d2c0", stroke_width=3 if starred else 1.5,
                     stroke_dasharray="7 4" if starred else None))
        if card is not None:
            self.grid_card(g, card, x, y, cell)
        elif waiting is not None:
            ink = self.colours(waiting["team"])[0]
            g.add(d.rect((x + 7, y + 7), (cell - 14, cell - 14), rx=8, fill="none", stroke=ink, stroke_width=2.5,
                         stroke_dasharray="6 4"))
            bottom, _ = lines(d, g, x + 12, y + 30, waiting["name"], cell - 24, 12, 14, 2 if cell >= 90 else 1,
                              fill=ink, font_weight="bold")
            g.add(text(d, x + 12, bottom + 1, "playing…", 11, fill=ink))
        if card is None or not card["face_up"]:
            g.add(text(d, x + cell - 12, y + cell - 10, label, 13, font_weight="bold", text_anchor="end",
                       fill=MUTED if card is None else "white"))
        if starred:  # on the top edge, clear of the card's words
            g.add(star(d, x + cell / 2, y + 6, 7))
        self.space_targets(label, card, x, y, cell)

    def grid_card(self, g, card: dict, x, y, cell) -> None:
        d = self.d
        ink, tint = self.colours(card["team"])
        inner = cell - 14
        space = card["space"]
        selected = self.pending in {f"{verb} {space}{JOINERS[verb]}" for verb in GRID_VERBS if verb in JOINERS}
        if not card["face_up"]:
            g.add(d.rect((x + 7, y + 7), (inner, inner), rx=8, fill=ASLEEP, stroke=ink, stroke_width=2.5))
            g.add(team_mark(d, card["team"], x + 20, y + 21, 7, "white"))
            if 30 + len("hypnotized") * 11 * BOLD <= inner:  # beside the mark where it fits, else a line of its own
                g.add(text(d, x + 30, y + 26, "hypnotized", 11, fill="white", font_weight="bold"))
                lines(d, g, x + 14, y + 44, card["name"], inner - 14, 12, 14, 2, fill="white")
            elif 11 + len("hypnotized") * 11 * LETTER * 0.85 <= inner:  # under the mark, the name below it
                g.add(text(d, x + 11, y + 44, "hypnotized", 11, fill="white"))
                lines(d, g, x + 11, y + 60, card["name"], inner - 8, 12, 14, 1, fill="white")
            else:  # a small cell holds the face-down card and its mark only: its words are given under the Grid
                self.cut[card["name"]] = "hypnotized (face down)"
            return
        g.add(d.rect((x + 7, y + 7), (inner, inner), rx=8, fill=tint,
                     stroke=PALETTE["highlight"] if selected else ink, stroke_width=5 if selected else 2.5))
        g.add(team_mark(d, card["team"], x + 19, y + 21, 7, ink))
        head = f"{TYPE_WORDS[card['type']].split(' ')[0]} · {card['space']}"
        if 23 + len(head) * 11 * LETTER > inner:  # a small cell: the space alone beside the mark
            head = card["space"]
        g.add(text(d, x + 30, y + 25, head, 11, fill=ink, font_style="italic"))
        size = fit(card["name"], inner - 12)
        bottom, _ = lines(d, g, x + 13, y + 42, card["name"], inner - 12, size, size + 2, 2, font_weight="bold")
        if card["type"] != "basic":
            room = int((y + cell - 10 - bottom) // 14) + 1
            _, whole = lines(d, g, x + 13, bottom + 1, card["short"], inner - 22, 11, 14, max(1, room), fill=INK)
            if not whole:
                self.cut[card["name"]] = card["short"]

    def space_targets(self, label: str, card: dict | None, x, y, cell) -> None:
        d = self.d
        if label in self.second:
            t = self.target(self.second[label])
            t.add(d.rect((x + 5, y + 5), (cell - 10, cell - 10), rx=8, fill=PALETTE["target"], fill_opacity=0.1,
                         stroke=PALETTE["target"], stroke_width=3.5))
            if card is None:
                t.add(text(d, x + cell / 2, y + cell / 2 + 5, "here", 14, text_anchor="middle", fill=LINK,
                           font_weight="bold"))
            return
        if self.pending is not None:
            if self.pending in self.labels and self.pending.split(" ")[1:2] == [label] and \
                    self.pending.split(" ")[0] in GRID_VERBS:  # the open first step: a second click closes it
                t = self.target(self.pending)
                t.add(d.rect((x + 4, y + 4), (cell - 8, cell - 8), rx=9, fill="white", fill_opacity=0,
                             stroke=PALETTE["highlight"], stroke_width=3.5))
            return
        options = []
        for verb in GRID_VERBS:
            for action in (f"{verb} {label}", f"{verb} {label}{JOINERS.get(verb, '')}"):
                if action in self.labels and (verb, action) not in options:
                    options.append((verb, action))
        if not options:
            return
        if len(options) == 1:
            verb, action = options[0]
            t = self.target(action)
            t.add(d.rect((x + 4, y + 4), (cell - 8, cell - 8), rx=9, fill=PALETTE["target"], fill_opacity=0.08,
                         stroke=PALETTE["target"], stroke_width=3.5))
            t.add(self.tab(x + cell / 2, y - 2, verb.upper()))
            return
        d.add(d.rect((x + 4, y + 4), (cell - 8, cell - 8), rx=9, fill="none", stroke=PALETTE["target"],
                     stroke_width=3.5))
        for i, (verb, action) in enumerate(options):
            t = self.target(action)
            by = y + cell - 34 - i * 28
            t.add(d.rect((x + 8, by), (cell - 16, 26), rx=6, fill=LINK, stroke=INK, stroke_width=1))
            t.add(text(d, x + cell / 2, by + 18, verb.upper(), 12, text_anchor="middle", fill="white",
                       font_weight="bold"))

    def tab(self, centre, top, words):
        """A label on the top edge of a space: the verb a click does."""
        d = self.d
        g = d.g()
        width = 12 + 8 * len(words)
        g.add(d.rect((centre - width / 2, top), (width, 18), rx=5, fill=LINK))
        g.add(text(d, centre, top + 13.5, words, 11, text_anchor="middle", fill="white", font_weight="bold"))
        return g

    def details(self, y: float) -> float:
        """The words of Grid cards too long for their space, in full."""
        if not self.cut:
            return 0
        d = self.d
        bottom = y + 14
        for name, words in self.cut.items():
            bottom = lines(d, d, MARGIN, bottom, f"{name}: {words}", self.width - 2 * MARGIN, 12, 15, fill=INK)[0]
        return bottom - y

    # ---- beside or under the Grid ---------------------------------------------------------------------
    def side(self, x: float, y: float, w: float) -> float:
        """Both teams, what is being played and the last events, in a column beside the Grid."""
        h = self.teams(x, y, w) + GAP
        h += self.now(x, y + h, w) + GAP
        h += self.events(x, y + h, w)
        return h

    def teams(self, x: float, y: float, w: float) -> float:
        """Both teams' boxes, side by side where `w` allows, else one above the other."""
        box_w = (w - GAP) / 2 if w >= 2 * 150 + GAP else w
        heights: list[float] = []
        for team in (0, 1):
            bx = x + (team * (box_w + GAP) if box_w < w else 0)
            by = y + (0 if box_w < w else sum(heights) + GAP * len(heights))
            heights.append(self.team_box(team, bx, by, box_w))
        return max(heights) if box_w < w else sum(heights) + GAP

    def team_box(self, team: int, x: float, y: float, w: float) -> float:
        d, view = self.d, self.view
        info = view["teams"][team]
        ink, tint = self.colours(team)
        g = d.add(d.g())
        frame = g.add(d.rect((x, y), (w, 100), rx=10, fill=tint, stroke=ink, stroke_width=2))
        g.add(team_mark(d, team, x + 16, y + 19, 9, ink))
        bottom, _ = lines(d, g, x + 30, y + 24, f"Team {info['name']}" + (" (yours)" if team == self.my_team else ""),
                          w - 40, 14, 17, font_weight="bold")
        top = info["discard"][-1] if info["discard"] else "empty"
        for words in (f"Deck: {info['deck_count']} cards", f"Discard pile: {len(info['discard'])} (top: {top})"):
            bottom, _ = lines(d, g, x + 12, bottom + 2, words, w - 24, 12, 15)
        done = info["completed"]
        bottom, _ = lines(d, g, x + 12, bottom + 2, f"Objectives completed: {len(done)} of 3", w - 24, 12, 15,
                          font_weight="bold")
        size = view["size"]
        for i, objective in enumerate(done):
            mini_grid(d, g, x + 12 + i * 64, bottom - 6, size, objective["spaces"], view["labels"], ink, 11)
        if done:
            bottom += size * 11 + 4
        if info["objective"] is not None:
            objective = info["objective"]
            bottom, _ = lines(d, g, x + 12, bottom + 2, f"Your Objective: {objective['name']}", w - 24, 12, 15,
                              font_weight="bold")
            mini_grid(d, g, x + 12, bottom - 6, size, objective["spaces"], view["labels"], PALETTE["win"], 14)
            bottom += size * 14 + 2
        elif self.my_team is not None and team != self.my_team:
            bottom, _ = lines(d, g, x + 12, bottom + 2, "Objective: secret", w - 24, 12, 15, fill=MUTED)
        frame["height"] = bottom - y
        return bottom - y

    def now(self, x: float, y: float, w: float) -> float:
        """What is being played, the prompt and the buttons."""
        d, view = self.d, self.view
        g = d.add(d.g())
        frame = g.add(d.rect((x, y), (w, 100), rx=10, fill="#ffffff", stroke=PALETTE["line"], stroke_width=1.5))
        g.add(text(d, x + 12, y + 20, "Now", 13, font_weight="bold"))
        stack = [("↳ " if i else "") + f["words"] for i, f in enumerate(view["stack"])]
        if view["gridlock"] is not None:
            stack.insert(0, "GRIDLOCK: every player has one turn to open a space")
        bottom = y + 20
        for words in stack[-3:]:
            bottom, _ = lines(d, g, x + 50, bottom, words, w - 62, 12, 15)
        if not stack:
            bottom += 15
        prompt = self.labels.get(self.pending) if self.pending else view["prompt"]
        if prompt:
            prompt = prompt[0].upper() + prompt[1:]
            bottom, _ = lines(d, g, x + 12, bottom + 4, prompt, w - 24, 13, 16, fill=LINK, font_weight="bold")
        if view["outcome"] is not None:
            bottom, _ = lines(d, g, x + 12, bottom + 4, view["outcome"]["reason"], w - 24, 15, 18,
                              font_weight="bold")
        bottom = self.buttons(x + w - 12, bottom, x + 12) + 8
        frame["height"] = bottom - y
        return bottom - y

    def buttons(self, right: float, y: float, left: float) -> float:
        d, view = self.d, self.view
        captions = dict(CAPTIONS)
        if view["phase"] == "start":
            captions["draw"] = "Draw (no AWAKEN)"
        elif view["phase"] == "answer":
            captions["pass"] = "Pass (no answer)"
        shown = [a for a in CAPTIONS if self.first(a)]
        if not shown:
            return y
        bx = right
        for action in reversed(shown):
            words = captions[action]
            bw = 24 + 8.4 * len(words)
            bx -= bw
            t = self.target(action)
            t.add(d.rect((bx, y + 2), (bw, 32), rx=8, fill=LINK, stroke=INK, stroke_width=1))
            t.add(text(d, bx + bw / 2, y + 23, words, 13, text_anchor="middle", fill="white", font_weight="bold"))
            bx -= 10
        return y + 36

    def events(self, x: float, y: float, w: float) -> float:
        d = self.d
        g = d.add(d.g())
        frame = g.add(d.rect((x, y), (w, 100), rx=10, fill="#faf7ef", stroke="#d9d2c0"))
        g.add(text(d, x + 12, y + 20, "Last events", 12, font_weight="bold"))
        bottom = y + 38
        for words in self.view["log"][-5:]:
            bottom, _ = lines(d, g, x + 12, bottom, words, w - 24, 11, 14, fill=INK)
        frame["height"] = bottom - y
        return bottom - y

    # ---- the hand --------------------------------------------------------------------------------------
    def hand(self, y: float) -> float:
        d, view = self.d, self.view
        if view["viewer"] is None:
            d.add(text(d, MARGIN, y + 16, "Onlooker: every hand is hidden.", 14, fill=MUTED))
            return 24
        seat = view["seats"][view["viewer"]]
        grouped: dict[str, list] = {}
        for card in seat["hand"]:
            grouped.setdefault(card["name"], [card, 0])[1] += 1
        count = len(seat["hand"])
        d.add(text(d, MARGIN, y + 16, f"Your hand ({view['players'][view['viewer']]}, {count} "
                                      f"card{'s' * (count != 1)})", 14, font_weight="bold"))
        w = self.width - 2 * MARGIN
        card_w = CARD_W["wide" if w >= 600 else "narrow"]
        per_row = max(1, int((w + 8) // (card_w + 8)))
        cards = list(grouped.values())
        top = y + 26
        for start in range(0, len(cards), per_row):
            row = cards[start:start + per_row]
            card_h = max(self.card_height(card, card_w) for card, _ in row)
            for col, (card, copies) in enumerate(row):
                self.hand_card(card, copies, MARGIN + col * (card_w + 8), top, card_w, card_h)
            top += card_h + 8
        return top - y

    def card_height(self, card: dict, w: float) -> float:
        size = fit(card["name"], w - 30)
        name = (size + 3) * len(wrap(card["name"], w - 30, size, BOLD))
        return 30 + name + 16 + 14 * len(wrap(card["text"], w - 18, 11)) + 36

    def hand_action(self, name: str) -> tuple[str, str] | None:
        """The click target of a card in hand, and the word on its badge."""
        if self.pending is not None:
            if self.pending == f"play {name} @":  # the open first step: a second click closes it
                return self.pending, "PLAY"
            return (self.second[name], "DISCARD") if name in self.second else None
        choices = ((f"play {name} @", "PLAY"), (f"play {name}", "PLAY"), (f"respond {name}", "ANSWER"),
                   (f"discard {name}", "DISCARD"))
        return next((choice for choice in choices if choice[0] in self.labels), None)

    def hand_card(self, card: dict, copies: int, x, y, w, h) -> None:
        d = self.d
        ink, tint = self.colours(card["team"])
        action, word = self.hand_action(card["name"]) or (None, "")
        chosen = self.pending is not None and self.pending == f"play {card['name']} @"
        g = d.add(d.g(**{"role": "img", "aria-label": card_words(card) + (f" ({copies} copies)" if copies > 1
                                                                         else "")}))
        stroke = PALETTE["highlight"] if chosen else PALETTE["target"] if action else ink
        g.add(d.rect((x, y), (w, h), rx=9, fill=tint, stroke=stroke, stroke_width=4 if action or chosen else 1.5))
        g.add(team_mark(d, card["team"], x + 13, y + 17, 7, ink))
        size = fit(card["name"], w - 30)
        bottom, _ = lines(d, g, x + 25, y + 22, card["name"], w - 30, size, size + 3, font_weight="bold")
        g.add(text(d, x + 9, bottom + 2, TYPE_WORDS[card["type"]], 11, fill=ink, font_style="italic"))
        lines(d, g, x + 9, bottom + 19, card["text"], w - 18, 11, 14)
        if copies > 1:
            g.add(d.circle((x + 20, y + h - 17), 13, fill="white", stroke=ink, stroke_width=2))
            g.add(text(d, x + 20, y + h - 12.5, f"×{copies}", 12, text_anchor="middle", fill=ink, font_weight="bold"))
        if action:  # the whole card is clickable; its only words are the badge's, part of the target's name
            t = self.target(action)
            t.add(d.rect((x, y), (w, h), rx=9, fill="white", fill_opacity=0))
            bw = 14 + 8.4 * len(word)
            t.add(d.rect((x + w - 6 - bw, y + h - 30), (bw, 24), rx=5, fill=LINK))
            t.add(text(d, x + w - 6 - bw / 2, y + h - 13.5, word, 11, text_anchor="middle", fill="white",
                       font_weight="bold"))


def render(view: dict, targets: Sequence[Target], pending: str | None = None, width: float | None = None) -> str:
    """The board for `view`, drawn `width` CSS px wide (the wide layout when None)."""
    width = WIDE if width is None else max(NARROW, min(WIDE, float(width)))
    board = Board(view, targets, pending, width)
    d = board.d
    paper = svg.paper(d, width)
    y = 6 + board.title(6) + 4
    size = view["size"]
    room = width - 2 * MARGIN
    cell = min(128 if size == 3 else 100, (room - 12) / size)
    grid_w = size * cell + 12
    if room - grid_w - GAP >= 300:
        y += board.players(y) + 4
        grid_h = board.grid(MARGIN, y, cell)
        side_h = board.side(MARGIN + grid_w + GAP, y, room - grid_w - GAP)
        y += max(grid_h, side_h) + GAP
        y += board.details(y)
        y += board.hand(y) + 10
    else:  # a narrow screen: the prompt, the Grid and the hand first, then the players, the teams, the events
        y += board.now(MARGIN, y, room) + GAP
        y += board.grid(MARGIN, y, cell)
        y += board.details(y) + GAP
        y += board.hand(y) + 10
        y += board.players(y) + 4
        y += board.teams(MARGIN, y, room) + GAP
        y += board.events(MARGIN, y, room) + 10
    d.elements.insert(1, Desc(position_text(view)))
    return svg.fit(d, paper, y)
