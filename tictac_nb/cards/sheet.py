"""A card game's box on paper: every card of the deck drawn from its row of the table, poker size, with cut
lines (`print_and_play` lays them out), and the grid the cards play on."""

from __future__ import annotations

from .. import svg
from ..grid.rules import square_name
from ..printing import Component
from ..svg import PALETTE
from .render import CARD_H, CARD_W, card_face, rules_line
from .rules import CardState

WIDTH, HEIGHT = 63.0, 88.0   # mm, a poker card
UNIT = CARD_W / WIDTH        # drawing units per mm (the board's card, drawn at print size)
GRID_ROOM = 180.0            # mm: the widest grid on the page


def components(state: CardState) -> list[Component]:
    """The grid, then each card as many times as the deck holds it (the option `deck` counts)."""
    table = state.card_table()
    return [_grid(state)] + [_card(card) for card in table for _ in range(card["count"])]


def _card(card: dict) -> Component:
    w, h = WIDTH * UNIT, HEIGHT * UNIT
    d = svg.canvas(w, h, f"card: {card['name']}. {card['text']}")
    card_face(d, card, 1, 1, w - 2, h - 2, scale=(h - 2) / CARD_H * 0.9)
    return Component("Cards", card["name"], svg.to_text(d), WIDTH, HEIGHT)


def _grid(state: CardState) -> Component:
    rows, cols = state.rows, state.cols
    cell = min(30.0, GRID_ROOM / cols, 200.0 / rows) * 2
    top = 22.0
    width, height = cols * cell, rows * cell + top
    d = svg.canvas(width, height, f"{state.game.title}: the grid")
    d.add(svg.label(d, 0, 14, "The grid", 10, font_weight="bold"))
    d.add(svg.label(d, width, 14, rules_line(state.view(None)), 6.5, text_anchor="end", fill=PALETTE["muted"]))
    d.add(d.rect((1, top + 1), (width - 2, rows * cell - 2), rx=6, fill="none", stroke=PALETTE["line"],
                 stroke_width=1.5))
    d.add(svg.grid_lines(d, 0, top, cell, rows=rows, cols=cols, stroke_width=1.5))
    for index in range(rows * cols):
        row, col = divmod(index, cols)
        d.add(svg.label(d, col * cell + 5, top + row * cell + 12, square_name(index, cols), 7, fill=PALETTE["muted"]))
    return Component("Board", "The grid", svg.to_text(d), width / 2, height / 2, cut=False)
