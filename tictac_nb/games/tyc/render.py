"""Tyc drawn from a view: the nine boards as one 9x9 grid, with the letter picker, the scores and the
letters written beside it when there is room (760 px), under it when there is not.

Red letters sit in a ring and Blue letters in a square, so the colours are never the only cue; Blue's
three-in-a-row strokes are dashed, Red's solid. Playing takes two clicks: a cell (target "51", the first
step of the moves "51A".."51I"), then a letter from the picker (targets "51A"...). The picker's targets
come first in the document, so a keyboard user who chose a cell lands on the letters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core import svg
from ...core.engine import Target
from ...core.svg import PALETTE

LETTERS = "ABCDEFGHI"
WIDE = 760
GAP = 24  # between boards: room for each board's name above it
PANEL = 222  # the width of the panel of scores, letters and picker
RED, BLUE = svg.player_colour(0), svg.player_colour(1)
COLOUR = (RED, BLUE)
INK = ("#b42318", "#1662b8")  # the players' colours, dark enough for text (4.5:1 on the tints and the paper)
TINT = ("#fbe7e7", "#e3effc")
CATEGORY_NAMES = {"three-in-a-row": "Three-in-a-row", "line bonus": "Line bonus",
                  "area majority": "Area majority", "letter bonus": "Letter bonus"}


@dataclass(frozen=True)
class Layout:
    """The cell size, the grid's top-left corner, where the panel starts and the whole width."""

    cell: float
    grid: tuple[float, float]
    panel: tuple[float, float]
    width: float

    @classmethod
    def fit(cls, width: float | None, top: float) -> Layout:
        margin = 16 if width is None or width >= WIDE else 10
        grid = (margin, top + 22)
        if width is None or width >= WIDE:
            cell = 50.0
            return cls(cell, grid, (margin + 9 * cell + 2 * GAP + 22, top), WIDE)
        cell = max(28.0, min(50.0, (width - 2 * margin - 2 * GAP) / 9))
        side = 9 * cell + 2 * GAP
        return cls(cell, grid, (margin, grid[1] + side + 16), max(side, PANEL) + 2 * margin)

    def board_origin(self, board: int) -> tuple[float, float]:
        """Top left of `board` (1-9)."""
        row, col = divmod(board - 1, 3)
        step = 3 * self.cell + GAP
        return self.grid[0] + col * step, self.grid[1] + row * step

    def cell_centre(self, board: int, cell: int) -> tuple[float, float]:
        x, y = self.board_origin(board)
        row, col = divmod(cell - 1, 3)
        return x + (col + 0.5) * self.cell, y + (row + 0.5) * self.cell


def _mark(d, parent, letter: str, player: int, cx: float, cy: float, size: float = 1.0, full: bool = True) -> None:
    """A letter in its player's colour, inside a ring (Red) or a square (Blue)."""
    r = 18 * size
    kind = {"class_": "tyc-red" if player == 0 else "tyc-blue"} if full else {}
    if player == 0:
        parent.add(d.circle((cx, cy), r, fill=TINT[0], stroke=RED, stroke_width=2.5, **kind))
    else:
        parent.add(d.rect((cx - r, cy - r), (2 * r, 2 * r), rx=3, ry=3, fill=TINT[1], stroke=BLUE,
                          stroke_width=2.5, **kind))
    parent.add(svg.label(d, cx, cy + 8 * size, letter, max(11.0, 23 * size), text_anchor="middle",
                         font_weight="bold", fill=INK[player]))


def _stroke(d, start: tuple[float, float], end: tuple[float, float], reach: float, **extra):
    """A line from `start` to `end` extended by `reach` at both ends."""
    (x1, y1), (x2, y2) = start, end
    length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1)
    ux, uy = (x2 - x1) / length * reach, (y2 - y1) / length * reach
    return d.line((x1 - ux, y1 - uy), (x2 + ux, y2 + uy), stroke_linecap="round", pointer_events="none", **extra)


def _boards(d, at: Layout, view: dict, end_cells: set[tuple[int, int]]) -> None:
    playable = set(view["playable"])
    side = 3 * at.cell
    for board in range(1, 10):
        x, y = at.board_origin(board)
        live = board in playable and view["outcome"] is None
        d.add(d.rect((x - 5, y - 5), (side + 10, side + 10), rx=8, ry=8,
                     fill=PALETTE["highlight"] if live else "white", fill_opacity=0.35 if live else 1,
                     stroke=PALETTE["highlight"] if live else "#d9e2ec", stroke_width=3 if live else 1.5,
                     class_="tyc-board tyc-playable" if live else "tyc-board"))
        d.add(svg.label(d, x, y - 9, f"board {board}", 11, fill=PALETTE["ink"] if live else PALETTE["muted"],
                        font_weight="bold" if live else "normal"))
        for cell in range(1, 10):
            if (board, cell) in end_cells:
                cx, cy = at.cell_centre(board, cell)
                d.add(d.rect((cx - at.cell / 2 + 2, cy - at.cell / 2 + 2), (at.cell - 4, at.cell - 4), rx=4,
                             fill=PALETTE["win"], fill_opacity=0.45))
        d.add(svg.grid_lines(d, x, y, at.cell))


