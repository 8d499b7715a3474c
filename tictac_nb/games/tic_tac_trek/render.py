"""Tic Tac Trek drawn from a view: the map of placed tiles, and beside it when there is room (or under it
when there is not) the drawn tile, the bag and the campfires.

The map grows with the game: its frame fits the placed tiles plus one cell all round (where every
legal cell and every empty neighbour of a campfire lies), with the x and y of each column and row on
rulers along its edges; its cells shrink to fit the width. Terrain shows as a colour and a pictogram,
so the map reads without colour too; the two campfires differ by shape (crossed logs for X, a ring of
stones for O) as well as colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core import svg
from ...core.engine import Target
from ...core.svg import PALETTE

CELL = 60  # the largest cell; cells shrink to fit the width, down to SMALLEST
SMALLEST = 28  # a target inset by 2 on each side stays 24 px wide
WIDE = 760
TOP = 64
LEFT = 12
RULER = 24  # room for the row numbers left of the map (the column numbers go above it)
SIDE = 214
COLOUR = {"X": svg.player_colour(0), "O": svg.player_colour(1)}
TERRAIN_FILL = {"mountain": "#bcae9f", "desert": "#f1d48e", "grassland": "#b7dd80", "forest": "#5f9a55",
                "lake": "#82c6ec"}
TERRAIN_INK = {"mountain": "#5b4d40", "desert": "#8a6a1f", "grassland": "#3f7a24", "forest": "#1f4d1c",
               "lake": "#1d5f8f"}
ORDER = ("mountain", "desert", "grassland", "forest", "lake")


def pictogram(d, terrain: str, cx: float, cy: float, r: float = 10):
    """A small badge that names the terrain by shape: peaks, cactus, grass, pine, waves."""
    g = d.g()
    ink = TERRAIN_INK[terrain]
    g.add(d.circle((cx, cy), r, fill=PALETTE["paper"], stroke=ink, stroke_width=1.2))
    s = r / 10
    if terrain == "mountain":
        g.add(d.polygon([(cx - 8 * s, cy + 5 * s), (cx - 2 * s, cy - 5 * s), (cx + 4 * s, cy + 5 * s)], fill=ink))
        g.add(d.polygon([(cx - 1 * s, cy + 5 * s), (cx + 3.5 * s, cy - 2 * s), (cx + 8 * s, cy + 5 * s)],
                        fill=ink, fill_opacity=0.7))
        g.add(d.polygon([(cx - 3.8 * s, cy - 2 * s), (cx - 2 * s, cy - 5 * s), (cx - 0.2 * s, cy - 2 * s)],
                        fill="white"))
    elif terrain == "desert":
        p = d.g(stroke=ink, stroke_width=2.2 * s, stroke_linecap="round", fill="none")
        p.add(d.line((cx, cy - 7 * s), (cx, cy + 7 * s)))
        p.add(d.polyline([(cx - 5 * s, cy - 4 * s), (cx - 5 * s, cy), (cx, cy)]))
        p.add(d.polyline([(cx + 5 * s, cy - 2 * s), (cx + 5 * s, cy + 2 * s), (cx, cy + 2 * s)]))
        g.add(p)
    elif terrain == "grassland":
        p = d.g(stroke=ink, stroke_width=1.8 * s, stroke_linecap="round", fill="none")
        for dx, top in ((-5, -3), (0, -7), (5, -3)):
            p.add(d.path(d=f"M{cx + dx * 0.4 * s:g},{cy + 6 * s:g} Q{cx + dx * 0.6 * s:g},{cy:g} "
                           f"{cx + dx * s:g},{cy + top * s:g}"))
        g.add(p)
    elif terrain == "forest":
        g.add(d.polygon([(cx, cy - 8 * s), (cx - 6 * s, cy + 3 * s), (cx + 6 * s, cy + 3 * s)], fill=ink))
        g.add(d.rect((cx - 1.5 * s, cy + 3 * s), (3 * s, 4.5 * s), fill="#7a4a21"))
    else:
        p = d.g(stroke=ink, stroke_width=1.8 * s, stroke_linecap="round", fill="none")
        for dy in (-2.5, 3):
            y = cy + dy * s
            p.add(d.path(d=f"M{cx - 7 * s:g},{y:g} q{3.5 * s:g},{-3 * s:g} {7 * s:g},0 t{7 * s:g},0"))
        g.add(p)
    return g


def symbol(d, mark: str, cx: float, cy: float, r: float = 13, width: float = 5, opacity: float = 1.0):
    """X or O with a white halo, readable on every terrain."""
    g = d.g(opacity=opacity)
    if mark == "X":
        g.add(svg.cross(d, cx, cy, r, "white", width + 4))
        g.add(svg.cross(d, cx, cy, r, COLOUR["X"], width))
    else:
        g.add(svg.ring(d, cx, cy, r + 1, "white", width + 4))
        g.add(svg.ring(d, cx, cy, r + 1, COLOUR["O"], width))
    return g


def campfire(d, owner: str, cx: float, cy: float, r: float = 12):
    """A campfire: a flame over crossed logs (X) or inside a ring of stones (O)."""
    g = d.g()
    s = r / 12
    g.add(d.circle((cx, cy), r, fill="#3a2b1f", stroke="white", stroke_width=1.5))
    if owner == "X":
        logs = d.g(stroke=COLOUR["X"], stroke_width=3.2 * s, stroke_linecap="round")
        logs.add(d.line((cx - 7 * s, cy + 2 * s), (cx + 7 * s, cy + 8 * s)))
        logs.add(d.line((cx - 7 * s, cy + 8 * s), (cx + 7 * s, cy + 2 * s)))
        g.add(logs)
    else:
        g.add(d.circle((cx, cy + 1 * s), 8.2 * s, fill="none", stroke=COLOUR["O"], stroke_width=2.6 * s,
                       stroke_dasharray=f"{3 * s:g} {1.6 * s:g}"))
    g.add(d.path(d=f"M{cx:g},{cy - 9 * s:g} C{cx + 6 * s:g},{cy - 3 * s:g} {cx + 5 * s:g},{cy + 5 * s:g} "
                   f"{cx:g},{cy + 5 * s:g} C{cx - 5 * s:g},{cy + 5 * s:g} {cx - 6 * s:g},{cy - 2 * s:g} "
                   f"{cx:g},{cy - 9 * s:g} Z", fill="#f08a24"))
    g.add(d.path(d=f"M{cx:g},{cy - 3 * s:g} C{cx + 3 * s:g},{cy:g} {cx + 2.5 * s:g},{cy + 4 * s:g} "
                   f"{cx:g},{cy + 4 * s:g} C{cx - 2.5 * s:g},{cy + 4 * s:g} {cx - 3 * s:g},{cy:g} "
                   f"{cx:g},{cy - 3 * s:g} Z", fill="#ffd84a"))
    return g


def tile(d, terrain: str, mark: str | None, x: float, y: float, size: float = CELL, fire: str | None = None,
         where: str | None = None):
    """One tile with its top-left corner at (x, y): terrain colour and pictogram, symbol, campfire."""
    words = f"{terrain} tile" + (f" at {where}" if where else "") + (f" showing {mark}" if mark else "")
    words += f", with {fire}'s campfire" if fire else ""
    s = size / CELL
    g = d.g(**{"class": "ttn-trek-tile", "role": "img", "aria-label": words})
    g.add(d.rect((x + 1.5, y + 1.5), (size - 3, size - 3), rx=7 * s, ry=7 * s, fill=TERRAIN_FILL[terrain],
                 stroke=PALETTE["line"], stroke_width=1.5))
    g.add(pictogram(d, terrain, x + 13 * s, y + 13 * s, 9 * s))
    if mark:
        g.add(symbol(d, mark, x + size / 2, y + size / 2 + 2 * s, 13 * s, 5 * max(s, 0.6),
                     opacity=0.35 if fire else 1.0))
    if fire:
        g.add(campfire(d, fire, x + size - 15 * s, y + size - 15 * s, 12 * s))
    return g


def _parse(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


@dataclass(frozen=True)
class Layout:
    """The map's first cell (`minx`, `miny`), its size in cells, the cell size, where the map and the
    panel go, and the whole width."""

    minx: int
    miny: int
    cols: int
    rows: int
    cell: float
    map: tuple[float, float]
    panel: tuple[float, float]
    width: float

    @classmethod
    def fit(cls, tiles: list[dict], width: float | None) -> Layout:
        xs, ys = [t["x"] for t in tiles] or [0], [t["y"] for t in tiles] or [0]
        minx, miny = min(xs) - 1, min(ys) - 1
        cols, rows = max(xs) - minx + 2, max(ys) - miny + 2
        room = min(width or WIDE, WIDE)
        origin = (LEFT + RULER, TOP + 18)
        cell = min(CELL, (room - LEFT - RULER - 20 - SIDE - 12) / cols)
        if cell >= 40:
            map_w = cols * cell
            return cls(minx, miny, cols, rows, cell, origin, (origin[0] + map_w + 20, TOP), origin[0] + map_w + 20
                       + SIDE + 12)
        cell = max(SMALLEST, min(CELL, (room - 2 * LEFT - RULER) / cols))
        map_w = cols * cell
        below = origin[1] + rows * cell + 24
        return cls(minx, miny, cols, rows, cell, origin, (LEFT, below), max(origin[0] + map_w, SIDE) + LEFT)

    def corner(self, x: int, y: int) -> tuple[float, float]:
        return self.map[0] + (x - self.minx) * self.cell, self.map[1] + (y - self.miny) * self.cell


def _rulers(d, at: Layout) -> None:
    """The x of each column above the map and the y of each row left of it."""
    for i in range(at.cols):
        x, _ = at.corner(at.minx + i, at.miny)
        d.add(svg.label(d, x + at.cell / 2, at.map[1] - 6, str(at.minx + i), 11, text_anchor="middle",
                        fill=PALETTE["muted"]))
    for j in range(at.rows):
        _, y = at.corner(at.minx, at.miny + j)
        d.add(svg.label(d, at.map[0] - 5, y + at.cell / 2 + 4, str(at.miny + j), 11, text_anchor="end",
                        fill=PALETTE["muted"]))


def _summary(view: dict) -> str:
    """The position in brief, for the board's accessible name."""
    fires = "; ".join(f"{mark} {view['campfires_placed'][mark]} on the map, {view['scores'][mark]:g} points"
                      for mark in ("X", "O"))
    return (f"Tic Tac Trek. {view['status']}. {len(view['tiles'])} tiles on the map. Campfires: {fires}. "
            f"In the bag: {view['bag_size']}.")


