"""Tic Tac Two drawn from one player's view: the main board and the tile board, side by side when there is
room (600 px), the tile board under the main board when there is not.

Everything here comes from `view`: a face-down tile is a grey "?" unless the viewer peeked at it (then
its face shows on a grey back with a dashed frame: still face down, seen by the viewer only). Every
square and tile has an accessible name; the root's name sums up the position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...core import svg
from ...core.engine import Target
from ...core.svg import PALETTE

WIDE = 600
COLOUR = {"X": svg.player_colour(0), "O": svg.player_colour(1)}
FACE = "#f5efe0"
NAMES = {"X": "X", "O": "O", "W": "Wild", "P": "Peek", "-": "blank"}
TILE_WORDS = {"X": "an X tile", "O": "an O tile", "W": "the Wild tile", "P": "the Peek tile", "-": "a blank tile"}


@dataclass(frozen=True)
class Layout:
    """Where things go: the two boards' top-left corners, the cell size and the whole size."""

    cell: float
    main: tuple[float, float]
    tiles: tuple[float, float]
    width: float
    below: float  # the top of the legend, under both boards

    @classmethod
    def fit(cls, width: float | None) -> Layout:
        if width is None or width >= WIDE:
            return cls(80, (30, 46), (330, 46), WIDE, 306)
        cell = max(30.0, min(80.0, (width - 40) / 3))
        top = 46 + 3 * cell + 44
        return cls(cell, (20, 46), (20, top), 3 * cell + 40, top + 3 * cell + 14)


def _centre(origin: tuple[float, float], square: int, cell: float) -> tuple[float, float]:
    row, col = divmod(square - 1, 3)
    return origin[0] + (col + 0.5) * cell, origin[1] + (row + 0.5) * cell


def _mark(d, mark: str, cx: float, cy: float, r: float, width: float):
    if mark == "X":
        return svg.cross(d, cx, cy, r, COLOUR["X"], width)
    return svg.ring(d, cx, cy, r + 2, COLOUR["O"], width)


def _face(d, g, tile: str, x: float, y: float, owner: str | None, named: bool = True) -> None:
    """The face of a tile (drawn for a tile 72 units wide): X or O, the Wild star, the Peek eye, a blank,
    or the split centre; each with its name under it (unless not `named`), except X and O, which show
    as marks."""
    if tile in "XO":
        g.add(_mark(d, tile, x, y, 17, 6))
        return
    if tile == "W":
        g.add(d.polygon([(x, y - 24), (x + 6, y - 12), (x + 19, y - 11), (x + 9, y - 2), (x + 12, y + 11),
                         (x, y + 4), (x - 12, y + 11), (x - 9, y - 2), (x - 19, y - 11), (x - 6, y - 12)],
                        fill=PALETTE["win"], stroke=PALETTE["ink"], stroke_width=1.5))
    elif tile == "P":
        g.add(d.ellipse((x, y - 7), (20, 11), fill="white", stroke=PALETTE["ink"], stroke_width=2))
        g.add(d.circle((x, y - 7), 5.5, fill=PALETTE["ink"]))
    elif tile == "C":
        _split_centre(d, g, x, y, owner)
        return
    if named:
        g.add(svg.label(d, x, y + 30, NAMES[tile], 12, text_anchor="middle", fill=PALETTE["ink"]))


def _split_centre(d, g, x: float, y: float, owner: str | None) -> None:
    """Row and column arms in the owner's colour, diagonal arms (dashed) in the opponent's; the words
    under them, clear of the arms."""
    if owner is None:
        straight = diagonal = PALETTE["muted"]
    else:
        other = "O" if owner == "X" else "X"
        straight, diagonal = COLOUR[owner], COLOUR[other]
    cy = y - 6
    for dx, dy in ((1, 0), (0, 1)):
        g.add(d.line((x - 20 * dx, cy - 20 * dy), (x + 20 * dx, cy + 20 * dy), stroke=straight, stroke_width=5))
    for dx, dy in ((1, 1), (1, -1)):
        g.add(d.line((x - 16 * dx, cy - 16 * dy), (x + 16 * dx, cy + 16 * dy), stroke=diagonal, stroke_width=3,
                     stroke_dasharray="4 3"))
    words = "split" if owner is None else f"{owner} + | {'O' if owner == 'X' else 'X'} ×"
    g.add(svg.label(d, x, y + 30, words, 12, text_anchor="middle"))


