"""A grid game's box on paper: the grid as its options set it (size, blocked squares), with its square names."""

from __future__ import annotations

from .. import svg
from ..printing import Component
from ..svg import PALETTE
from .render import rules_line
from .rules import BLOCKED, GridState, square_name

UNIT = 2.0     # drawing units per mm
ROOM = 180.0   # mm: the widest grid on the page


def components(state: GridState) -> list[Component]:
    """The grid, each square at most 30 mm, named in its corner (marks go on with a pencil or counters)."""
    rows, cols = state.rows, state.cols
    cell = min(30.0, ROOM / cols, 220.0 / rows) * UNIT
    top = 22.0
    width, height = cols * cell, rows * cell + top
    d = svg.canvas(width, height, f"{state.game.title}: the grid")
    d.add(svg.label(d, 0, 14, "The grid", 10, font_weight="bold"))
    d.add(svg.label(d, width, 14, rules_line(state.view(None)), 6.5, text_anchor="end", fill=PALETTE["muted"]))
    d.add(d.rect((1, top + 1), (width - 2, rows * cell - 2), rx=6, fill="none", stroke=PALETTE["line"],
                 stroke_width=1.5))
    d.add(svg.grid_lines(d, 0, top, cell, rows=rows, cols=cols, stroke_width=1.5))
    for index, mark in enumerate(state.board):
        row, col = divmod(index, cols)
        x, y = col * cell, top + row * cell
        if mark == BLOCKED:
            d.add(d.rect((x + 4, y + 4), (cell - 8, cell - 8), rx=4, fill=PALETTE["face_down"]))
        else:
            d.add(svg.label(d, x + 5, y + 12, square_name(index, cols), 7, fill=PALETTE["muted"]))
    return [Component("Board", "The grid", svg.to_text(d), width / UNIT, height / UNIT, cut=False)]