def _cells(d, at: Layout, view: dict, labels: dict[str, str], pending: str | None) -> None:
    last, size, c = view["last"], at.cell / 50, at.cell
    for board in range(1, 10):
        for cell in range(1, 10):
            cx, cy = at.cell_centre(board, cell)
            where = f"board {board} cell {cell}"
            mark = view["cells"][board - 1][cell - 1]
            prefix = f"{board}{cell}"
            if prefix in labels and prefix != pending:
                g = svg.target(d, prefix, labels[prefix])
                g.add(d.rect((cx - c / 2 + 3, cy - c / 2 + 3), (c - 6, c - 6), rx=5,
                             fill=PALETTE["target"], fill_opacity=0.07))
            else:
                if mark is not None:
                    words = f"{view['players'][mark['player']]}'s {mark['letter']}"
                else:
                    words = "empty, chosen: pick its letter" if prefix == pending else "empty"
                g = d.add(d.g(**{"role": "img", "aria-label": f"{where}, {words}"}))
            if mark is not None:
                _mark(d, g, mark["letter"], mark["player"], cx, cy, size)
            elif prefix == pending:
                g.add(d.rect((cx - c / 2 + 3, cy - c / 2 + 3), (c - 6, c - 6), rx=5,
                             fill=PALETTE["target"], fill_opacity=0.25, stroke=PALETTE["target"], stroke_width=3))
                g.add(svg.label(d, cx, cy + 8 * size, "?", max(12.0, 24 * size), text_anchor="middle",
                                font_weight="bold", fill=PALETTE["ink"]))
            else:
                g.add(svg.label(d, cx - c / 2 + 4, cy - c / 2 + 13, str(cell), 11, fill=PALETTE["muted"]))
            if last is not None and last[:2] == prefix:
                g.add(d.rect((cx - c / 2 + 1.5, cy - c / 2 + 1.5), (c - 3, c - 3), rx=5, fill="none",
                             stroke=PALETTE["ink"], stroke_width=2, stroke_dasharray="4 3"))


def _end_lines(d, at: Layout, view: dict) -> None:
    """The line(s) that ended the game, drawn beneath the marks so that the letters stay readable."""
    for line in view["end_lines"]:
        (b1, c1), (b2, c2) = line["cells"][0], line["cells"][-1]
        d.add(_stroke(d, at.cell_centre(b1, c1), at.cell_centre(b2, c2), 22, stroke="#b7791f", stroke_width=7,
                      class_="tyc-end-line"))


def _threes(d, at: Layout, view: dict) -> None:
    for three in view["threes"]:
        first, last = three["cells"][0], three["cells"][-1]
        player = three["player"]
        d.add(_stroke(d, at.cell_centre(three["board"], first), at.cell_centre(three["board"], last), 16,
                      stroke=COLOUR[player], stroke_width=5, stroke_opacity=0.6,
                      class_="tyc-three", **({"stroke_dasharray": "12 7"} if player == 1 else {})))


def _scores(d, view: dict, x: float, top: float) -> float:
    names = view["players"]
    right = (x + 165, x + 218)
    d.add(svg.label(d, x, top, "Scores", 16, font_weight="bold"))
    for p in (0, 1):
        d.add(svg.label(d, right[p], top, f"{names[p]}", 14, text_anchor="end", font_weight="bold", fill=INK[p]))
    y = top + 24
    for key, points in view["scores"].items():
        d.add(svg.label(d, x, y, CATEGORY_NAMES.get(key, key), 14))
        for p in (0, 1):
            d.add(svg.label(d, right[p], y, str(points[p]), 14, text_anchor="end"))
        y += 22
    d.add(d.line((x, y - 15), (x + 220, y - 15), stroke=PALETTE["line"], stroke_width=1))
    d.add(svg.label(d, x, y + 3, "Total", 15, font_weight="bold"))
    for p in (0, 1):
        d.add(svg.label(d, right[p], y + 3, str(view["totals"][p]), 15, text_anchor="end", font_weight="bold",
                        fill=INK[p]))
    if view["outcome"] is None:
        d.add(svg.label(d, x, y + 22, "if the game ended now", 11, fill=PALETTE["muted"]))
    return y + 48


def _letters(d, view: dict, x: float, top: float) -> float:
    d.add(svg.label(d, x, top, "Letters written", 14, font_weight="bold"))
    step, left = 18, x + 48
    for i, letter in enumerate(LETTERS):
        d.add(svg.label(d, left + i * step, top + 20, letter, 12, text_anchor="middle", fill=PALETTE["muted"],
                        font_weight="bold"))
    for p in (0, 1):
        y = top + 40 + p * 20
        d.add(svg.label(d, x, y, view["players"][p], 12, fill=INK[p], font_weight="bold"))
        for i, count in enumerate(view["letters"][p]):
            d.add(svg.label(d, left + i * step, y, str(count) if count else "·", 12, text_anchor="middle",
                            fill=INK[p] if count else PALETTE["muted"]))
    table = view["letter_table"]
    pairs = "  ".join(f"{n}:{table[n]:+d}" if table[n] else f"{n}:0" for n in range(1, 10))
    d.add(svg.label(d, x, top + 84, "Points per letter by count", 11, fill=PALETTE["muted"]))
    lines = svg.wrap(pairs, 34)
    for k, line in enumerate(lines):
        d.add(svg.label(d, x, top + 99 + 13 * k, line, 11, fill=PALETTE["muted"]))
    return top + 99 + 13 * len(lines) + 16


