"""A grid game's box on paper: the grid as its options set it (size, blocked squares), with its square names."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..classroom.printing import Component
from ..core import svg
from ..core.svg import PALETTE
from .render import rules_line
from .rules import BLOCKED, GridState, square_name

UNIT = 2.0     # drawing units per mm
ROOM = 180.0   # mm: the widest grid on the page


def components(state: GridState) -> list[Component]:
    """The grid, each square at most 30 mm, named in its corner (marks go on with a pencil or counters)."""
    blocked = {index for index, mark in enumerate(state.board) if mark == BLOCKED}
    return [grid_sheet(state, rules_line(state.view(None)), blocked)]


def grid_sheet(state: Any, rules: str, blocked: Collection[int] = ()) -> Component:
    """A grid of `state.rows` by `state.cols` squares on paper, each named in its corner, the `blocked` ones
    filled, under the `rules` in a line: the grid family's board and the card family's."""
    rows, cols = state.rows, state.cols
    cell = min(30.0, ROOM / cols, 220.0 / rows) * UNIT
    top = 22.0
    width, height = cols * cell, rows * cell + top
    d = svg.canvas(width, height, f"{state.game.title}: the grid")
    d.add(svg.label(d, 0, 14, "The grid", 10, font_weight="bold"))
    d.add(svg.label(d, width, 14, rules, 6.5, text_anchor="end", fill=PALETTE["muted"]))
    d.add(d.rect((1, top + 1), (width - 2, rows * cell - 2), rx=6, fill="none", stroke=PALETTE["line"],
                 stroke_width=1.5))
    d.add(svg.grid_lines(d, 0, top, cell, rows=rows, cols=cols, stroke_width=1.5))
    for index in range(rows * cols):
        row, col = divmod(index, cols)
        x, y = col * cell, top + row * cell
        if index in blocked:
            d.add(d.rect((x + 4, y + 4), (cell - 8, cell - 8), rx=4, fill=PALETTE["face_down"]))
        else:
            d.add(svg.label(d, x + 5, y + 12, square_name(index, cols), 7, fill=PALETTE["muted"]))
    return Component("Board", "The grid", svg.to_text(d), width / UNIT, height / UNIT, cut=False)
