"""A card game's box on paper: every card of the deck drawn from its row of the table, poker size, with cut
lines (`print_and_play` lays them out), and the grid the cards play on."""

from __future__ import annotations

from ..classroom.printing import Component
from ..core import svg
from ..grid.sheet import grid_sheet
from .render import CARD_H, CARD_W, card_face, rules_line
from .rules import CardState

WIDTH, HEIGHT = 63.0, 88.0   # mm, a poker card
UNIT = CARD_W / WIDTH        # drawing units per mm (the board's card, drawn at print size)


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
    return grid_sheet(state, rules_line(state.view(None)))
