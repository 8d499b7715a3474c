"""Tic Tac Trek's box on paper: the terrain tiles of the `mix` as fold-over pieces (X on one half, O on the
other), and each player's `campfires`."""

from __future__ import annotations

from ...classroom.printing import Component
from ...core import svg
from ...core.svg import PALETTE
from .render import ORDER, campfire, tile
from .rules import SYMBOLS, TicTacTrek

TILE = 30.0      # mm: one side of a tile
FIRE = 20.0      # mm: a campfire token
UNIT = 2.0       # drawing units per mm


def components(state: TicTacTrek) -> list[Component]:
    mix = state.options["mix"]
    pieces = [_tile(terrain) for terrain in ORDER for _ in range(mix[terrain])]
    pieces += [_campfire(player) for player in SYMBOLS for _ in range(state.options["campfires"])]
    return pieces


def _tile(terrain: str) -> Component:
    """Both sides of one tile, side by side: cut it out, fold it on the dotted line, glue the halves."""
    size = TILE * UNIT
    d = svg.canvas(2 * size, size, f"Tic Tac Trek: {terrain} tile, X on one side and O on the other")
    for i, mark in enumerate(SYMBOLS):
        d.add(tile(d, terrain, mark, i * size, 0, size))
    d.add(d.line((size, 2), (size, size - 2), stroke=PALETTE["muted"], stroke_width=0.8, stroke_dasharray="1 2.5"))
    d.add(svg.label(d, size, size - 2, "fold", 4.5, text_anchor="middle", fill=PALETTE["ink"]))
    return Component("Tiles (cut out, fold, glue)", f"{terrain} tile", svg.to_text(d), 2 * TILE, TILE)


def _campfire(player: str) -> Component:
    size = FIRE * UNIT
    d = svg.canvas(size, size, f"Tic Tac Trek: {player}'s campfire")
    d.add(campfire(d, player, size / 2, size / 2 - 3, size * 0.34))
    d.add(svg.label(d, size / 2, size - 2.5, player, 6, text_anchor="middle", font_weight="bold"))
    return Component("Campfires", f"{player} campfire", svg.to_text(d), FIRE, FIRE)
