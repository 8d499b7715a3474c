"""Tic Tac Two drawn from one player's view: the main board on the left, the tile board on the right.

Everything here comes from `view`: a face-down tile is a grey "?" unless the viewer peeked at it (then
its face shows on a grey back with a dashed frame: still face down, seen by the viewer only).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ... import svg
from ...engine import Target
from ...svg import PALETTE

CELL = 80
MAIN = (30, 46)
TILES = (330, 46)
WIDTH, HEIGHT = 600, 384
COLOUR = {"X": PALETTE["player"][0], "O": PALETTE["player"][1]}
FACE = "#f5efe0"
NAMES = {"X": "X", "O": "O", "W": "Wild", "P": "Peek", "-": "blank"}


def _centre(origin: tuple[int, int], square: int) -> tuple[float, float]:
    row, col = divmod(square - 1, 3)
    return origin[0] + (col + 0.5) * CELL, origin[1] + (row + 0.5) * CELL


def _mark(d, mark: str, cx: float, cy: float, r: float = 24, width: float = 7):
    if mark == "X":
        return svg.cross(d, cx, cy, r, COLOUR["X"], width)
    return svg.ring(d, cx, cy, r + 2, COLOUR["O"], width)


def _face(d, g, tile: str, x: float, y: float, owner: str | None) -> None:
    """The face of a tile: X or O, the Wild star, the Peek eye, a blank, or the split centre."""
    if tile in "XO":
        g.add(_mark(d, tile, x, y, 17, 6))
    elif tile == "W":
        g.add(d.polygon([(x, y - 21), (x + 7, y - 7), (x + 21, y - 6), (x + 10, y + 4), (x + 13, y + 19),
                         (x, y + 11), (x - 13, y + 19), (x - 10, y + 4), (x - 21, y - 6), (x - 7, y - 7)],
                        fill=PALETTE["win"], stroke=PALETTE["ink"], stroke_width=1.5))
        g.add(svg.label(d, x, y + 31, "Wild", 10, text_anchor="middle"))
    elif tile == "P":
        g.add(d.ellipse((x, y - 2), (21, 12), fill="white", stroke=PALETTE["ink"], stroke_width=2))
        g.add(d.circle((x, y - 2), 6, fill=PALETTE["ink"]))
        g.add(svg.label(d, x, y + 31, "Peek", 10, text_anchor="middle"))
    elif tile == "-":
        g.add(svg.label(d, x, y + 31, "blank", 10, text_anchor="middle", fill=PALETTE["muted"]))
    elif tile == "C":
        _split_centre(d, g, x, y, owner)


def _tile(d, g, tile: str | None, square: int, view: dict, peeked_by: str | None) -> None:
    x, y = _centre(TILES, square)
    face_up = view["face_up"][square - 1]
    g.add(d.rect((x - 36, y - 36), (72, 72), rx=8, ry=8, fill=FACE if face_up else PALETTE["face_down"],
                 stroke=PALETTE["line"], stroke_width=2))
    if tile is None:
        g.add(svg.label(d, x, y + 7, "?", 22, text_anchor="middle", fill=PALETTE["paper"]))
    elif face_up:
        _face(d, g, tile, x, y, view["centre_owner"])
    else:  # face down, but the viewer peeked at it
        g.add(d.rect((x - 28, y - 22), (56, 53), rx=6, ry=6, fill=FACE, stroke=PALETTE["ink"], stroke_width=1.5,
                     stroke_dasharray="4 3"))
        small = g.add(d.g(transform=f"translate({x:g},{y + 2:g}) scale(0.72) translate({-x:g},{-y:g})"))
        _face(d, small, tile, x, y, None)
    if peeked_by and not face_up:
        words = f"{peeked_by} peeked" if tile is None else "you peeked"
        g.add(svg.label(d, x - 33, y - 26, words, 9, fill=PALETTE["ink"], font_weight="bold"))


def _split_centre(d, g, x: float, y: float, owner: str | None) -> None:
    """Row and column arms in the owner's colour, diagonal arms (dashed) in the opponent's."""
    if owner is None:
        straight = diagonal = PALETTE["muted"]
    else:
        other = "O" if owner == "X" else "X"
        straight, diagonal = COLOUR[owner], COLOUR[other]
    for dx, dy in ((1, 0), (0, 1)):
        g.add(d.line((x - 26 * dx, y - 26 * dy), (x + 26 * dx, y + 26 * dy), stroke=straight, stroke_width=5))
    for dx, dy in ((1, 1), (1, -1)):
        g.add(d.line((x - 22 * dx, y - 22 * dy), (x + 22 * dx, y + 22 * dy), stroke=diagonal, stroke_width=3,
                     stroke_dasharray="4 3"))
    words = "split" if owner is None else f"{owner} + | {'O' if owner == 'X' else 'X'} ×"
    g.add(svg.label(d, x, y + 31, words, 10, text_anchor="middle"))


def _win_line(d, origin: tuple[int, int], squares: list[int], mark: str):
    (x1, y1), (x2, y2) = _centre(origin, squares[0]), _centre(origin, squares[-1])
    return d.line((x1, y1), (x2, y2), stroke=COLOUR[mark], stroke_width=10, stroke_opacity=0.45,
                  stroke_linecap="round")


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


def render(view: dict, targets: Sequence[Target], pending: str | None = None,
           width: float | None = None) -> str:
    actions = [t.action for t in targets]
    title = f"Tic Tac Two. {view['status']}"
    d = svg.canvas(WIDTH, HEIGHT, title)
    d.add(d.rect((0, 0), (WIDTH, HEIGHT), fill=PALETTE["paper"]))
    d.add(svg.label(d, MAIN[0], 30, "Main board", 15, font_weight="bold"))
    d.add(svg.label(d, TILES[0], 30, "Tile board", 15, font_weight="bold"))
    if view["last"] in {str(i) for i in range(1, 10)}:
        x, y = _centre(MAIN, int(view["last"]))
        d.add(d.rect((x - CELL / 2 + 3, y - CELL / 2 + 3), (CELL - 6, CELL - 6), rx=6, fill=PALETTE["highlight"],
                     fill_opacity=0.25))
    d.add(svg.grid_lines(d, *MAIN, CELL))
    live = set(actions)
    peeked = {p["square"]: p["by"] for p in view["peeks"]}
    for square in range(1, 10):
        mark = view["marks"][square - 1]
        x, y = _centre(MAIN, square)
        if str(square) in live:
            g = svg.target(d, str(square), f"square {square}, empty")
            g.add(d.rect((x - CELL / 2 + 4, y - CELL / 2 + 4), (CELL - 8, CELL - 8), rx=6,
                         fill=PALETTE["target"], fill_opacity=0.06))
        else:
            g = d.add(d.g())
        if mark:
            g.add(_mark(d, mark, x, y))
        else:
            g.add(svg.label(d, x - CELL / 2 + 8, y - CELL / 2 + 18, str(square), 11, fill=PALETTE["muted"]))
        action = f"peek {square}"
        if action in live:
            t = svg.target(d, action, f"tile under square {square}, face down: peek at it")
            tx, ty = _centre(TILES, square)
            t.add(d.rect((tx - 38, ty - 38), (76, 76), rx=10, ry=10, fill="none", stroke=PALETTE["target"],
                         stroke_width=2.5, stroke_dasharray="6 3"))
        else:
            t = d.add(d.g())
        _tile(d, t, view["tiles"][square - 1], square, view, peeked.get(square))
    for line in view["lines"]:
        origin = MAIN if line["board"] == "main board" else TILES
        d.add(_win_line(d, origin, line["squares"], line["player"]))
    for i, words in enumerate(svg.wrap(_legend(view), 92)[:2]):
        d.add(svg.label(d, 30, 306 + 15 * i, words, 11.5, fill=PALETTE["muted"]))
    for i, words in enumerate(svg.wrap(view["status"], 68)[:2]):
        d.add(svg.label(d, 30, 348 + 20 * i, words, 15, font_weight="bold" if view["outcome"] else "normal"))
    return svg.to_text(d)