def render(view: dict, targets: Sequence[Target], pending: str | None = None,
           width: float | None = None) -> str:
    tiles = view["tiles"]
    at = Layout.fit(tiles, width)
    cell = at.cell
    d = svg.canvas(at.width, 100, _summary(view))
    paper = svg.paper(d, at.width)
    svg.page_band(d.add(svg.label(d, LEFT, 30, "Tic Tac Trek", 20, font_weight="bold")), 0, 36)
    d.add(svg.label(d, LEFT, 52, f"{len(tiles)} tiles placed; x grows to the right, y downwards", 12,
                    fill=PALETTE["muted"]))
    d.add(d.rect(at.map, (at.cols * cell, at.rows * cell), rx=10, ry=10, fill="#f3efe4", stroke=PALETTE["muted"],
                 stroke_width=1, **{"class": "ttn-trek-map", "data-cells": f"{at.cols}x{at.rows}",
                                    "data-corner": f"{at.minx},{at.miny}"}))
    _rulers(d, at)
    labels = {t.action: t.label for t in targets}
    for t in tiles:
        px, py = at.corner(t["x"], t["y"])
        where = f"{t['x']},{t['y']}"
        drawing = tile(d, t["terrain"], t["symbol"], px, py, cell, fire=t["campfire"], where=where)
        if f"fire {where}" in labels:
            g = svg.target(d, f"fire {where}", labels[f"fire {where}"])
            g.add(d.rect((px + 1, py + 1), (cell - 2, cell - 2), rx=8, ry=8, fill=PALETTE["target"],
                         fill_opacity=0.15, stroke=PALETTE["target"], stroke_width=2.5))
            g.add(drawing)
        else:
            d.add(drawing)
    if view["last"]:
        px, py = at.corner(*_parse(view["last"]))
        d.add(d.rect((px + 1, py + 1), (cell - 2, cell - 2), rx=8, ry=8, fill="none",
                     stroke=PALETTE["highlight"], stroke_width=3.5))
    by_cell = {(t["x"], t["y"]): t for t in tiles}
    for line in view["lines"]:
        (x1, y1), (x2, y2) = _parse(line[0]), _parse(line[-1])
        mark = by_cell[(x1, y1)]["symbol"]
        a, b = at.corner(x1, y1), at.corner(x2, y2)
        d.add(d.line((a[0] + cell / 2, a[1] + cell / 2 + 2), (b[0] + cell / 2, b[1] + cell / 2 + 2),
                     stroke=COLOUR[mark], stroke_width=8, stroke_opacity=0.45, stroke_linecap="round"))
    if view["pending"]:
        px, py = at.corner(*_parse(view["pending"]))
        r = 12 * cell / CELL
        d.add(d.circle((px + cell - 15 * cell / CELL, py + cell - 15 * cell / CELL), r, fill="none",
                       stroke=PALETTE["ink"], stroke_width=2, stroke_dasharray="4 3"))
    inset = 4 if cell >= 40 else 2
    for action, label in labels.items():
        if action.startswith("fire ") or action == "keep":
            continue
        px, py = at.corner(*_parse(action))
        g = svg.target(d, action, label)
        g.add(d.rect((px + inset, py + inset), (cell - 2 * inset, cell - 2 * inset), rx=7, ry=7,
                     fill=PALETTE["target"], fill_opacity=0.10, stroke=PALETTE["target"], stroke_width=1.5,
                     stroke_dasharray="5 3"))
        ghost = pictogram(d, view["drawn"], px + cell / 2, py + cell / 2, 9 * cell / CELL)
        ghost["opacity"] = 0.5
        g.add(ghost)
    if view["phase"] == "over":
        _scoring(d, view, at)
    y = _side(d, view, *at.panel, labels)
    y = max(y, at.map[1] + at.rows * cell) + 30
    status = svg.wrap(view["status"], max(24, int((at.width - 2 * LEFT) / 8)))
    svg.status_line(d, status, LEFT, y, 15, 19, band=(y - 20, y + 19 * len(status)))
    return svg.fit(d, paper, y + 19 * len(status))


