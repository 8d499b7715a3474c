"""TIC TOC drawn from one player's view.

Top: the other players, each with a face-down hand (cards known to all shown face up) and their
table. Middle: draw pile, discard pile, market and the last events. Bottom: the viewer's table and
hand, face up, with a "discard" button under each card and an "End turn" button. An onlooker
(viewer None) sees every player as a panel. Each kind of card has its own colour AND icon: a leaf
for Lost Boys, a feathered cap for Peter Pan, a skull for Pirates, a hook for Captain Hook, a clock
for the Crocodile, spectacles for Mr. Smee, a sparkle for Tinker Bell and a chest for the Treasure;
players are told apart by a marker shape as well as a colour.

Two-step choices: a click on a Crocodile, Mr. Smee, Tinker Bell or Pirate Treasure with several
targets sends a prefix (`croc`, `smee`, `tink`, `treasure`); the board is then drawn with only that
card's targets clickable (the players to attack, the whole discard pile, or the market).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from ... import svg
from ...engine import Target
from ...svg import PALETTE

WIDTH = 960
MARGIN = 16
CARD = {  # kind: (face colour, border colour, lines of its name)
    "Boy": ("#dff3d6", "#3f7d32", ("Lost Boy",)),
    "Pan": ("#c4e8b4", "#2e6b22", ("Peter Pan",)),
    "Pirate": ("#f9dcd7", "#a8322a", ("Pirate",)),
    "Hook": ("#f3bfb7", "#861f18", ("Captain", "Hook")),
    "Croc": ("#d3ebe1", "#216b57", ("Crocodile",)),
    "Smee": ("#d9e6f6", "#2b5c9a", ("Mr. Smee",)),
    "Tink": ("#fff2bf", "#a67c00", ("Tinker", "Bell")),
    "Treasure": ("#f1dfc4", "#7f531b", ("Pirate", "Treasure")),
}
FULL = {"Boy": "Lost Boy", "Pan": "Peter Pan", "Pirate": "Pirate", "Hook": "Captain Hook", "Croc": "Crocodile",
        "Smee": "Mr. Smee", "Tink": "Tinker Bell", "Treasure": "Pirate Treasure"}
LEADERS = {"Pan", "Hook"}
CREW = {"Lost Boys": "Boy", "Pirates": "Pirate"}
LEADER = {"Lost Boys": "Pan", "Pirates": "Hook"}
PROMPT = {
    "croc": "Crocodile: choose the player whose Pirates it chases (Captain Hook escapes first)",
    "smee": "Mr. Smee: choose the player whose Lost Boys he chases (Peter Pan escapes first)",
    "tink": "Tinker Bell: choose a card of the discard pile to take into your hand",
    "treasure": "Pirate Treasure: choose a market card to take into your hand",
}
GOLD = "#d4a21a"


# ---- small drawings --------------------------------------------------------------------------------
def marker(d, seat: int, x: float, y: float, r: float = 7):
    """The seat's marker: circle, square, triangle or diamond, in the seat's colour."""
    colour = PALETTE["player"][seat]
    style = {"fill": colour, "stroke": PALETTE["ink"], "stroke_width": 1}
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


def face(d, kind: str, x: float, y: float, w: float, h: float, note: str = "", dim: bool = False,
         covered: bool = False, mini: bool = False):
    """A face-up card: colour, corner icon, big icon and name; a gold frame and star for the leaders.
    A `covered` card (under another in a stack) shows only what stays visible: its corner; a `mini`
    card (too small for words) only its icon, with its name as a tooltip."""
    fill, ink, lines = CARD[kind]
    g = d.g(**{"class": "ttn-card", "data-card": kind, **({"opacity": 0.45} if dim else {})})
    leader = kind in LEADERS
    g.add(d.rect((x, y), (w, h), rx=6, ry=6, fill=fill, stroke=GOLD if leader else ink,
                 stroke_width=3 if leader else 2))
    if mini:
        g.set_desc(title=FULL[kind])
        g.add(icon(d, kind, x + w / 2, y + h / 2, w / 48))
        return g
    g.add(icon(d, kind, x + 3 + 5.5 * w / 62, y + 3 + 6 * w / 62, 0.24 * w / 62))
    if leader:
        g.add(star(d, x + 3 + 5.5 * w / 62, y + 8 + 15 * w / 62, 3 + 2 * w / 62))
    if covered:
        return g
    s = w / 80
    g.add(icon(d, kind, x + w / 2, y + h * 0.44, s))
    size = max(9, min(12, w / 7))
    base = y + h - 7 - (len(lines) - 1) * (size + 1)
    for i, line in enumerate(lines):
        g.add(svg.label(d, x + w / 2, base + i * (size + 1), line, size, text_anchor="middle", font_weight="bold",
                        fill=ink))
    if note:
        g.add(d.rect((x + w - 30, y + 3), (27, 14), rx=4, fill=PALETTE["ink"]))
        g.add(svg.label(d, x + w - 16.5, y + 13.5, note, 9, text_anchor="middle", fill="white", font_weight="bold"))
    return g


def star(d, cx: float, cy: float, r: float):
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        a = math.pi / 5 * i - math.pi / 2
        points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return d.polygon(points, fill=GOLD, stroke=PALETTE["ink"], stroke_width=0.8)


def back(d, x: float, y: float, w: float, h: float):
    """A face-down card: the same back for every kind."""
    g = d.g(**{"class": "ttn-card", "data-card": "back"})
    g.add(d.rect((x, y), (w, h), rx=4, ry=4, fill="#4b5b8c", stroke=PALETTE["ink"], stroke_width=1.2))
    g.add(d.rect((x + 3, y + 3), (w - 6, h - 6), rx=3, ry=3, fill="none", stroke="#c9d3f0", stroke_width=1,
                 stroke_dasharray="3 2"))
    g.add(d.circle((x + w / 2, y + h / 2), min(w, h) / 5, fill="none", stroke="#c9d3f0", stroke_width=1.2))
    return g


def button(d, parent, x: float, y: float, w: float, h: float, words: str, size: float = 12, live: bool = True):
    colour = PALETTE["target"] if live else PALETTE["face_down"]
    parent.add(d.rect((x, y), (w, h), rx=h / 2, fill="white", stroke=colour, stroke_width=2))
    parent.add(svg.label(d, x + w / 2, y + h / 2 + size * 0.36, words, size, text_anchor="middle", fill=colour,
                         font_weight="bold"))


def ring_target(d, g, x: float, y: float, w: float, h: float):
    g.add(d.rect((x - 3, y - 3), (w + 6, h + 6), rx=8, fill="none", stroke=PALETTE["target"], stroke_width=3))


# ---- the parts of the board ------------------------------------------------------------------------
def table_text(table: dict) -> str:
    if table["team"] is None:
        return "empty table"
    leader = FULL[LEADER[table["team"]]] if table["leader"] else "no leader"
    return f"{table['team']}: {leader}, crew {table['crew']} of 6"


def draw_table(d, parent, table: dict, x: float, y: float, w: float, card_w: float):
    """Team name, leader slot, crew stack and six pips counting the crew towards 6."""
    card_h = card_w * 1.4
    team = table["team"]
    parent.add(svg.label(d, x, y + 12, team or "no team yet", 13, font_weight="bold",
                         fill=CARD[CREW[team]][1] if team else PALETTE["muted"]))
    top = y + 20
    if team and table["leader"]:
        parent.add(face(d, LEADER[team], x, top, card_w, card_h))
    else:
        parent.add(d.rect((x, top), (card_w, card_h), rx=6, fill="none", stroke=PALETTE["muted"], stroke_width=1.5,
                          stroke_dasharray="5 4"))
        parent.add(svg.label(d, x + card_w / 2, top + card_h / 2 + 4, "leader", 10, text_anchor="middle",
                             fill=PALETTE["muted"]))
    crew = table["crew"]
    left = x + card_w + 10
    room = w - (card_w + 10) - card_w
    step = min(card_w * 0.45, room / max(1, crew - 1)) if crew > 1 else 0
    for i in range(crew):
        parent.add(face(d, CREW[team], left + i * step, top, card_w, card_h, covered=i < crew - 1))
    if not crew:
        parent.add(d.rect((left, top), (card_w, card_h), rx=6, fill="none", stroke=PALETTE["muted"], stroke_width=1.5,
                          stroke_dasharray="5 4"))
        parent.add(svg.label(d, left + card_w / 2, top + card_h / 2 + 4, "crew", 10, text_anchor="middle",
                             fill=PALETTE["muted"]))
    pip_y = top + card_h + 12
    for i in range(6):
        filled = i < crew
        parent.add(d.circle((left + 6 + i * 14, pip_y), 5, fill=CARD[CREW[team]][1] if filled and team else "white",
                            stroke=PALETTE["line"], stroke_width=1))
    parent.add(svg.label(d, left + 6 + 6 * 14, pip_y + 4, f"crew {crew}/6", 11, fill=PALETTE["ink"]))


def draw_panel(d, view: dict, seat: int, x: float, y: float, w: float, h: float, live: set, pending: str | None):
    """Another player (or any player, for an onlooker): hand face down, known cards face up, table."""
    g = d.g()
    mover = view["to_move"] == seat
    won = view["outcome"] is not None and seat in view["outcome"]["winners"]
    g.add(d.rect((x, y), (w, h), rx=10, fill="#fff8e1" if won else "white",
                 stroke=GOLD if won else (PALETTE["player"][seat] if mover else PALETTE["line"]),
                 stroke_width=4 if won or mover else 1.5))
    g.add(marker(d, seat, x + 16, y + 18))
    name = view["players"][seat] + (" (you)" if seat == view["viewer"] else "")
    g.add(svg.label(d, x + 30, y + 23, name, 15, font_weight="bold"))
    tag = "wins!" if won else ("to move" if mover else "")
    if tag:
        g.add(svg.label(d, x + w - 10, y + 23, tag, 13, text_anchor="end", font_weight="bold",
                        fill=GOLD if won else PALETTE["player"][seat]))
    size = view["hand_sizes"][seat]
    known = view["known"][seat]
    g.add(svg.label(d, x + 12, y + 44, f"hand: {size} card{'s' if size != 1 else ''}", 12, fill=PALETTE["ink"]))
    hx, step = x + 100, min(16, (w - 140) / max(1, size))
    for i in range(size):
        if i < len(known):
            g.add(face(d, known[i], hx + i * 34, y + 30, 30, 40, mini=True))
        else:
            g.add(back(d, hx + len(known) * 34 + (i - len(known)) * step, y + 32, 24, 34))
    if known:
        g.add(svg.label(d, x + 12, y + 58, "face up: known to all", 9, fill=PALETTE["muted"]))
    d.add(g)
    table = view["tables"][seat]
    if w >= 560:  # a wide panel (2 players): the table beside the hand
        box, spot = (x + 320, y + 6, w - 326, h - 12), (x + 332, y + 8, min(420, w - 350), 48)
    else:
        box, spot = (x + 4, y + 70, w - 8, h - 74), (x + 12, y + 72, w - 24, min(48, (w - 60) / 4.2))
    attack = next((a for a in live if a.split(" @")[-1] == str(seat + 1) and a.startswith(("croc", "smee"))), None)
    if attack and pending in (None, attack.split()[0]):
        card = "Crocodile" if attack.startswith("croc") else "Mr. Smee"
        t = svg.target(d, attack, f"{view['players'][seat]}'s table, {table_text(table)}: attack it with {card}")
        t.add(d.rect(box[:2], box[2:], rx=8, fill=PALETTE["target"], fill_opacity=0.08))
        ring_target(d, t, *box)
        draw_table(d, t, table, *spot)
        t.add(svg.label(d, box[0] + box[2] - 8, box[1] + 14, f"attack with {card}", 11, text_anchor="end",
                        fill=PALETTE["target"], font_weight="bold"))
    else:
        draw_table(d, d, table, *spot)


def draw_middle(d, view: dict, y: float, live: set, pending: str | None):
    """Draw pile, discard pile (its top; the whole pile when choosing for Tinker Bell), market, events."""
    cw, ch = 62, 87
    x = MARGIN + 4
    d.add(svg.label(d, x, y + 14, "Draw pile", 13, font_weight="bold"))
    for i in range(min(3, view["draw_size"])):
        d.add(back(d, x + 2 * i, y + 22 - 2 * i, cw, ch))
    if not view["draw_size"]:
        d.add(d.rect((x, y + 22), (cw, ch), rx=6, fill="none", stroke=PALETTE["muted"], stroke_dasharray="5 4"))
    d.add(svg.label(d, x + cw / 2, y + ch + 40, f"{view['draw_size']} cards", 12, text_anchor="middle"))

    x += 90
    pile = view["discard"]
    choosing = pending == "tink"
    tinks = [a for a in live if a.startswith("tink ")]
    d.add(svg.label(d, x, y + 14, "Discard pile", 13, font_weight="bold"))
    if tinks and not pending:
        group = svg.target(d, "tink" if len(tinks) > 1 else tinks[0],
                           "discard pile: take a card from it with Tinker Bell" if len(tinks) > 1
                           else f"discard pile: take {FULL[tinks[0].split()[1]]} with Tinker Bell")
        ring_target(d, group, x, y + 22, cw, ch)
    else:
        group = d.add(d.g())
    if pile:
        group.add(face(d, pile[-1], x, y + 22, cw, ch))
    else:
        group.add(d.rect((x, y + 22), (cw, ch), rx=6, fill="none", stroke=PALETTE["muted"], stroke_dasharray="5 4"))
    d.add(svg.label(d, x + cw / 2, y + ch + 40, f"{len(pile)} card{'s' if len(pile) != 1 else ''}", 12,
                    text_anchor="middle"))

    x += 96
    d.add(svg.label(d, x, y + 14, "Market", 13, font_weight="bold"))
    for i, kind in enumerate(view["market"]):
        mx = x + i * (cw + 10)
        action = f"treasure {kind}"
        if action in live and pending in (None, "treasure"):
            t = svg.target(d, action, f"market card {FULL[kind]}: take it with Pirate Treasure")
            t.add(face(d, kind, mx, y + 22, cw, ch))
            ring_target(d, t, mx, y + 22, cw, ch)
        else:
            d.add(face(d, kind, mx, y + 22, cw, ch, dim=pending == "treasure"))
    if not view["market"]:
        d.add(svg.label(d, x, y + 60, "empty", 12, fill=PALETTE["muted"]))

    x += 4 * (cw + 10) + 16
    d.add(svg.label(d, x, y + 14, "Last events", 13, font_weight="bold"))
    events = view["log"][-4:] or ["none yet"]
    line_y = y + 34
    for event in events:
        for line in svg.wrap(event, 46)[:2]:
            d.add(svg.label(d, x, line_y, line, 11, fill=PALETTE["ink"]))
            line_y += 14
        line_y += 4
    if choosing:
        draw_discard_choice(d, view, y, live)


def draw_discard_choice(d, view: dict, y: float, live: set):
    """The whole discard pile, one card per kind with its count, for Tinker Bell's choice."""
    kinds = Counter(view["discard"])
    shown = [k for k in CARD if kinds[k]]
    cw, ch = 62, 87
    w = max(360, len(shown) * (cw + 12) + 24)
    x = (WIDTH - w) / 2
    d.add(d.rect((x, y - 6), (w, ch + 64), rx=10, fill="white", stroke=PALETTE["target"], stroke_width=3))
    d.add(svg.label(d, x + 12, y + 14, f"The discard pile ({len(view['discard'])} cards): take one with Tinker Bell",
                    13, font_weight="bold"))
    for i, kind in enumerate(shown):
        cx = x + 12 + i * (cw + 12)
        action = f"tink {kind}"
        note = f"×{kinds[kind]}"
        if action in live:
            t = svg.target(d, action, f"take {FULL[kind]} from the discard pile ({kinds[kind]} there)")
            t.add(face(d, kind, cx, y + 26, cw, ch, note))
            ring_target(d, t, cx, y + 26, cw, ch)
        else:
            d.add(face(d, kind, cx, y + 26, cw, ch, note, dim=True))
    d.add(svg.label(d, x + 12, y + ch + 50, "Tinker Bell cannot take a Tinker Bell", 10, fill=PALETTE["muted"]))


