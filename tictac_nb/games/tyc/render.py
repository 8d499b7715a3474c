"""Tyc drawn from a view: the nine boards as one 9x9 grid, the scores and the letter picker beside it.

Red letters sit in a ring and Blue letters in a square, so the colours are never the only cue; Blue's
three-in-a-row strokes are dashed, Red's solid. Playing takes two clicks: a cell (target "51", the first
part of the moves "51A".."51I"), then a letter from the picker (targets "51A"...). The picker's targets
come first in the document, so a keyboard user who chose a cell lands on the letters.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import svg
from ...engine import Target
from ...svg import PALETTE

LETTERS = "ABCDEFGHI"
CELL = 50
GAP = 14
BOARD = 3 * CELL
GRID = (20, 50)
PANEL = 530
WIDTH, HEIGHT = 800, 570
RED, BLUE = PALETTE["player"][0], PALETTE["player"][1]
COLOUR = (RED, BLUE)
TINT = ("#fbe7e7", "#e3effc")
SHAPE = ("ring", "square")
CATEGORY_NAMES = {"three-in-a-row": "Three-in-a-row", "line bonus": "Line bonus",
                  "area majority": "Area majority", "letter bonus": "Letter bonus"}


def board_origin(board: int) -> tuple[float, float]:
    """Top left of `board` (1-9)."""
    row, col = divmod(board - 1, 3)
    return GRID[0] + col * (BOARD + GAP), GRID[1] + row * (BOARD + GAP)


def cell_centre(board: int, cell: int) -> tuple[float, float]:
    x, y = board_origin(board)
    row, col = divmod(cell - 1, 3)
    return x + (col + 0.5) * CELL, y + (row + 0.5) * CELL


def _mark(d, parent, letter: str, player: int, cx: float, cy: float, size: float = 1.0) -> None:
    """A letter in its player's colour, inside a ring (Red) or a square (Blue); full size in the grid."""
    r = 18 * size
    kind = {"class_": "tyc-red" if player == 0 else "tyc-blue"} if size == 1.0 else {}
    if player == 0:
        parent.add(d.circle((cx, cy), r, fill=TINT[0], stroke=RED, stroke_width=2.5, **kind))
    else:
        parent.add(d.rect((cx - r, cy - r), (2 * r, 2 * r), rx=3, ry=3, fill=TINT[1], stroke=BLUE,
                          stroke_width=2.5, **kind))
    parent.add(svg.label(d, cx, cy + 8 * size, letter, 23 * size, text_anchor="middle", font_weight="bold",
                         fill=COLOUR[player]))


def _stroke(d, start: tuple[float, float], end: tuple[float, float], reach: float, **extra):
    """A line from `start` to `end` extended by `reach` at both ends."""
    (x1, y1), (x2, y2) = start, end
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1)
    ux, uy = (x2 - x1) / length * reach, (y2 - y1) / length * reach
    return d.line((x1 - ux, y1 - uy), (x2 + ux, y2 + uy), stroke_linecap="round", pointer_events="none", **extra)


def _boards(d, view: dict, end_cells: set[tuple[int, int]]) -> None:
    playable = set(view["playable"])
    for board in range(1, 10):
        x, y = board_origin(board)
        live = board in playable and view["outcome"] is None
        d.add(d.rect((x - 5, y - 5), (BOARD + 10, BOARD + 10), rx=8, ry=8,
                     fill=PALETTE["highlight"] if live else "white", fill_opacity=0.35 if live else 1,
                     stroke=PALETTE["highlight"] if live else "#d9e2ec", stroke_width=3 if live else 1.5,
                     class_="tyc-board tyc-playable" if live else "tyc-board"))
        for cell in range(1, 10):
            if (board, cell) in end_cells:
                cx, cy = cell_centre(board, cell)
                d.add(d.rect((cx - CELL / 2 + 2, cy - CELL / 2 + 2), (CELL - 4, CELL - 4), rx=4,
                             fill=PALETTE["win"], fill_opacity=0.45))
        d.add(svg.label(d, x + BOARD / 2, y + BOARD / 2 + 38, str(board), 110, text_anchor="middle",
                        font_weight="bold", fill=PALETTE["muted"], fill_opacity=0.1))
        d.add(svg.grid_lines(d, x, y, CELL))