def _scoring(d, view: dict, at: Layout) -> None:
    """Each campfire's points, and in each empty neighbour a small mark pointing at the campfire it scores for."""
    cell = at.cell
    for fire in view["campfire_points"]:
        fx, fy = _parse(fire["cell"])
        px, py = at.corner(fx, fy)
        for empty in fire["empty"]:
            ex, ey = _parse(empty)
            qx, qy = at.corner(ex, ey)
            d.add(d.rect((qx + 3, qy + 3), (cell - 6, cell - 6), rx=7, ry=7, fill=PALETTE["win"], fill_opacity=0.10))
            cx = qx + cell / 2 + (fx - ex) * cell * 0.3
            cy = qy + cell / 2 + (fy - ey) * cell * 0.3
            mark = fire["owner"]
            if mark == "X":
                d.add(svg.cross(d, cx, cy, 4, COLOUR["X"], 2.5))
            else:
                d.add(svg.ring(d, cx, cy, 4.5, COLOUR["O"], 2.5))
        badge = d.add(d.g(**{"class": "ttn-trek-points", "role": "img", "aria-label": f"{fire['owner']}'s campfire at "
                             f"{fire['cell']} scores {fire['points']}"}))
        badge.add(d.rect((px + cell - 30, py + 2), (28, 18), rx=8, ry=8, fill="white",
                         stroke=COLOUR[fire["owner"]], stroke_width=1.5))
        badge.add(svg.label(d, px + cell - 16, py + 15.5, f"+{fire['points']}", 12, text_anchor="middle",
                            font_weight="bold"))


