"""A card game of the family drawn from a view: the grid, the piles, the other hands face down and the
viewer's hand face up, each card laid out from its row of the table (title, type, text, the student's own
columns, a band in the colour of its colour column).

Everything shrinks to the room given: the grid's cells, and the cards, which wrap onto more rows on a narrow
board (no text under 11 px at 360 px).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core import svg
from ..core.engine import Target
from ..core.svg import PALETTE
from ..grid.render import MARK_NAMES, mark

MARGIN = 14
WIDE = 560
MAX_CELL = 64.0
CARD_W, CARD_H = 112.0, 150.0
GAP = 8.0


def card_face(d: Any, card: dict, x: float, y: float, w: float, h: float, parent: Any = None,
              badge: str = "", scale: float = 1.0) -> Any:
    """One card from its table row: a colour band, the title, the type, the text and the other columns."""
    group = d.g()
    (parent or d).add(group)
    group.add(d.rect((x, y), (w, h), rx=7 * scale, fill=PALETTE["paper"], stroke=PALETTE["line"],
                     stroke_width=1.5 * scale))
    if card.get("fill"):
        group.add(d.rect((x + 1.5 * scale, y + 1.5 * scale), (w - 3 * scale, 9 * scale), rx=5 * scale,
                         fill=card["fill"]))
    size = 11 * scale
    chars = max(8, int(w / (0.56 * size)))
    top = y + 15 * scale
    for line in svg.wrap(card["name"], max(6, int(w / (0.62 * 12.5 * scale))))[:2]:
        top += 13 * scale
        group.add(svg.label(d, x + w / 2, top, line, 12.5 * scale, text_anchor="middle", font_weight="bold"))
    if card.get("type"):
        top += 13 * scale
        group.add(svg.label(d, x + w / 2, top, str(card["type"]), size, text_anchor="middle",
                            fill=PALETTE["muted"], font_style="italic"))
    extras = [f"{column}: {value}" for column, value in card.get("extra", ()) if value is not None]
    room = int((y + h - 6 * scale - 13 * scale * len(extras[:2]) - top - 6 * scale) // (13 * scale))
    top += 4 * scale
    lines = svg.wrap(card["text"], chars)
    if len(lines) > room:
        lines = lines[:max(room, 0)]
        if lines:
            lines[-1] = lines[-1][: max(1, chars - 1)].rstrip() + "…"
    for line in lines:
        top += 13 * scale
        group.add(svg.label(d, x + w / 2, top, line, size, text_anchor="middle"))
    for i, words in enumerate(extras[:2]):
        group.add(svg.label(d, x + 6 * scale, y + h - 7 * scale - 13 * scale * (len(extras[:2]) - 1 - i), words,
                            size, fill=PALETTE["muted"]))
    if badge:
        group.add(svg.label(d, x + w - 6 * scale, y + h - 7 * scale, badge, 12 * scale, text_anchor="end",
                            font_weight="bold"))
    return group


def rules_line(view: dict) -> str:
    goal = {"line": f"{view['k']} in a row wins", "points": "most points wins",
            "deck": "most marks when the deck runs out"}[view["win"]]
    return f"{view['rows']} by {view['cols']} grid, {goal}"


def _summary(view: dict) -> str:
    hand = view["hand"]
    held = f"Your hand: {', '.join(hand)}." if hand else ("You hold no card." if hand == [] else "")
    sizes = ", ".join(f"{name} {n}" for name, n in zip(view["players"], view["hand_sizes"], strict=True))
    return (f"{view['game']}: {rules_line(view)}. {view['status']}. Cards in hand: {sizes}; deck {view['deck_size']}"
            f", discard pile {len(view['discard'])}. {held}")


def render(view: dict, targets: Sequence[Target], pending: str | None = None, width: float | None = None) -> str:
    """SVG text of `view` laid out for `width` CSS px (None: the wide layout)."""
    room = WIDE if width is None else max(300.0, min(WIDE, float(width)))
    by_action = {t.action: t for t in targets}
    cards = {card["name"]: card for card in view["cards"]}
    d = svg.canvas(room, 100, _summary(view))
    sheet = svg.paper(d, room)
    status = svg.wrap(view["status"], max(20, int((room - 2 * MARGIN) / 8.2)))
    more = 20 * (len(status) - 1)
    svg.status_line(d, status, MARGIN, 24, 15, 20, band=(0, 32 + more),
                    font_weight="bold" if view["outcome"] else "normal")
    top: float = 48 + more
    d.add(svg.label(d, MARGIN, top, rules_line(view), 12, fill=PALETTE["muted"]))
    top += 10
    top = _grid(d, view, by_action, room, top)
    top = _table(d, view, by_action, room, top)
    top = _hand(d, view, by_action, cards, room, top)
    return svg.fit(d, sheet, top + MARGIN)


def _grid(d: Any, view: dict, by_action: dict[str, Target], room: float, top: float) -> float:
    rows, cols = view["rows"], view["cols"]
    cell = min(MAX_CELL, (room - 2 * MARGIN - 20) / cols)
    left = MARGIN + 20
    top += 16
    for col in range(cols):
        d.add(svg.label(d, left + (col + 0.5) * cell, top - 4, "abcdefghij"[col], 11, text_anchor="middle",
                        fill=PALETTE["muted"]))
    for row in range(rows):
        d.add(svg.label(d, left - 7, top + (row + 0.5) * cell + 4, str(row + 1), 11, text_anchor="end",
                        fill=PALETTE["muted"]))
    d.add(d.rect((left, top), (cols * cell, rows * cell), rx=6, fill="none", stroke=PALETTE["line"], stroke_width=2))
    colour = {letter: svg.player_colour(seat) for seat, letter in enumerate("XOTS")}
    for index, letter in enumerate(view["cells"]):
        row, col = divmod(index, cols)
        x, y = left + col * cell, top + row * cell
        name = f"{'abcdefghij'[col]}{row + 1}"
        target = by_action.get(name)
        holder = svg.target(d, name, target.label) if target else d.add(d.g(**{"role": "img", "aria-label": (
            f"square {name}: " + ("blocked" if letter == "#" else MARK_NAMES[letter] if letter else "empty"))}))
        if target:
            holder.add(d.rect((x + 3, y + 3), (cell - 6, cell - 6), rx=5, fill=PALETTE["target"], fill_opacity=0.1))
        if letter == "#":
            holder.add(d.rect((x + 3, y + 3), (cell - 6, cell - 6), rx=4, fill=PALETTE["face_down"]))
        elif letter:
            if view["playing"] and view["playing"]["from"] == name:
                holder.add(d.rect((x + 3, y + 3), (cell - 6, cell - 6), rx=5, fill=PALETTE["highlight"],
                                  fill_opacity=0.45))
            holder.add(mark(d, letter, x + cell / 2, y + cell / 2, cell * 0.3, colour[letter]))
    d.add(svg.grid_lines(d, left, top, cell, rows=rows, cols=cols, stroke_width=1.5))
    if view["line"]:
        (x1, y1), (x2, y2) = [(left + ("abcdefghij".index(n[0]) + 0.5) * cell, top + (int(n[1:]) - 0.5) * cell)
                              for n in (view["line"][0], view["line"][-1])]
        d.add(d.line((x1, y1), (x2, y2), stroke=PALETTE["win"], stroke_width=max(4, cell / 8), stroke_linecap="round",
                     pointer_events="none"))
    return top + rows * cell


def _table(d: Any, view: dict, by_action: dict[str, Target], room: float, top: float) -> float:
    """The piles and every player's hand size (face-down cards), scores, and whom a steal may take from."""
    top += 22
    discard = view["discard"]
    words = f"Deck: {view['deck_size']} cards · discard pile: {len(discard)}" + (
        f", top {discard[-1]}" if discard else "")
    d.add(svg.label(d, MARGIN, top, words, 12))
    for seat, (name, size) in enumerate(zip(view["players"], view["hand_sizes"], strict=True)):
        top += 26
        action = f"steal @{seat + 1}"
        scores = view["scores"]
        said = f"{name}: {size} card{'s' if size != 1 else ''} in hand" + (
            f" · {scores[seat]:g} points" if scores is not None else "")
        holder = svg.target(d, action, by_action[action].label) if action in by_action else d.add(d.g())
        for i in range(min(size, 8)):
            holder.add(d.rect((MARGIN + 7 * i, top - 16), (16, 22), rx=3, fill=PALETTE["face_down"],
                              stroke=PALETTE["paper"], stroke_width=1))
        holder.add(svg.label(d, MARGIN + 7 * min(size, 8) + 18, top, said, 12,
                             fill=svg.player_colour(seat), font_weight="bold" if seat == view["to_move"] else "normal"))
    if "end" in by_action:
        top += 16
        button = svg.target(d, "end", by_action["end"].label)
        button.add(d.rect((MARGIN, top), (110, 30), rx=6, fill=PALETTE["target"], fill_opacity=0.12,
                          stroke=PALETTE["target"]))
        button.add(svg.label(d, MARGIN + 55, top + 20, "End turn", 13, text_anchor="middle"))
        top += 30
    return top