def _cells(d, view: dict, cell_targets: set[str], pending: str | None) -> None:
    last = view["last"]
    for board in range(1, 10):
        for cell in range(1, 10):
            cx, cy = cell_centre(board, cell)
            where = f"board {board} cell {cell}"
            mark = view["cells"][board - 1][cell - 1]
            prefix = f"{board}{cell}"
            if prefix in cell_targets:
                g = svg.target(d, prefix, f"{where}, empty")
                g.add(d.rect((cx - CELL / 2 + 3, cy - CELL / 2 + 3), (CELL - 6, CELL - 6), rx=5,
                             fill=PALETTE["target"], fill_opacity=0.07))
            else:
                words = "empty" if mark is None else f"{view['players'][mark['player']]}'s {mark['letter']}"
                g = d.add(d.g(**{"role": "img", "aria-label": f"{where}, {words}"}))
            if mark is not None:
                _mark(d, g, mark["letter"], mark["player"], cx, cy)
            elif prefix == pending:
                g.add(d.rect((cx - CELL / 2 + 3, cy - CELL / 2 + 3), (CELL - 6, CELL - 6), rx=5,
                             fill=PALETTE["target"], fill_opacity=0.25, stroke=PALETTE["target"], stroke_width=3))
                g.add(svg.label(d, cx, cy + 8, "?", 24, text_anchor="middle", font_weight="bold",
                                fill=PALETTE["target"]))
            else:
                g.add(svg.label(d, cx - CELL / 2 + 5, cy - CELL / 2 + 13, str(cell), 10, fill=PALETTE["muted"]))
            if last is not None and last[:2] == prefix:
                g.add(d.rect((cx - CELL / 2 + 1.5, cy - CELL / 2 + 1.5), (CELL - 3, CELL - 3), rx=5, fill="none",
                             stroke=PALETTE["ink"], stroke_width=2, stroke_dasharray="4 3"))


def _end_lines(d, view: dict) -> None:
    """The line(s) that ended the game, drawn beneath the marks so that the letters stay readable."""
    for line in view["end_lines"]:
        (b1, c1), (b2, c2) = line["cells"][0], line["cells"][-1]
        d.add(_stroke(d, cell_centre(b1, c1), cell_centre(b2, c2), 22, stroke="#b7791f", stroke_width=7,
                      class_="tyc-end-line"))


def _threes(d, view: dict) -> None:
    for three in view["threes"]:
        first, last = three["cells"][0], three["cells"][-1]
        player = three["player"]
        d.add(_stroke(d, cell_centre(three["board"], first), cell_centre(three["board"], last), 16,
                      stroke=COLOUR[player], stroke_width=5, stroke_opacity=0.6,
                      class_="tyc-three", **({"stroke_dasharray": "12 7"} if player == 1 else {})))


def _scores(d, view: dict, top: float) -> float:
    names = view["players"]
    right = (PANEL + 180, PANEL + 245)
    d.add(svg.label(d, PANEL, top, "Scores", 16, font_weight="bold"))
    for p in (0, 1):
        d.add(svg.label(d, right[p], top, f"{names[p]}", 14, text_anchor="end", font_weight="bold",
                        fill=COLOUR[p]))
    y = top + 24
    for key, points in view["scores"].items():
        d.add(svg.label(d, PANEL, y, CATEGORY_NAMES.get(key, key), 14))
        for p in (0, 1):
            d.add(svg.label(d, right[p], y, str(points[p]), 14, text_anchor="end"))
        y += 22
    d.add(d.line((PANEL, y - 15), (PANEL + 250, y - 15), stroke=PALETTE["line"], stroke_width=1))
    d.add(svg.label(d, PANEL, y + 3, "Total", 15, font_weight="bold"))
    for p in (0, 1):
        d.add(svg.label(d, right[p], y + 3, str(view["totals"][p]), 15, text_anchor="end", font_weight="bold",
                        fill=COLOUR[p]))
    if view["outcome"] is None:
        d.add(svg.label(d, PANEL, y + 22, "if the game ended now", 11, fill=PALETTE["muted"]))
    return y + 48


