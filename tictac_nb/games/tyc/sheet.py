"""Tyc's box on paper: the sheet of nine boards, and a score sheet with the letter table the options set."""

from __future__ import annotations

from ...classroom.printing import Component
from ...core import svg
from ...core.svg import PALETTE
from .render import CATEGORY_NAMES, COLOUR, TINT
from .rules import CATEGORIES, LETTERS, PLAYERS, Tyc

UNIT = 2.0     # drawing units per mm
CELL = 19.0    # mm
GAP = 5.0      # mm between boards
TITLE = 12.0   # mm above the boards


NOTES = ("Three-in-a-row: 2 points for the first line of three of your colour on a board (letters play no part). "
         "Line bonus: 1 point per mark of yours on the line that ended the game. Area majority: on each board, "
         "more marks scores its empty cells (a tie: nobody). A letter can be written at most nine times, "
         "once per board.")


def components(state: Tyc) -> list[Component]:
    return [_boards(), _score_sheet(state.options["letter_table"])]


def _boards() -> Component:
    cell, gap, top = CELL * UNIT, GAP * UNIT, TITLE * UNIT
    size = 9 * cell + 2 * gap
    d = svg.canvas(size, size + top, "Tyc: the sheet of nine boards")
    d.add(svg.label(d, 0, 13, "Tyc: nine boards", 11, font_weight="bold"))
    d.add(svg.label(d, size, 13, "write A to I in your colour; the cell you write in names your opponent's board",
                    6.5, text_anchor="end", fill=PALETTE["muted"]))
    for board in range(9):
        row, col = divmod(board, 3)
        x, y = col * (3 * cell + gap), top + row * (3 * cell + gap)
        d.add(svg.label(d, x + 1.5 * cell, y + 1.5 * cell + 22, str(board + 1), 64, text_anchor="middle",
                        fill="#eef0f2", font_weight="bold"))
        d.add(svg.grid_lines(d, x, y, cell, stroke_width=2))
        for c in range(9):
            r, k = divmod(c, 3)
            d.add(svg.label(d, x + k * cell + 3, y + r * cell + 8, str(c + 1), 5.5, fill=PALETTE["muted"]))
    return Component("Sheets", "nine boards", svg.to_text(d), size / UNIT, (size + top) / UNIT, cut=False)


def _score_sheet(table: tuple[int, ...]) -> Component:
    width, row = 190 * UNIT, 9.5 * UNIT
    top = 30.0
    rows = len(LETTERS) + len(CATEGORIES) + 2
    height = top + rows * row + 56
    d = svg.canvas(width, height, "Tyc: the score sheet")
    d.add(svg.label(d, 0, 14, "Tyc: score sheet", 11, font_weight="bold"))
    d.add(svg.label(d, 0, 26, "Letter bonus, points for writing one letter n times:  "
                    + ",  ".join(f"{n}: {p:+d}" if p else f"{n}: 0" for n, p in enumerate(table)), 6.5))
    columns = [("", 90)] + [(f"{p} {what}", 72.5) for p in PLAYERS for what in ("times", "points")]
    x = 0.0
    for i, (words, w) in enumerate(columns):
        if i:
            d.add(d.rect((x, top), (w, row), fill=TINT[(i - 1) // 2]))
            d.add(svg.label(d, x + w / 2, top + 13, words, 7, text_anchor="middle", font_weight="bold",
                            fill=COLOUR[(i - 1) // 2]))
        x += w
    labels = [f"letter {letter}" for letter in LETTERS] + ["Letter bonus (sum)"]
    labels += [CATEGORY_NAMES[c] for c in CATEGORIES if c != "letter bonus"] + ["Total"]
    for i, words in enumerate(labels):
        y = top + (i + 1) * row
        d.add(d.line((0, y), (x, y), stroke=PALETTE["line"], stroke_width=0.8))
        d.add(svg.label(d, 4, y + 13, words, 7, font_weight="bold" if i >= len(LETTERS) else "normal"))
    bottom = top + rows * row
    d.add(d.line((0, bottom), (x, bottom), stroke=PALETTE["line"], stroke_width=0.8))
    edge = 0.0
    for _, w in columns:
        edge += w
        d.add(d.line((edge, top), (edge, bottom), stroke=PALETTE["line"], stroke_width=0.8))
    for i, words in enumerate(svg.wrap(NOTES, 100)):
        d.add(svg.label(d, 0, bottom + 16 + 11 * i, words, 6.5))
    return Component("Sheets", "score sheet", svg.to_text(d), width / UNIT, height / UNIT, cut=False)