def _tile_words(square: int, tile: str | None, face_up: bool, owner: str | None, peeked_by: str | None) -> str:
    """What a tile shows, for screen readers."""
    where = f"tile under square {square}"
    if tile == "C":
        if owner is None:
            return f"{where}: the split centre, face up, counting for nobody yet"
        other = "O" if owner == "X" else "X"
        return f"{where}: the split centre, face up, {owner}'s: for {owner} on the middle row and column, " \
               f"for {other} on the diagonals"
    if face_up and tile is not None:  # a face-up tile is known
        return f"{where}: {TILE_WORDS[tile]}, face up"
    if tile is not None:
        return f"{where}: face down; you peeked: {TILE_WORDS[tile]}"
    return f"{where}: face down" + (f", {peeked_by} peeked at it" if peeked_by else "")


def _tile(d, g, tile: str | None, square: int, view: dict, origin, scale: float, peeked_by: str | None) -> None:
    """One tile, drawn 72 units wide and scaled to the cell."""
    cx, cy = _centre(origin, square, 80 * scale)
    face_up = view["face_up"][square - 1]
    inner = g.add(d.g(transform=f"translate({cx:g},{cy:g}) scale({scale:g})"))
    inner.add(d.rect((-36, -36), (72, 72), rx=8, ry=8, fill=FACE if face_up else PALETTE["face_down"],
                     stroke=PALETTE["line"], stroke_width=2))
    if tile is None:
        inner.add(svg.label(d, 0, 8, "?", 24, text_anchor="middle", font_weight="bold", fill=PALETTE["paper"]))
    elif face_up:
        _face(d, inner, tile, 0, 0, view["centre_owner"])
    else:  # face down, but the viewer peeked at it
        inner.add(d.rect((-29, -17), (58, 50), rx=6, ry=6, fill=FACE, stroke=PALETTE["ink"], stroke_width=1.5,
                         stroke_dasharray="4 3"))
        small = inner.add(d.g(transform="translate(0,6) scale(0.62)"))
        _face(d, small, tile, 0, 0, None, named=False)
        if tile not in "XO":  # the name at full size: scaled down it would be too small to read
            inner.add(svg.label(d, 0, 29, NAMES[tile], 11, text_anchor="middle", fill=PALETTE["ink"]))
    if peeked_by and not face_up:
        words = f"{peeked_by} peeked" if tile is None else "you peeked"
        inner.add(svg.label(d, 0, -22, words, 11, text_anchor="middle", fill=PALETTE["ink"]))


def _win_line(d, origin, squares: list[int], mark: str, cell: float):
    (x1, y1), (x2, y2) = _centre(origin, squares[0], cell), _centre(origin, squares[-1], cell)
    return d.line((x1, y1), (x2, y2), stroke=COLOUR[mark], stroke_width=10, stroke_opacity=0.45,
                  stroke_linecap="round", pointer_events="none")


def _legend(view: dict) -> str:
    """What the viewer knows about the tiles still hidden from them, and how the split centre counts."""
    unseen = Counter(view["tile_mix"])
    unseen.subtract(t for t in view["tiles"] if t is not None and t != "C")
    hidden = [f"{n} {NAMES[t]}" if t in "XO" or n > 1 else NAMES[t] for t, n in sorted(
        unseen.items(), key=lambda kv: "XOWP-".index(kv[0])) if n > 0]
    words = "Hidden tiles: " + (", ".join(hidden) if hidden else "none")
    owner = view["centre_owner"]
    if owner is None:
        return words + ". Split centre: counts for nobody yet."
    other = "O" if owner == "X" else "X"
    return words + f". Split centre: {owner} on the middle row and column, {other} on the diagonals."