def _hand(d: Any, view: dict, by_action: dict[str, Target], cards: dict[str, dict], room: float, top: float) -> float:
    """The card being played, then the viewer's hand, a card per name with its copies counted."""
    per_row = max(2, int((room - 2 * MARGIN + GAP) // (CARD_W + GAP)))
    w = min(CARD_W * 1.25, (room - 2 * MARGIN - GAP * (per_row - 1)) / per_row)
    h = CARD_H * w / CARD_W
    rows: list[tuple[str, list[tuple[str, int]]]] = []
    if view["playing"]:
        rows.append((f"In play: {view['playing']['card']}", [(view["playing"]["card"], 1)]))
    hand = view["hand"]
    if hand is not None:
        held = list(Counter(hand).items())
        me = view["players"][view["viewer"]]
        drawn = f" (drew {', '.join(view['drawn'])})" if view["drawn"] else ""
        rows.append((f"Your hand ({me}): {len(hand)} card{'s' if len(hand) != 1 else ''}{drawn}", held))
    for title, shown in rows:
        top += 26
        d.add(svg.label(d, MARGIN, top, title, 13, font_weight="bold"))
        top += 8
        for i, (name, copies) in enumerate(shown):
            row, col = divmod(i, per_row)
            x, y = MARGIN + col * (w + GAP), top + row * (h + GAP)
            action = next((a for a in (f"play {name}", f"discard {name}") if a in by_action), None)
            if action and not title.startswith("In play"):
                holder = svg.target(d, action, by_action[action].label)
                holder.add(d.rect((x - 3, y - 3), (w + 6, h + 6), rx=9, fill=PALETTE["target"], fill_opacity=0.15))
            else:
                holder = d.add(d.g(**{"role": "img", "aria-label": f"{name}: {cards[name]['text']}"}))
            card_face(d, cards[name], x, y, w, h, holder, f"×{copies}" if copies > 1 else "", w / CARD_W)
        if shown:
            top += ((len(shown) - 1) // per_row + 1) * (h + GAP) - GAP
    if view["log"]:
        for line in view["log"][-2:]:
            top += 18
            d.add(svg.label(d, MARGIN, top, line, 11, fill=PALETTE["muted"]))
    return top
