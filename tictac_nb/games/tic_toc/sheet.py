"""TIC TOC's box on paper: the cards of the `deck` option, each with its art, name and what it does."""

from __future__ import annotations

from ...classroom.printing import Component
from ...core import svg
from .render import CARD, FULL, face
from .rules import SHORT, TicToc

WIDTH, HEIGHT = 60.0, 84.0   # mm
UNIT = 160 / WIDTH           # drawing units per mm

# The words printed on each card: the kit's short form of its rule.
TEXT = {
    "Boy": "Lost Boys crew. Peter Pan with 6 Lost Boys on your table wins.",
    "Pan": "Leader of the Lost Boys: one on a table. Peter Pan with 6 Lost Boys on your table wins.",
    "Pirate": "Pirate crew. Captain Hook with 6 Pirates on your table wins.",
    "Hook": "Leader of the Pirates: one on a table. Captain Hook with 6 Pirates on your table wins.",
    "Croc": "Play against another player's Captain Hook or Pirates: Hook there, he escapes; else all their "
            "Pirates do. Three in one hand: TIC TOC! You win.",
    "Smee": "Play against another player's Peter Pan or Lost Boys: Pan there, he escapes; else all their "
            "Lost Boys do.",
    "Tink": "Discard her and take another card of the discard pile into your hand.",
    "Treasure": "Discard it and take a market card into your hand; refill the market at once.",
}


def components(state: TicToc) -> list[Component]:
    deck = state.options["deck"]
    return [_card(kind) for kind in SHORT for _ in range(deck[kind])]


def _card(kind: str) -> Component:
    w, h = WIDTH * UNIT, HEIGHT * UNIT
    d = svg.canvas(w, h, f"TIC TOC card: {FULL[kind]}. {TEXT[kind]}")
    d.add(face(d, kind, 1, 1, w - 2, h - 2))
    lines = svg.wrap(TEXT[kind], 38)
    top = h - 25 - (len(CARD[kind][2]) - 1) * 13 - 9 * len(lines)
    for i, words in enumerate(lines):
        d.add(svg.label(d, w / 2, top + i * 9, words, 7.6, text_anchor="middle"))
    return Component("Cards", FULL[kind], svg.to_text(d), WIDTH, HEIGHT)
