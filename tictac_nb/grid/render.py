"""A grid game drawn from a view: any rows x cols, column letters above and row numbers beside it, the
marks in their seats' colours, blocked squares hatched, the last mark shaded and a winning line drawn. A
declared secret that is a square (a target: a cell number in the view) is outlined for its own seat only.

Cells shrink to the room given (readable at 360 px up to 10 columns); a square where the mover has a choice
of marks is split into one click target per mark.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import svg
from ..core.engine import Target
from ..core.svg import PALETTE

MARGIN = 16
GUTTER = 22  # room for the row numbers and the column letters
WIDE = 520
MAX_CELL = 72.0
MARK_NAMES = {"X": "X", "O": "O", "T": "Triangle", "S": "Square"}


def mark(d, letter: str, cx: float, cy: float, r: float, colour: str):
    """X, O, a triangle or a square of radius `r` at (cx, cy)."""
    width = max(2.5, r / 4)
    if letter == "X":
        return svg.cross(d, cx, cy, r, colour, width)
    if letter == "O":
        return svg.ring(d, cx, cy, r, colour, width)
    if letter == "T":
        return d.polygon([(cx, cy - r), (cx + r, cy + 0.8 * r), (cx - r, cy + 0.8 * r)], fill="none",
                         stroke=colour, stroke_width=width, stroke_linejoin="round")
    return d.rect((cx - 0.85 * r, cy - 0.85 * r), (1.7 * r, 1.7 * r), fill="none", stroke=colour,
                  stroke_width=width)


def rules_line(view: dict) -> str:
    """The rules in brief: '3 in a row on a 3 by 3 grid, marks fall, a line loses'."""
    parts = [f"{view['k']} in a row on a {view['rows']} by {view['cols']} grid"]
    if view["gravity"]:
        parts.append("marks fall")
    if view["marks_per_turn"] > 1:
        parts.append(f"{view['marks_per_turn']} marks a turn")
    if view["misere"]:
        parts.append("a line loses")
    return ", ".join(parts)


def _summary(view: dict) -> str:
    where: dict[str, list[str]] = {}
    cols = view["cols"]
    for cell, letter in enumerate(view["cells"]):
        if letter is not None:
            where.setdefault(letter, []).append(f"{'abcdefghij'[cell % cols]}{cell // cols + 1}")
    placed = [f"{'blocked' if m == '#' else MARK_NAMES[m]}: {', '.join(cells)}" for m, cells in where.items()]
    return f"{view['game']}: {rules_line(view)}. {view['status']}. {'; '.join(placed) or 'The grid is empty'}."


def own_squares(view: dict) -> dict[str, tuple[int, str]]:
    """The viewer's own declared secrets that are squares of the grid: {name: (cell, square name)}."""
    viewer, size, found = view["viewer"], view["rows"] * view["cols"], {}
    for name in view.get("secrets", ()):
        value = view[name][viewer] if viewer is not None else None
        if type(value) is int and 0 <= value < size:
            found[name] = (value, f"{'abcdefghij'[value % view['cols']]}{value // view['cols'] + 1}")
    return found