def _side(d, view: dict, x: float, y: float, labels: dict[str, str]) -> float:
    """The drawn tile (or the campfire decision, or the result), the bag and the campfires; returns the bottom."""
    mover = None if view["to_move"] is None else view["players"][view["to_move"]]
    if view["drawn"]:
        d.add(svg.label(d, x, y + 14, f"Drawn by {mover}", 14, font_weight="bold"))
        d.add(tile(d, view["drawn"], mover, x, y + 22))
        d.add(svg.label(d, x + CELL + 10, y + 50, view["drawn"], 14))
        if view["fallback"]:
            d.add(svg.label(d, x + CELL + 10, y + 68, "no match: any spot", 11, fill=PALETTE["muted"]))
    elif view["phase"] == "campfire":
        d.add(svg.label(d, x, y + 14, f"{mover}: move a campfire?", 14, font_weight="bold"))
        for i, words in enumerate(svg.wrap(f"Click one of your campfires to move it to {view['pending']}, "
                                            "or keep them all.", 30)):
            d.add(svg.label(d, x, y + 34 + 15 * i, words, 12))
        if "keep" in labels:
            g = svg.target(d, "keep", labels["keep"])
            g.add(d.rect((x, y + 80), (150, 30), rx=8, ry=8, fill="white", stroke=PALETTE["target"], stroke_width=2))
            g.add(svg.label(d, x + 75, y + 100, "Keep campfires", 13, text_anchor="middle"))
    elif view["outcome"]:
        winner = view["players"][view["outcome"]["winners"][0]]
        d.add(svg.label(d, x, y + 14, "Game over", 14, font_weight="bold"))
        d.add(symbol(d, winner, x + 14, y + 40, 10, 4))
        d.add(svg.label(d, x + 34, y + 45, "Top Trekker", 14, font_weight="bold"))
        for i, words in enumerate(svg.wrap(view["outcome"]["reason"], 32)[:3]):
            d.add(svg.label(d, x, y + 70 + 14 * i, words, 11, fill=PALETTE["muted"]))
    y += 132
    d.add(svg.label(d, x, y, f"In the bag: {view['bag_size']}", 14, font_weight="bold"))
    for i, terrain in enumerate(ORDER):
        row = y + 12 + 24 * i
        d.add(d.rect((x, row), (20, 20), rx=4, ry=4, fill=TERRAIN_FILL[terrain], stroke=PALETTE["line"],
                     stroke_width=1))
        d.add(pictogram(d, terrain, x + 10, row + 10, 7.5))
        count = view["bag"][terrain]
        d.add(svg.label(d, x + 28, row + 15, f"{terrain}", 13, fill=PALETTE["ink"] if count else PALETTE["muted"]))
        d.add(svg.label(d, x + 130, row + 15, str(count), 13, text_anchor="end", font_weight="bold"))
    y += 12 + 24 * 5 + 22
    d.add(svg.label(d, x, y, "Campfires", 14, font_weight="bold"))
    over = view["phase"] == "over"
    for i, mark in enumerate(view["players"]):
        row = y + 10 + 32 * i
        d.add(campfire(d, mark, x + 13, row + 13, 12))
        d.add(symbol(d, mark, x + 38, row + 13, 7, 3))
        left, lit = view["campfires_left"][mark], view["campfires_placed"][mark]
        d.add(svg.label(d, x + 52, row + 11, f"{left} left, {lit} on the map", 12))
        points = view["scores"][mark]
        words = f"{'final' if over else 'now'}: {points:g} point{'' if points == 1 else 's'}"
        d.add(svg.label(d, x + 52, row + 25, words, 12,
                        fill=PALETTE["ink"] if over else PALETTE["muted"], font_weight="bold" if over else "normal"))
    y += 10 + 32 * 2 + 14
    d.add(svg.label(d, x, y, f"{view['first_player']} started", 11, fill=PALETTE["muted"]))
    return y