def hand_action(kind: str, live: set, pending: str | None) -> tuple[str, str] | None:
    """The click target of a card in the viewer's hand and its accessible name, if it can be played."""
    if pending:
        return None
    for action, words in ((f"play {kind}", "play it on your table"),
                          (f"play {kind} (switch)", "switch teams: discard your table and play it")):
        if action in live:
            return action, f"your {FULL[kind]}: {words}"
    verb = {"Croc": "croc", "Smee": "smee", "Tink": "tink", "Treasure": "treasure"}.get(kind)
    if verb:
        options = sorted(a for a in live if a.startswith(verb + " "))
        if len(options) == 1:
            return options[0], f"your {FULL[kind]}: {describe(options[0])}"
        if options:
            return verb, f"your {FULL[kind]}: choose its target"
    return None


def describe(action: str) -> str:
    verb, rest = action.split(" ", 1)
    if verb in ("croc", "smee"):
        return f"attack Player {rest[1:]}'s {'Pirates' if verb == 'croc' else 'Lost Boys'}"
    return f"take {FULL[rest]} from the {'discard pile' if verb == 'tink' else 'market'}"


def draw_own(d, view: dict, y: float, live: set, pending: str | None):
    """The viewer's table on the left, hand face up on the right, with discard and end-turn buttons."""
    me = view["viewer"]
    g = d.add(d.g())
    mover = view["to_move"] == me
    won = view["outcome"] is not None and me in view["outcome"]["winners"]
    g.add(d.rect((MARGIN, y), (WIDTH - 2 * MARGIN, 200), rx=10, fill="#fff8e1" if won else "white",
                 stroke=GOLD if won else (PALETTE["player"][me] if mover else PALETTE["line"]),
                 stroke_width=4 if won or mover else 1.5))
    g.add(marker(d, me, MARGIN + 18, y + 20))
    g.add(svg.label(d, MARGIN + 32, y + 25, f"{view['players'][me]} (you)", 15, font_weight="bold"))
    draw_table(d, g, view["tables"][me], MARGIN + 14, y + 40, 300, 58)

    hand = view["hand"]
    hx, hy, cw, ch = 360, y + 34, 82, 115
    g.add(svg.label(d, hx, y + 25, f"Your hand: {len(hand)} card{'s' if len(hand) != 1 else ''}", 14,
                    font_weight="bold"))
    room = WIDTH - MARGIN - 130 - hx
    step = min(cw + 10, (room - cw) / max(1, len(hand) - 1)) if len(hand) > 1 else 0
    known = Counter(view["known"][me])
    new = Counter(view["drawn"] or ())
    remaining = Counter(hand)
    for i, kind in enumerate(hand):
        x = hx + i * step
        # the last copies of a kind are the newly drawn ones, the first ones are those known to all
        index = hand[:i + 1].count(kind)
        note = "new" if index > remaining[kind] - new[kind] else ("seen" if index <= known[kind] else "")
        main = hand_action(kind, live, pending)
        if main:
            t = svg.target(d, main[0], main[1])
            t.add(face(d, kind, x, hy, cw, ch, note))
            ring_target(d, t, x, hy, cw, ch)
        else:
            d.add(face(d, kind, x, hy, cw, ch, note, dim=bool(pending)))
        action = f"discard {kind}"
        if action in live and not pending:
            t = svg.target(d, action, f"discard your {FULL[kind]}")
            button(d, t, x + 6, hy + ch + 8, cw - 12, 22, "discard", 11)
    if not hand:
        g.add(svg.label(d, hx, hy + 40, "no cards", 13, fill=PALETTE["muted"]))
    if "end" in live and not pending:
        t = svg.target(d, "end", "end your turn")
        button(d, t, WIDTH - MARGIN - 118, y + 90, 104, 40, "End turn", 15)
    elif mover and not pending:
        button(d, g, WIDTH - MARGIN - 118, y + 90, 104, 40, "End turn", 15, live=False)
        g.add(svg.label(d, WIDTH - MARGIN - 66, y + 148, "first get down", 10, text_anchor="middle",
                        fill=PALETTE["muted"]))
        g.add(svg.label(d, WIDTH - MARGIN - 66, y + 161, "to 3 cards", 10, text_anchor="middle",
                        fill=PALETTE["muted"]))


