"""TIC TOC drawn from one player's view, laid out for the width it is shown at.

From top to bottom: the title and the status line, the other players (each a panel with a face-down
hand, the cards known to all face up, and their table), the draw pile, discard pile, market and the
last events, then the viewer's own table and hand, face up, with a "discard" button under each card and
an "End your turn" button. Panels sit side by side where the width allows and one under another on a narrow
screen; every text is at least 11 px as drawn, since the board is drawn at the width it is shown at
(the wide layout, 760 px, when the width is unknown), and fits its panel at every width (a table's crew
words go under its pips where there is no room beside them). An onlooker (viewer None) sees every player as a
panel. Each kind of card has its own colour AND icon: a leaf for Lost Boys, a feathered cap for Peter
Pan, a skull for Pirates, a hook for Captain Hook, a clock for the Crocodile, spectacles for Mr. Smee, a
sparkle for Tinker Bell and a chest for the Treasure; players are told apart by a marker shape as well.

Click targets are the rules' own (`State.targets()`, with their words): a Crocodile, Mr. Smee, Tinker
Bell or Pirate Treasure with several targets sends its first step (`croc`, ...); the board is then drawn
with only that card's targets clickable (the players to attack, the whole discard pile, or the market).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from svgwrite.base import Desc

from ...core import svg
from ...core.engine import Target
from ...core.svg import PALETTE
from .rules import CREW_OF, FIRST_STEPS, HAND_LIMIT, LEADER_OF, SHORT, TEAM_NAMES, WIN_CREW
from .rules import FULL as FULL_NAMES

WIDE, NARROW = 760, 300
MARGIN, GAP = 12, 10
CARD_W, CARD_H = 74, 104          # a readable card: hand, market, discard pile
TABLE_W = 46                      # a card on a table (icon only: its name is its accessible name)
BUTTON_H = 30
LETTER = 0.62                     # a generous width of a letter, in em, to lay out a line that must fit
PIPS_W = 6 + WIN_CREW * 14        # the pips counting a crew towards its goal, before their words
TABLE_H = 106                     # a table: team name, cards and pips, with its words beside the pips
LINE = 16                         # one more line of 11 px text under the pips, where the words do not fit beside
LEADERS = {SHORT[k] for k in LEADER_OF}
CREW = {TEAM_NAMES[side]: SHORT[CREW_OF[side]] for side in (0, 1)}
LEADER = {TEAM_NAMES[side]: SHORT[LEADER_OF[side]] for side in (0, 1)}
INK, MUTED, LINK = PALETTE["ink"], PALETTE["muted"], "#1660b0"   # texts on the paper, all 4.5:1 or more
FULL = dict(zip(SHORT, FULL_NAMES, strict=True))   # the rules' full names by notation
COLOURS = {  # kind: (face colour, ink: border and name, 4.5:1 or more on the face)
    "Boy": ("#dff3d6", "#2f6626"),
    "Pan": ("#c4e8b4", "#25591b"),
    "Pirate": ("#f9dcd7", "#a8322a"),
    "Hook": ("#f3bfb7", "#7a1c16"),
    "Croc": ("#d3ebe1", "#1d5e4c"),
    "Smee": ("#d9e6f6", "#2b5c9a"),
    "Tink": ("#fff2bf", "#6e5200"),
    "Treasure": ("#f1dfc4", "#6b4616"),
}
CARD = {kind: (fill, ink, tuple(FULL[kind].split(" ", 1) if len(FULL[kind]) > 9 else [FULL[kind]]))
        for kind, (fill, ink) in COLOURS.items()}
"""kind: (face colour, ink, its name on one line or two)."""
GOLD = "#d4a21a"


# ---- small drawings --------------------------------------------------------------------------------
def marker(d, seat: int, x: float, y: float, r: float = 7):
    """The seat's marker: circle, square, triangle or diamond, in the seat's colour."""
    colour = svg.player_colour(seat)
    style = {"fill": colour, "stroke": INK, "stroke_width": 1}
    if seat == 0:
        return d.circle((x, y), r, **style)
    if seat == 1:
        return d.rect((x - r, y - r), (2 * r, 2 * r), **style)
    if seat == 2:
        return d.polygon([(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)], **style)
    return d.polygon([(x, y - r - 2), (x + r + 1, y), (x, y + r + 2), (x - r - 1, y)], **style)


def icon(d, kind: str, cx: float, cy: float, s: float):
    """The icon of a kind of card, about 40*s wide, centred on (cx, cy)."""
    ink = CARD[kind][1]
    g = d.g(stroke=ink, stroke_width=max(1.2, 2.2 * s), stroke_linejoin="round", stroke_linecap="round")
    if kind == "Boy":  # a leaf
        g.add(d.path(d=f"M{cx},{cy + 16 * s} C{cx - 18 * s},{cy} {cx - 8 * s},{cy - 14 * s} {cx},{cy - 17 * s} "
                       f"C{cx + 8 * s},{cy - 14 * s} {cx + 18 * s},{cy} {cx},{cy + 16 * s} Z", fill="#7cc35f"))
        g.add(d.line((cx, cy + 16 * s), (cx, cy - 12 * s)))
    elif kind == "Pan":  # a feathered cap
        g.add(d.path(d=f"M{cx - 17 * s},{cy + 9 * s} Q{cx - 4 * s},{cy - 20 * s} {cx + 17 * s},{cy + 9 * s} Z",
                     fill="#4fa83a"))
        g.add(d.path(d=f"M{cx + 4 * s},{cy - 4 * s} Q{cx + 14 * s},{cy - 22 * s} {cx + 22 * s},{cy - 18 * s}",
                     fill="none", stroke="#c0392b", stroke_width=max(1.5, 3 * s)))
    elif kind == "Pirate":  # a skull
        g.add(d.circle((cx, cy - 3 * s), 13 * s, fill="white"))
        g.add(d.rect((cx - 7 * s, cy + 7 * s), (14 * s, 8 * s), rx=2 * s, fill="white"))
        for dx in (-5, 5):
            g.add(d.circle((cx + dx * s, cy - 3 * s), 3.4 * s, fill=ink, stroke="none"))
    elif kind == "Hook":  # a hook
        g.add(d.path(d=f"M{cx + 6 * s},{cy - 18 * s} L{cx + 6 * s},{cy + 4 * s} "
                       f"A{10 * s},{10 * s} 0 1 1 {cx - 14 * s},{cy + 4 * s}",
                     fill="none", stroke="#9aa5b1", stroke_width=max(2, 4.5 * s)))
        g.add(d.rect((cx + 1 * s, cy - 22 * s), (10 * s, 7 * s), rx=1.5 * s, fill="#6b3d1f", stroke_width=1))
    elif kind == "Croc":  # the clock the crocodile swallowed
        g.add(d.circle((cx, cy), 15 * s, fill="white"))
        g.add(d.line((cx, cy), (cx, cy - 10 * s)))
        g.add(d.line((cx, cy), (cx + 7 * s, cy + 4 * s)))
        teeth = " ".join(f"L{cx - 15 * s + i * 5 * s},{cy + (19 if i % 2 else 23) * s}" for i in range(7))
        g.add(d.path(d=f"M{cx - 15 * s},{cy + 19 * s} {teeth}", fill="none"))
    elif kind == "Smee":  # spectacles
        for dx in (-9, 9):
            g.add(d.circle((cx + dx * s, cy), 7 * s, fill="white"))
        g.add(d.path(d=f"M{cx - 2 * s},{cy} Q{cx},{cy - 3 * s} {cx + 2 * s},{cy}", fill="none"))
        g.add(d.line((cx - 16 * s, cy - 1 * s), (cx - 20 * s, cy - 4 * s)))
        g.add(d.line((cx + 16 * s, cy - 1 * s), (cx + 20 * s, cy - 4 * s)))
    elif kind == "Tink":  # a sparkle
        points = []
        for i in range(8):
            r = (17 if i % 2 == 0 else 5) * s
            a = math.pi / 4 * i - math.pi / 2
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        g.add(d.polygon(points, fill="#ffd84d"))
    else:  # a treasure chest
        g.add(d.rect((cx - 15 * s, cy - 3 * s), (30 * s, 16 * s), rx=2 * s, fill="#b0793a"))
        g.add(d.path(d=f"M{cx - 15 * s},{cy - 3 * s} Q{cx},{cy - 18 * s} {cx + 15 * s},{cy - 3 * s} Z",
                     fill="#c98d45"))
        g.add(d.rect((cx - 3 * s, cy - 5 * s), (6 * s, 7 * s), fill=GOLD, stroke_width=1))
    return g


def face(d, kind: str, x: float, y: float, w: float, h: float, note: str = "", label: str | None = None):
    """A face-up card: colour, icon, name; a gold frame and star for the leaders. A small card (a table's)
    shows its icon only: its name is its accessible name."""
    fill, ink, _ = CARD[kind]
    g = d.g(**{"class": "ttn-card", "data-card": kind, "role": "img", "aria-label": label or FULL[kind]})
    leader = kind in LEADERS
    g.add(d.rect((x, y), (w, h), rx=6, ry=6, fill=fill, stroke=GOLD if leader else ink,
                 stroke_width=3 if leader else 2))
    if w < 60:
        g.add(icon(d, kind, x + w / 2, y + h / 2, w / 52))
        if leader:
            g.add(star(d, x + 9, y + 10, 6))
        return g
    g.add(icon(d, kind, x + w / 2, y + h * 0.38, w / 84))
    if leader:
        g.add(star(d, x + 11, y + 12, 7))
    lines = CARD[kind][2]
    base = y + h - 9 - (len(lines) - 1) * 14
    name = g.add(svg.label(d, x + w / 2, base, "", 12, text_anchor="middle", font_weight="bold", fill=ink))
    for i, line in enumerate(lines):  # one text, so that it reads as one name ("Captain Hook", not "CaptainHook")
        name.add(d.tspan(line + (" " if i < len(lines) - 1 else ""), x=[x + w / 2], y=[base + i * 14]))
    if note:
        g.add(badge(d, x, y, w, note))
    return g


def badge(d, x: float, y: float, w: float, note: str):
    """A note ("new", "seen", a count) in the top right corner of a card at (x, y), `w` wide: ink on white,
    readable on any card. Clicks go through it to the card."""
    g = d.g(pointer_events="none")
    g.add(d.rect((x + w - 34, y + 3), (31, 17), rx=4, fill="white", stroke=INK, stroke_width=1.5))
    g.add(svg.label(d, x + w - 18.5, y + 16, note, 11, text_anchor="middle", fill=INK, font_weight="bold"))
    return g


def star(d, cx: float, cy: float, r: float):
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        a = math.pi / 5 * i - math.pi / 2
        points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return d.polygon(points, fill=GOLD, stroke=INK, stroke_width=0.8)


def back(d, x: float, y: float, w: float, h: float):
    """A face-down card: the same back for every kind."""
    g = d.g(**{"class": "ttn-card", "data-card": "back", "aria-hidden": "true"})
    g.add(d.rect((x, y), (w, h), rx=4, ry=4, fill="#4b5b8c", stroke=INK, stroke_width=1.2))
    g.add(d.rect((x + 3, y + 3), (w - 6, h - 6), rx=3, ry=3, fill="none", stroke="#c9d3f0", stroke_width=1,
                 stroke_dasharray="3 2"))
    g.add(d.circle((x + w / 2, y + h / 2), min(w, h) / 5, fill="none", stroke="#c9d3f0", stroke_width=1.2))
    return g


END_W = 126
"""The width of the "End your turn" button (its words are the action's, as a screen reader says them)."""


def button(d, parent, x: float, y: float, w: float, h: float, words: str, live: bool = True):
    colour = LINK if live else MUTED
    parent.add(d.rect((x, y), (w, h), rx=h / 2, fill="white", stroke=colour, stroke_width=2))
    parent.add(svg.label(d, x + w / 2, y + h / 2 + 5, words, 14, text_anchor="middle", fill=colour,
                         font_weight="bold"))


def ring(d, g, x: float, y: float, w: float, h: float):
    g.add(d.rect((x - 3, y - 3), (w + 6, h + 6), rx=8, fill="none", stroke=PALETTE["target"], stroke_width=3))


def lines_of(d, parent, x: float, y: float, words: str, width: float, size: float = 12, step: float | None = None,
             **extra) -> float:
    """Words wrapped to `width` px (`y` is the first baseline); returns the y below them."""
    step = step or size + 4
    lines = svg.wrap(words, max(8, int(width / (size * 0.56))))
    for i, line in enumerate(lines):
        parent.add(svg.label(d, x, y + i * step, line, size, **extra))
    return y + step * len(lines)


# ---- words ------------------------------------------------------------------------------------------
def table_text(table: dict) -> str:
    if table["team"] is None:
        return "empty table"
    leader = FULL[LEADER[table["team"]]] if table["leader"] else "no leader"
    return f"{table['team']}: {leader}, {crew_words(table['crew'])}"


def crew_words(crew: int) -> str:
    """A table's crew against the goal, in words: "7 crew of 6" read as a bug (a crew may grow beyond 6)."""
    return f"{crew} crew, {WIN_CREW} win with a leader"


def crew_beside(width: float) -> bool:
    """Whether a table `width` px wide has room for the crew's words beside its pips (the widest words,
    two-digit crews, so that a table keeps its shape as the crew grows)."""
    return PIPS_W + len(crew_words(10)) * 11 * LETTER <= width


def table_height(width: float) -> float:
    return TABLE_H + (0 if crew_beside(width) else LINE)


def hand_text(view: dict, seat: int) -> str:
    size, known = view["hand_sizes"][seat], view["known"][seat]
    words = f"{size} card{'s' if size != 1 else ''} in hand"
    return words + (f", known to all: {', '.join(FULL[k] for k in known)}" if known else "")


def position_text(view: dict) -> str:
    """The position in a few sentences, for the board's description."""
    parts = [f"TIC TOC, turn {view['turn']}."]
    for seat, name in enumerate(view["players"]):
        parts.append(f"{name}: {hand_text(view, seat)}; table: {table_text(view['tables'][seat])}.")
    market = ", ".join(FULL[k] for k in view["market"]) or "empty"
    top = FULL[view["discard"][-1]] if view["discard"] else "none"
    parts.append(f"Market: {market}. Discard pile: {len(view['discard'])} cards, top {top}. "
                 f"Draw pile: {view['draw_size']} cards.")
    return " ".join(parts)


# ---- the parts of the board, each drawn at (x, y) and returning its height ------------------------------
class Board:
    """One drawing: the view, its click targets by action, and the width to fill."""

    def __init__(self, view: dict, targets: Sequence[Target], pending: str | None, width: float) -> None:
        self.view, self.width = view, width
        self.labels = {t.action: t.label for t in targets}
        if pending is not None and not any(a.startswith(pending + " ") for a in self.labels):
            pending = None
        self.pending = pending
        self.d = svg.canvas(width, 100, f"TIC TOC. {view['status']}")

    def live(self, action: str, step: str | None = None) -> bool:
        """Whether `action` is clickable now: no first step is open, or it is the open one's (`step`)."""
        return action in self.labels and self.pending in (None, step)

    def target(self, action: str, parent=None):
        return svg.target(self.d, action, self.labels[action], parent)

    def over(self, action: str, x: float, y: float, w: float, h: float) -> None:
        """A click target with a ring laid over a card drawn before it: the card keeps its own name, and no
        words of the card (a count, "new") go into the target, whose name is the action's words."""
        t = self.target(action)
        t.add(self.d.rect((x, y), (w, h), rx=6, fill="white", fill_opacity=0))
        ring(self.d, t, x, y, w, h)

    def title(self, y: float) -> float:
        """The title and the status line: a live board shows both around the drawing and cuts this band off."""
        d = self.d
        d.add(svg.label(d, MARGIN, y + 24, "TIC TOC", 22, font_weight="bold"))
        g = svg.status_line(d)
        words = self.prompt() or self.view["status"]
        below = lines_of(d, g, MARGIN, y + 50, words, self.width - 2 * MARGIN, 14, 18, font_weight="bold")
        svg.page_band(g, 0, below - 8)
        return below - y

    def goal(self, y: float) -> float:
        d, view, w = self.d, self.view, self.width
        turn = f"Turn {view['turn']} of at most {view['turn_cap']}."
        goal = f"{turn} Peter Pan or Captain Hook with {WIN_CREW} crew wins, or three Crocodiles in hand."
        return lines_of(d, d, MARGIN, y + 14, goal, w - 2 * MARGIN, 12, fill=MUTED) - y

    def prompt(self) -> str:
        """What the viewer may do now, in words."""
        view = self.view
        me = view["viewer"]
        if view["outcome"] is not None or me is None or me != view["to_move"]:
            return ""
        if self.pending:
            words = FIRST_STEPS[self.pending]
            return words[0].upper() + words[1:] + " (Esc to cancel)"
        drawn = view["drawn"] or []
        got = f"you drew {' and '.join(FULL[k] for k in drawn)}" if drawn else "the piles were empty: you drew nothing"
        size = len(view["hand"])
        if size > HAND_LIMIT:
            return f"Your turn: {got}. You hold {size} cards: play or discard down to {HAND_LIMIT} before ending."
        return f"Your turn: {got}. Play, discard, or end your turn."

    def table(self, parent, seat: int, x: float, y: float, width: float) -> float:
        """Team name, leader, crew stack and pips counting the crew towards 6, with their words beside them
        or, where `width` has no room for them there, under them."""
        d, table = self.d, self.view["tables"][seat]
        owner = "your" if seat == self.view["viewer"] else f"{self.view['players'][seat]}'s"
        g = d.g(**{"role": "img", "aria-label": f"{owner} table: {table_text(table)}"})
        parent.add(g)
        team, crew, h = table["team"], table["crew"], TABLE_W * 1.4
        g.add(svg.label(d, x, y + 13, team or "no team yet", 13, font_weight="bold",
                        fill=CARD[CREW[team]][1] if team else MUTED))
        top = y + 20
        if team and table["leader"]:
            g.add(face(d, LEADER[team], x, top, TABLE_W, h))
        else:
            g.add(d.rect((x, top), (TABLE_W, h), rx=6, fill="none", stroke=MUTED, stroke_width=1.5,
                         stroke_dasharray="5 4"))
            g.add(svg.label(d, x + TABLE_W / 2, top + h / 2 + 4, "leader", 11, text_anchor="middle", fill=MUTED))
        left = x + TABLE_W + 8
        step = min(18, 80 / max(1, crew - 1))
        for i in range(crew):
            g.add(face(d, CREW[team], left + i * step, top, TABLE_W, h))
        if not crew:
            g.add(d.rect((left, top), (TABLE_W, h), rx=6, fill="none", stroke=MUTED, stroke_width=1.5,
                         stroke_dasharray="5 4"))
            g.add(svg.label(d, left + TABLE_W / 2, top + h / 2 + 4, "crew", 11, text_anchor="middle", fill=MUTED))
        pip_y = top + h + 12
        for i in range(WIN_CREW):
            filled = team and i < crew
            g.add(d.circle((x + 6 + i * 14, pip_y), 5, fill=CARD[CREW[team]][1] if filled else "white",
                           stroke=PALETTE["line"], stroke_width=1))
        if crew_beside(width):
            g.add(svg.label(d, x + PIPS_W, pip_y + 4, crew_words(crew), 11, fill=INK))
        else:
            g.add(svg.label(d, x, pip_y + 4 + LINE, crew_words(crew), 11, fill=INK))
        return table_height(width)

    def frame(self, seat: int, x: float, y: float, w: float, h: float):
        """A player's panel: border (gold for a winner, the seat's colour for the mover), marker and name."""
        d, view = self.d, self.view
        mover = view["to_move"] == seat
        won = view["outcome"] is not None and seat in view["outcome"]["winners"]
        g = d.add(d.g())
        g.add(d.rect((x, y), (w, h), rx=10, fill="#fff8e1" if won else "white",
                     stroke=GOLD if won else (svg.player_colour(seat) if mover else PALETTE["line"]),
                     stroke_width=4 if won or mover else 1.5))
        g.add(marker(d, seat, x + 16, y + 18))
        you = " (you)" if seat == view["viewer"] else ""
        g.add(svg.label(d, x + 30, y + 23, view["players"][seat] + you, 15, font_weight="bold"))
        tag = "wins!" if won else ("to move" if mover else "")
        if tag:
            g.add(svg.label(d, x + w - 10, y + 23, tag, 13, text_anchor="end", font_weight="bold",
                            fill="#8a6100" if won else INK))
        return g

    def panel_height(self, w: float) -> float:
        return (144 if w >= 480 else 232) + table_height(self.table_width(w)) - TABLE_H

    @staticmethod
    def table_width(w: float) -> float:
        """The room for a table in a panel `w` px wide: its right half, or its whole width when narrow."""
        return (w / 2 if w >= 480 else w - 12) - 12

    def panel(self, seat: int, x: float, y: float, w: float, h: float) -> None:
        """Another player (or any player, for an onlooker): hand face down, known cards face up, table."""
        d, view = self.d, self.view
        g = self.frame(seat, x, y, w, h)
        known = view["known"][seat]
        size = view["hand_sizes"][seat]
        hand = d.g(**{"role": "img", "aria-label": f"{view['players'][seat]}: {hand_text(view, seat)}"})
        g.add(hand)
        hand.add(svg.label(d, x + 12, y + 46, f"hand: {size} card{'s' if size != 1 else ''}", 12, fill=INK))
        room = (w / 2 if w >= 480 else w) - 24
        step = min(16, (room - 34 * len(known) - 24) / max(1, size - len(known)))
        for i, kind in enumerate(known):
            hand.add(face(d, kind, x + 12 + i * 34, y + 54, 30, 42))
        for i in range(size - len(known)):
            hand.add(back(d, x + 12 + len(known) * 34 + i * step, y + 58, 24, 34))
        if known:
            hand.add(svg.label(d, x + 12, y + 112, "face up: known to all", 11, fill=MUTED))
        tx, ty = (x + w / 2, y + 30) if w >= 480 else (x + 12, y + 120)
        attack = next((a for a in (f"croc @{seat + 1}", f"smee @{seat + 1}") if self.live(a, a.split()[0])), None)
        width = self.table_width(w)
        if attack:
            box = (tx - 6, ty - 4, x + w - tx - 6, table_height(width) + 4)
            g.add(d.rect(box[:2], box[2:], rx=8, fill=PALETTE["target"], fill_opacity=0.08))
            self.table(g, seat, tx, ty, width)
            t = self.target(attack)  # over the table, which keeps its own name; its words are part of the target's
            t.add(d.rect(box[:2], box[2:], rx=8, fill="white", fill_opacity=0))
            ring(d, t, *box)
            card = "a Crocodile" if attack.startswith("croc") else "Mr. Smee"
            t.add(svg.label(d, box[0] + box[2] - 8, ty + 13, f"play {card}", 12, text_anchor="end", fill=LINK,
                            font_weight="bold"))
        else:
            self.table(g, seat, tx, ty, width)

    def panels(self, seats: list[int], y: float) -> float:
        w = self.width - 2 * MARGIN
        columns = max(1, min(len(seats), int((w + GAP) // (230 + GAP))))
        pw = (w - GAP * (columns - 1)) / columns
        ph = self.panel_height(pw)
        for i, seat in enumerate(seats):
            row, col = divmod(i, columns)
            self.panel(seat, MARGIN + col * (pw + GAP), y + row * (ph + GAP), pw, ph)
        rows = -(-len(seats) // columns)
        return rows * (ph + GAP)

    def middle(self, y: float) -> float:
        """Draw pile, discard pile and market in a row (two on a narrow screen), then the last events."""
        view = self.view
        market_w = max(1, len(view["market"])) * (CARD_W + 8) - 8
        items = [(CARD_W, self.draw_pile), (CARD_W + 10, self.discard_pile), (market_w, self.market)]
        x, top, bottom = MARGIN + 2, y, y
        for w, draw in items:
            if x + w > self.width - MARGIN:
                x, top = MARGIN + 2, bottom + 8
            bottom = max(bottom, top + draw(x, top))
            x += w + 18
        room = self.width - MARGIN - x
        if room >= 200:
            self.events(x, top, room)
        else:
            bottom += self.events(MARGIN + 2, bottom + 6, self.width - 2 * MARGIN) + 6
        if self.pending == "tink":
            bottom += self.discard_choice(bottom + 8) + 8
        return bottom - y

    def draw_pile(self, x: float, y: float) -> float:
        d, size = self.d, self.view["draw_size"]
        g = d.add(d.g(**{"role": "img", "aria-label": f"draw pile: {size} cards, face down"}))
        g.add(svg.label(d, x, y + 14, "Draw pile", 13, font_weight="bold"))
        for i in range(min(3, size)):
            g.add(back(d, x + 2 * i, y + 24 - 2 * i, CARD_W, CARD_H))
        if not size:
            g.add(d.rect((x, y + 24), (CARD_W, CARD_H), rx=6, fill="none", stroke=MUTED, stroke_dasharray="5 4"))
        g.add(svg.label(d, x + CARD_W / 2, y + CARD_H + 42, f"{size} cards", 12, text_anchor="middle"))
        return CARD_H + 48

    def discard_pile(self, x: float, y: float) -> float:
        d, pile = self.d, self.view["discard"]
        d.add(svg.label(d, x, y + 14, "Discard pile", 13, font_weight="bold"))
        action = "tink" if "tink" in self.labels else next((a for a in self.labels if a.startswith("tink ")), None)
        if pile:
            d.add(face(d, pile[-1], x, y + 24, CARD_W, CARD_H, label=f"discard pile, top card: {FULL[pile[-1]]}"))
        else:
            d.add(d.rect((x, y + 24), (CARD_W, CARD_H), rx=6, fill="none", stroke=MUTED, stroke_dasharray="5 4"))
        if action and self.pending is None:
            self.over(action, x, y + 24, CARD_W, CARD_H)
        d.add(svg.label(d, x + CARD_W / 2, y + CARD_H + 42, f"{len(pile)} card{'s' if len(pile) != 1 else ''}", 12,
                        text_anchor="middle"))
        return CARD_H + 48

    def market(self, x: float, y: float) -> float:
        d, market = self.d, self.view["market"]
        d.add(svg.label(d, x, y + 14, "Market", 13, font_weight="bold"))
        for i, kind in enumerate(market):
            mx, action = x + i * (CARD_W + 8), f"treasure {kind}"
            d.add(face(d, kind, mx, y + 24, CARD_W, CARD_H, label=f"market card: {FULL[kind]}"))
            if self.live(action, "treasure"):
                self.over(action, mx, y + 24, CARD_W, CARD_H)
        if not market:
            d.add(svg.label(d, x, y + 60, "empty", 12, fill=MUTED))
        return CARD_H + 48

    def events(self, x: float, y: float, width: float) -> float:
        d = self.d
        g = d.add(d.g())
        g.add(svg.label(d, x, y + 14, "Last events", 13, font_weight="bold"))
        line_y = y + 34
        for event in self.view["log"][-4:] or ["none yet"]:
            line_y = lines_of(d, g, x, line_y, event, width, 12, 15, fill=INK) + 3
        return line_y - y

    def discard_choice(self, y: float) -> float:
        """The whole discard pile, one card per kind with its count, for Tinker Bell's choice."""
        d = self.d
        kinds = Counter(self.view["discard"])
        shown = [k for k in CARD if kinds[k]]
        w = self.width - 2 * MARGIN
        per_row = max(1, int((w - 16) // (CARD_W + 12)))
        rows = -(-len(shown) // per_row)
        h = 44 + rows * (CARD_H + 12) + 24
        d.add(d.rect((MARGIN, y), (w, h), rx=10, fill="white", stroke=PALETTE["target"], stroke_width=3))
        top = lines_of(d, d, MARGIN + 12, y + 20, f"The discard pile ({len(self.view['discard'])} cards): "
                       f"take one with Tinker Bell", w - 24, 13, font_weight="bold")
        for i, kind in enumerate(shown):
            row, col = divmod(i, per_row)
            cx, cy = MARGIN + 12 + col * (CARD_W + 12), top + row * (CARD_H + 12)
            action = f"tink {kind}"
            d.add(face(d, kind, cx, cy, CARD_W, CARD_H, f"×{kinds[kind]}", f"{FULL[kind]}, {kinds[kind]} in the pile"))
            if action in self.labels:
                self.over(action, cx, cy, CARD_W, CARD_H)
        d.add(svg.label(d, MARGIN + 12, y + h - 10, "Tinker Bell cannot take a Tinker Bell", 11, fill=MUTED))
        return h

    def hand_action(self, kind: str) -> str | None:
        """The click target of a card in the viewer's hand, if it can be played."""
        verb = {"Croc": "croc", "Smee": "smee", "Tink": "tink", "Treasure": "treasure"}.get(kind)
        if self.pending:  # only the card whose choice is open: a second click on it closes the choice
            return self.pending if verb == self.pending and self.pending in self.labels else None
        for action in (f"play {kind}", f"play {kind} (switch)"):
            if action in self.labels:
                return action
        if verb in self.labels:
            return verb
        return next((a for a in self.labels if verb and a.startswith(verb + " ")), None)

    def own(self, y: float) -> float:
        """The viewer's table, then the hand face up with a discard button under each card."""
        d, view = self.d, self.view
        me, w = view["viewer"], self.width - 2 * MARGIN
        hand = view["hand"]
        wide = w >= 620
        hx = MARGIN + (250 if wide else 12)
        hand_w = MARGIN + w - 12 - hx
        per_row = max(1, int((hand_w + 8) // (CARD_W + 8)))
        rows = max(1, -(-len(hand) // per_row))
        table_w = hx - MARGIN - 22 if wide else w - 26
        hand_top = y + 40 if wide else y + 62 + table_height(table_w)
        slot_h = CARD_H + 6 + BUTTON_H + 10
        under = table_height(table_w) - TABLE_H  # the crew's words under its pips push the End your turn button down
        h = max(hand_top - y + rows * slot_h, 214 + under if wide else 0) + 8
        g = self.frame(me, MARGIN, y, w, h)
        self.table(g, me, MARGIN + 14, y + 36, table_w)
        g.add(svg.label(d, hx, hand_top - 10,
                        f"Your hand: {len(hand)} card{'s' if len(hand) != 1 else ''}", 14, font_weight="bold"))
        self.end_button(g, *((MARGIN + 14, y + 150 + under) if wide else (MARGIN + w - END_W - 12, y + 40)))
        known, new, remaining = Counter(view["known"][me]), Counter(view["drawn"] or ()), Counter(hand)
        for i, kind in enumerate(hand):
            row, col = divmod(i, per_row)
            x, cy = hx + col * (CARD_W + 8), hand_top + row * slot_h
            # the last copies of a kind are the newly drawn ones, the first ones are those known to all
            index = hand[:i + 1].count(kind)
            note = "new" if index > remaining[kind] - new[kind] else ("seen" if index <= known[kind] else "")
            main = self.hand_action(kind)
            label = f"your {FULL[kind]}" + (f", {note}" if note else "")
            if main:  # the card in its target, which is named for it; the note, not in that name, lies over both
                t = self.target(main)
                t.add(face(d, kind, x, cy, CARD_W, CARD_H, label=label))
                ring(d, t, x, cy, CARD_W, CARD_H)
                if note:
                    d.add(badge(d, x, cy, CARD_W, note))
            else:
                d.add(face(d, kind, x, cy, CARD_W, CARD_H, note, label))
            if self.live(f"discard {kind}"):
                button(d, self.target(f"discard {kind}"), x, cy + CARD_H + 6, CARD_W, BUTTON_H, "discard")
        if not hand:
            g.add(svg.label(d, hx, hand_top + 20, "no cards", 13, fill=MUTED))
        return h

    def end_button(self, g, x: float, y: float) -> None:
        d, view = self.d, self.view
        if self.live("end"):
            button(d, self.target("end"), x, y, END_W, 32, "End your turn")
        elif view["to_move"] == view["viewer"] and not self.pending and view["outcome"] is None:
            button(d, g, x, y, END_W, 32, "End your turn", live=False)
            for i, line in enumerate(("first get down", f"to {HAND_LIMIT} cards")):
                g.add(svg.label(d, x + END_W, y + 50 + 14 * i, line, 11, text_anchor="end", fill=MUTED))


def render(view: dict, targets: Sequence[Target], pending: str | None = None, width: float | None = None) -> str:
    """The board for `view`, drawn `width` CSS px wide (the wide layout when None)."""
    width = WIDE if width is None else max(NARROW, min(WIDE, float(width)))
    board = Board(view, targets, pending, width)
    d, me, n = board.d, view["viewer"], len(view["players"])
    paper = svg.paper(d, width)
    y = 4 + board.title(4)
    y += board.goal(y) + 6
    seats = [(me + i) % n for i in range(1, n)] if me is not None else list(range(n))
    y += board.panels(seats, y) + 6
    y += board.middle(y) + 10
    if me is not None:
        y += board.own(y) + 10
    d.elements.insert(1, Desc(position_text(view)))
    return svg.fit(d, paper, y)
