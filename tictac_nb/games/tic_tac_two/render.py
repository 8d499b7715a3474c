"""Tic Tac Two drawn from one player's view: the main board on the left, the tile board on the right."""

from __future__ import annotations

from collections.abc import Sequence

from ... import svg
from ...svg import PALETTE

CELL = 80
MAIN = (30, 46)
TILES = (330, 46)
COLOUR = {"X": PALETTE["player"][0], "O": PALETTE["player"][1]}


def _centre(origin: tuple[int, int], square: int) -> tuple[float, float]:
    row, col = divmod(square - 1, 3)
    return origin[0] + (col + 0.5) * CELL, origin[1] + (row + 0.5) * CELL


def _mark(d, mark: str, cx: float, cy: float, r: float = 24, width: float = 7):
    if mark == "X":
        return svg.cross(d, cx, cy, r, COLOUR["X"], width)
    return svg.ring(d, cx, cy, r + 2, COLOUR["O"], width)


def _tile(d, tile: str | None, square: int, view: dict):
    x, y = _centre(TILES, square)
    g = d.g()
    face = PALETTE["face_down"] if tile is None else "#f5efe0"
    g.add(d.rect((x - 36, y - 36), (72, 72), rx=8, ry=8, fill=face, stroke=PALETTE["line"], stroke_width=2))
    if tile is None:
        g.add(svg.label(d, x, y + 6, "?", 20, text_anchor="middle", fill=PALETTE["paper"]))
    elif tile in "XO":
        g.add(_mark(d, tile, x, y, 18, 6))
    elif tile == "W":
        g.add(d.polygon([(x, y - 22), (x + 7, y - 7), (x + 22, y - 6), (x + 10, y + 5), (x + 14, y + 21),
                         (x, y + 12), (x - 14, y + 21), (x - 10, y + 5), (x - 22, y - 6), (x - 7, y - 7)],
                        fill=PALETTE["win"], stroke=PALETTE["ink"], stroke_width=1.5))
        g.add(svg.label(d, x, y + 33, "Wild", 10, text_anchor="middle"))
    elif tile == "P":
        g.add(d.ellipse((x, y), (22, 12), fill="white", stroke=PALETTE["ink"], stroke_width=2))
        g.add(d.circle((x, y), 6, fill=PALETTE["ink"]))
        g.add(svg.label(d, x, y + 33, "Peek", 10, text_anchor="middle"))
    elif tile == "C":
        _split_centre(d, g, x, y, view["centre_owner"])
    if tile is not None and not view["face_up"][square - 1]:
        g.add(d.rect((x - 32, y - 32), (64, 64), rx=6, ry=6, fill="none", stroke=PALETTE["target"],
                     stroke_width=2, stroke_dasharray="5 4"))
        g.add(svg.label(d, x + 30, y - 22, "seen", 9, text_anchor="end", fill=PALETTE["target"]))
    return g


def _split_centre(d, g, x: float, y: float, owner: str | None) -> None:
    """Row and column arms in the owner's colour, diagonal arms in the opponent's."""
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
    words = "split" if owner is None else f"{owner} | {'O' if owner == 'X' else 'X'}"
    g.add(svg.label(d, x, y + 33, words, 10, text_anchor="middle"))


def _win_line(d, origin: tuple[int, int], squares: list[int], mark: str):
    (x1, y1), (x2, y2) = _centre(origin, squares[0]), _centre(origin, squares[-1])
    return d.line((x1, y1), (x2, y2), stroke=COLOUR[mark], stroke_width=10, stroke_opacity=0.45,
                  stroke_linecap="round")


def render(view: dict, actions: Sequence[str], pending: str | None = None) -> str:
    title = f"Tic Tac Two. {view['status']}"
    d = svg.canvas(600, 340, title)
    d.add(d.rect((0, 0), (600, 340), fill=PALETTE["paper"]))
    d.add(svg.label(d, MAIN[0], 30, "Main board", 15, font_weight="bold"))
    d.add(svg.label(d, TILES[0], 30, "Tile board", 15, font_weight="bold"))
    d.add(svg.grid_lines(d, *MAIN, CELL))
    live = set(actions)
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
        tile = view["tiles"][square - 1]
        action = f"peek {square}"
        if action in live:
            t = svg.target(d, action, f"tile under square {square}, face down: peek at it")
            t.add(_tile(d, tile, square, view))
        else:
            d.add(_tile(d, tile, square, view))
    for peek in view["peeks"]:
        x, y = _centre(TILES, peek["square"])
        d.add(svg.label(d, x - 32, y - 22, f"{peek['by']} peeked", 9, fill=PALETTE["ink"]))
    for line in view["lines"]:
        origin = MAIN if line["board"] == "main board" else TILES
        d.add(_win_line(d, origin, line["squares"], line["player"]))
    d.add(svg.label(d, 30, 318, view["status"], 15))
    return svg.to_text(d)