def render(view: dict, targets: Sequence[Target], pending: str | None = None, width: float | None = None) -> str:
    """SVG text of `view` laid out for `width` CSS px (None: the wide layout)."""
    room = WIDE if width is None else max(240.0, min(WIDE, float(width)))
    rows, cols = view["rows"], view["cols"]
    cell = min(MAX_CELL, (room - 2 * MARGIN - GUTTER) / cols)
    grid_w = cols * cell
    board_w = min(room, grid_w + 2 * MARGIN + GUTTER)
    left, top = MARGIN + GUTTER, 62
    status = svg.wrap(view["status"], max(16, int((board_w - 2 * MARGIN) / 8.2)))
    d = svg.canvas(board_w, 100, _summary(view))
    paper = svg.paper(d, board_w)
    more = 20 * (len(status) - 1)
    svg.status_line(d, status, MARGIN, 24, 15, 20, band=(0, 32 + more),
                    font_weight="bold" if view["outcome"] else "normal")
    own = own_squares(view)
    said = "".join(f" · your {name}: {square}" for name, (_, square) in own.items())
    d.add(svg.label(d, MARGIN, 46 + more, rules_line(view) + said, 13, fill=PALETTE["muted"]))
    top += more
    for col in range(cols):
        d.add(svg.label(d, left + (col + 0.5) * cell, top - 6, "abcdefghij"[col], 12, text_anchor="middle",
                        fill=PALETTE["muted"]))
    for row in range(rows):
        d.add(svg.label(d, left - 8, top + (row + 0.5) * cell + 4, str(row + 1), 12, text_anchor="end",
                        fill=PALETTE["muted"]))
    d.add(d.rect((left, top), (grid_w, rows * cell), rx=6, fill="none", stroke=PALETTE["line"], stroke_width=2))
    choices: dict[str, list[Target]] = {}
    for t in targets:
        choices.setdefault(t.action.partition(" ")[0], []).append(t)
    colour = {letter: svg.player_colour(seat) for seat, letter in enumerate("XOTS")}
    for index, letter in enumerate(view["cells"]):
        row, col = divmod(index, cols)
        x, y = left + col * cell, top + row * cell
        name = f"{'abcdefghij'[col]}{row + 1}"
        if letter == "#":
            g = d.add(d.g(**{"role": "img", "aria-label": f"square {name}: blocked"}))
            g.add(d.rect((x + 3, y + 3), (cell - 6, cell - 6), rx=4, fill=PALETTE["face_down"]))
            g.add(d.line((x + 8, y + cell - 8), (x + cell - 8, y + 8), stroke=PALETTE["paper"], stroke_width=2))
            continue
        if name == view["last"]:
            d.add(d.rect((x + 3, y + 3), (cell - 6, cell - 6), rx=5, fill=PALETTE["highlight"], fill_opacity=0.3))
        if letter is not None:
            g = d.add(d.g(**{"role": "img", "aria-label": f"square {name}: {MARK_NAMES[letter]}"}))
            g.add(mark(d, letter, x + cell / 2, y + cell / 2, cell * 0.3, colour[letter]))
            continue
        options = choices.get(name, [])
        if not options:
            d.add(d.g(**{"role": "img", "aria-label": f"square {name}, empty"}))
            continue
        part = cell / len(options)
        for i, option in enumerate(options):
            t = svg.target(d, option.action, option.label)
            t.add(d.rect((x + i * part + 3, y + 3), (part - 6, cell - 6), rx=5, fill=PALETTE["target"],
                         fill_opacity=0.07))
            if len(options) > 1:
                choice = option.action.partition(" ")[2]
                t.add(mark(d, choice, x + (i + 0.5) * part, y + cell / 2, min(part, cell) * 0.25, colour[choice]))
    d.add(svg.grid_lines(d, left, top, cell, rows=rows, cols=cols, stroke_width=1.5))
    for name, (index, square) in own.items():
        row, col = divmod(index, cols)
        g = d.add(d.g(**{"role": "img", "aria-label": f"your {name}: square {square}", "pointer-events": "none"}))
        g.add(d.rect((left + col * cell + 6, top + row * cell + 6), (cell - 12, cell - 12), rx=6, fill="none",
                     stroke=svg.player_colour(view["viewer"]), stroke_width=3, stroke_dasharray="6 4"))
    if view["line"]:
        ends = [view["line"][0], view["line"][-1]]
        (x1, y1), (x2, y2) = [(left + ("abcdefghij".index(n[0]) + 0.5) * cell, top + (int(n[1:]) - 0.5) * cell)
                              for n in ends]
        winner = view["cells"]["abcdefghij".index(ends[0][0]) + (int(ends[0][1:]) - 1) * cols]
        d.add(d.line((x1, y1), (x2, y2), stroke=colour.get(winner, PALETTE["ink"]), stroke_width=max(4, cell / 8),
                     stroke_opacity=0.5, stroke_linecap="round", pointer_events="none"))
    return svg.fit(d, paper, top + rows * cell + MARGIN)