def _legend(d, x: float, top: float, playing: bool) -> float:
    _mark(d, d, "A", 0, x + 12, top - 5, 0.6, full=False)
    d.add(svg.label(d, x + 26, top, "Red: ring, solid lines", 12))
    _mark(d, d, "A", 1, x + 12, top + 19, 0.6, full=False)
    d.add(svg.label(d, x + 26, top + 24, "Blue: square, dashed lines", 12))
    if playing:
        d.add(svg.label(d, x, top + 52, "Click a cell, then pick a letter.", 13, fill=INK[1]))
    return top + 70


def _picker(d, pending: str, labels: dict[str, str], x: float, top: float) -> float:
    board, cell = pending[0], pending[1]
    d.add(svg.label(d, x, top, f"Board {board}, cell {cell}: pick a letter", 14, font_weight="bold"))
    size = 44
    for i, letter in enumerate(LETTERS):
        row, col = divmod(i, 3)
        lx, ly = x + 20 + col * (size + 12), top + 12 + row * (size + 6)
        action = pending + letter
        if action in labels:
            g = svg.target(d, action, labels[action])
            g.add(d.rect((lx, ly), (size, size), rx=8, fill="white", stroke=PALETTE["target"], stroke_width=2))
            g.add(svg.label(d, lx + size / 2, ly + size / 2 + 8, letter, 24, text_anchor="middle",
                            font_weight="bold", fill=INK[1]))
        else:
            g = d.add(d.g(**{"role": "img", "aria-label": f"letter {letter}, already on board {board}"}))
            g.add(d.rect((lx, ly), (size, size), rx=8, fill="#eef1f4", stroke="#d9e2ec", stroke_width=1.5))
            g.add(svg.label(d, lx + size / 2, ly + size / 2 + 8, letter, 24, text_anchor="middle",
                            fill=PALETTE["muted"]))
            g.add(d.line((lx + 10, ly + size - 10), (lx + size - 10, ly + 10), stroke=PALETTE["muted"], stroke_width=2))
    bottom = top + 12 + 3 * (size + 6) + 10
    d.add(svg.label(d, x, bottom, "Esc or another cell: change your mind", 11, fill=PALETTE["muted"]))
    return bottom + 26


def _summary(view: dict) -> str:
    """The position in brief, for the board's accessible name."""
    names = view["players"]
    counts = [sum(1 for board in view["cells"] for m in board if m and m["player"] == p) for p in (0, 1)]
    scores = f"{names[0]} {view['totals'][0]}, {names[1]} {view['totals'][1]}"
    playable = ", ".join(map(str, view["playable"]))
    return (f"Tyc. {view['status']}. Marks: {names[0]} {counts[0]}, {names[1]} {counts[1]}. "
            f"Scores{'' if view['outcome'] else ' if the game ended now'}: {scores}."
            + (f" Playable boards: {playable}." if playable else ""))


def render(view: dict, targets: Sequence[Target], pending: str | None = None,
           width: float | None = None) -> str:
    """SVG text of `view` laid out for `width`; `targets` become click targets, `pending` (a cell such as
    "51") opens the picker of its letters."""
    labels = {t.action: t.label for t in targets}
    if not (pending and len(pending) == 2 and any(len(a) == 3 and a.startswith(pending) for a in labels)):
        pending = None
    wide = width is None or width >= WIDE
    room = WIDE if wide or width is None else width
    status = svg.wrap(view["status"], int((room - 24) / 10.2))  # 17 px bold: ~10 px a letter
    top = 30 + 21 * len(status)
    at = Layout.fit(width, top)
    d = svg.canvas(at.width, 100, _summary(view))
    paper = svg.paper(d, at.width)
    svg.status_line(d, status, at.grid[0], 28, 17, 21, band=(0, top - 6), font_weight="bold")
    x, y = at.panel
    if pending is not None:
        y = _picker(d, pending, labels, x, y + 20)
    end_cells = {(b, c) for line in view["end_lines"] for b, c in line["cells"]}
    _boards(d, at, view, end_cells)
    _end_lines(d, at, view)
    _cells(d, at, view, labels, pending)
    _threes(d, at, view)
    y = _scores(d, view, x, y + 20)
    y = _letters(d, view, x, y)
    if pending is None:
        y = _legend(d, x, y + 10, bool(labels))
    height = max(y, at.grid[1] + 9 * at.cell + 2 * GAP + 12)
    return svg.fit(d, paper, height)