def _letters(d, view: dict, top: float) -> float:
    d.add(svg.label(d, PANEL, top, "Letters written", 14, font_weight="bold"))
    step = 21
    for i, letter in enumerate(LETTERS):
        d.add(svg.label(d, PANEL + 60 + i * step, top + 20, letter, 12, text_anchor="middle",
                        fill=PALETTE["muted"], font_weight="bold"))
    for p in (0, 1):
        y = top + 40 + p * 20
        d.add(svg.label(d, PANEL, y, view["players"][p], 12, fill=COLOUR[p], font_weight="bold"))
        for i, count in enumerate(view["letters"][p]):
            d.add(svg.label(d, PANEL + 60 + i * step, y, str(count) if count else "·", 12, text_anchor="middle",
                            fill=COLOUR[p] if count else PALETTE["muted"]))
    table = view["letter_table"]
    pairs = "  ".join(f"{n}:{table[n]:+d}" if table[n] else f"{n}:0" for n in range(1, 10))
    d.add(svg.label(d, PANEL, top + 84, "Points per letter by count", 11, fill=PALETTE["muted"]))
    for k, line in enumerate(svg.wrap(pairs, 34)):
        d.add(svg.label(d, PANEL, top + 99 + 13 * k, line, 11, fill=PALETTE["muted"]))
    return top + 128


def _legend(d, top: float) -> None:
    _mark(d, d, "A", 0, PANEL + 12, top - 5, 0.6)
    d.add(svg.label(d, PANEL + 26, top, "Red: ring, solid lines", 12))
    _mark(d, d, "A", 1, PANEL + 12, top + 19, 0.6)
    d.add(svg.label(d, PANEL + 26, top + 24, "Blue: square, dashed lines", 12))


def _picker(d, pending: str, letter_targets: list[str], top: float) -> None:
    board, cell = pending[0], pending[1]
    d.add(svg.label(d, PANEL, top, f"Board {board}, cell {cell}: pick a letter", 14, font_weight="bold"))
    free = {action[2] for action in letter_targets}
    size = 44
    for i, letter in enumerate(LETTERS):
        row, col = divmod(i, 3)
        x, y = PANEL + 40 + col * (size + 12), top + 12 + row * (size + 6)
        if letter in free:
            g = svg.target(d, pending + letter, f"letter {letter} in board {board} cell {cell}")
            g.add(d.rect((x, y), (size, size), rx=8, fill="white", stroke=PALETTE["target"], stroke_width=2))
            g.add(svg.label(d, x + size / 2, y + size / 2 + 8, letter, 24, text_anchor="middle",
                            font_weight="bold", fill=PALETTE["target"]))
        else:
            g = d.add(d.g(**{"role": "img", "aria-label": f"letter {letter}, already on board {board}"}))
            g.add(d.rect((x, y), (size, size), rx=8, fill="#eef1f4", stroke="#d9e2ec", stroke_width=1.5))
            g.add(svg.label(d, x + size / 2, y + size / 2 + 8, letter, 24, text_anchor="middle",
                            fill=PALETTE["muted"], fill_opacity=0.6))
            g.add(d.line((x + 10, y + size - 10), (x + size - 10, y + 10), stroke=PALETTE["muted"], stroke_width=2))
    d.add(svg.label(d, PANEL, top + 12 + 3 * (size + 6) + 10, "Esc or another cell: change your mind", 11,
                    fill=PALETTE["muted"]))


def render(view: dict, targets: Sequence[Target], pending: str | None = None,
           width: float | None = None) -> str:
    """SVG text of `view`; `actions` become click targets, `pending` (a cell such as "51") opens the picker."""
    actions = [t.action for t in targets]
    d = svg.canvas(WIDTH, HEIGHT, f"Tyc. {view['status']}")
    d.add(d.rect((0, 0), (WIDTH, HEIGHT), fill=PALETTE["paper"]))
    d.add(svg.label(d, GRID[0], 32, view["status"], 17, font_weight="bold"))
    cell_targets = {action[:2] for action in actions}
    letter_targets = [a for a in actions if pending and len(pending) == 2 and a.startswith(pending)]
    if not letter_targets:
        pending = None
    else:
        cell_targets.discard(pending)
        _picker(d, pending, letter_targets, 384)
    end_cells = {(b, c) for line in view["end_lines"] for b, c in line["cells"]}
    _boards(d, view, end_cells)
    _end_lines(d, view)
    _cells(d, view, cell_targets, pending)
    _threes(d, view)
    below = _scores(d, view, 70)
    below = _letters(d, view, below)
    if pending is None:
        _legend(d, below + 10)
        if actions:
            d.add(svg.label(d, PANEL, below + 66, "Click a cell, then pick a letter.", 13, fill=PALETTE["target"]))
    return svg.to_text(d)