def prompt(view: dict, pending: str | None) -> str:
    """What the viewer may do now, in words."""
    me, mover = view["viewer"], view["to_move"]
    if view["outcome"] or me is None or me != mover:
        return ""
    if pending in PROMPT:
        return PROMPT[pending] + " (Esc to cancel)"
    drawn = view["drawn"] or []
    got = f"you drew {' and '.join(FULL[k] for k in drawn)}" if drawn else "the piles were empty: you drew nothing"
    size = len(view["hand"])
    if size > 3:
        return f"Your turn: {got}. You hold {size} cards: play or discard down to 3 before ending your turn."
    return f"Your turn: {got}. Play, discard, or end your turn."


def render(view: dict, targets: Sequence[Target], pending: str | None = None,
           width: float | None = None) -> str:
    actions = [t.action for t in targets]
    me = view["viewer"]
    n = len(view["players"])
    live = set(actions)
    if pending and not any(a.startswith(pending + " ") for a in live):
        pending = None
    seats = [(me + i) % n for i in range(1, n)] if me is not None else list(range(n))
    panel_h = 150 if len(seats) == 1 else 182
    height = 44 + panel_h + 12 + 150 + (212 if me is not None else 0) + 52
    d = svg.canvas(WIDTH, height, f"TIC TOC. {view['status']}")
    d.add(d.rect((0, 0), (WIDTH, height), fill=PALETTE["paper"]))
    d.add(svg.label(d, MARGIN, 30, "TIC TOC", 22, font_weight="bold"))
    d.add(svg.label(d, 118, 30, "Peter Pan or Captain Hook with 6 crew wins, or three Crocodiles in hand", 12,
                    fill=PALETTE["muted"]))
    d.add(svg.label(d, WIDTH - MARGIN, 30, f"turn {view['turn']} of at most {view['turn_cap']}", 13,
                    text_anchor="end", fill=PALETTE["muted"]))
    gap = 12
    w = (WIDTH - 2 * MARGIN - gap * (len(seats) - 1)) / len(seats)
    for i, seat in enumerate(seats):
        draw_panel(d, view, seat, MARGIN + i * (w + gap), 44, w, panel_h, live, pending)
    middle = 44 + panel_h + 16
    draw_middle(d, view, middle, live, pending)
    y = middle + 150
    if me is not None:
        draw_own(d, view, y, live, pending)
        y += 212
    words = prompt(view, pending) or view["status"]
    for i, line in enumerate(svg.wrap(words, 100)[:2]):
        d.add(svg.label(d, MARGIN, y + 20 + 18 * i, line, 15, font_weight="bold" if i == 0 else "normal"))
    return svg.to_text(d)