def _summary(view: dict) -> str:
    """The position in brief, for the board's accessible name."""
    marks = view["marks"]
    placed = [f"{m} on " + ", ".join(str(i + 1) for i in range(9) if marks[i] == m) for m in "XO" if m in marks]
    up = [f"{NAMES.get(t, 'split centre')} under {i + 1}" for i, t in enumerate(view["tiles"])
          if view["face_up"][i] and t != "C"]
    down = view["face_up"].count(False)
    return (f"Tic Tac Two. {view['status']}. Main board: {'; '.join(placed) or 'empty'}. "
            f"Tiles face up: {', '.join(up) or 'only the split centre'}; {down} face down.")


def _square_words(square: int, mark: str | None) -> str:
    return f"square {square}, empty" if mark is None else f"square {square}: {mark}"


def render(view: dict, targets: Sequence[Target], pending: str | None = None,
           width: float | None = None) -> str:
    at = Layout.fit(width)
    cell, scale = at.cell, at.cell / 80
    legend = svg.wrap(_legend(view), int((at.width - 40) / 6.4))
    status = svg.wrap(view["status"], int((at.width - 40) / 8.2))
    height = at.below + 16 * len(legend) + 8 + 20 * len(status) + 6
    d = svg.canvas(at.width, height, _summary(view))
    d.add(d.rect((0, 0), (at.width, height), fill=PALETTE["paper"]))
    d.add(svg.label(d, at.main[0], 30, "Main board", 15, font_weight="bold"))
    d.add(svg.label(d, at.tiles[0], at.tiles[1] - 16, "Tile board", 15, font_weight="bold"))
    if view["last"] in {str(i) for i in range(1, 10)}:
        x, y = _centre(at.main, int(view["last"]), cell)
        d.add(d.rect((x - cell / 2 + 3, y - cell / 2 + 3), (cell - 6, cell - 6), rx=6, fill=PALETTE["highlight"],
                     fill_opacity=0.25))
    d.add(svg.grid_lines(d, *at.main, cell))
    labels = {t.action: t.label for t in targets}
    peeked = {p["square"]: p["by"] for p in view["peeks"]}
    for square in range(1, 10):
        mark = view["marks"][square - 1]
        x, y = _centre(at.main, square, cell)
        if str(square) in labels:
            g = svg.target(d, str(square), labels[str(square)])
            g.add(d.rect((x - cell / 2 + 4, y - cell / 2 + 4), (cell - 8, cell - 8), rx=6,
                         fill=PALETTE["target"], fill_opacity=0.06))
        else:
            g = d.add(d.g(**{"role": "img", "aria-label": _square_words(square, mark)}))
        if mark:
            g.add(_mark(d, mark, x, y, 24 * scale, 7 * scale))
        else:
            g.add(svg.label(d, x - cell / 2 + 7, y - cell / 2 + 18, str(square), 12, fill=PALETTE["muted"]))
        tile = view["tiles"][square - 1]
        words = _tile_words(square, tile, view["face_up"][square - 1], view["centre_owner"], peeked.get(square))
        action = f"peek {square}"
        if action in labels:
            t = svg.target(d, action, labels[action])
            tx, ty = _centre(at.tiles, square, cell)
            t.add(d.rect((tx - 38 * scale, ty - 38 * scale), (76 * scale, 76 * scale), rx=10, ry=10, fill="none",
                         stroke=PALETTE["target"], stroke_width=2.5, stroke_dasharray="6 3"))
            t = t.add(d.g())
        else:
            t = d.add(d.g(**{"role": "img", "aria-label": words}))
        _tile(d, t, tile, square, view, at.tiles, scale, peeked.get(square))
    for line in view["lines"]:
        origin = at.main if line["board"] == "main board" else at.tiles
        d.add(_win_line(d, origin, line["squares"], line["player"], cell))
    for i, words in enumerate(legend):
        d.add(svg.label(d, at.main[0], at.below + 16 * i, words, 12, fill=PALETTE["muted"]))
    top = at.below + 16 * len(legend) + 18
    svg.status_line(d, status, at.main[0], top, 15, 20, band=(top - 16, height),
                    font_weight="bold" if view["outcome"] else "normal")
    return svg.to_text(d)
