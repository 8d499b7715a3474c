"""Tic Tac Two's box on paper: the main board, the tile board, and the nine tiles as the options set them."""

from __future__ import annotations

from ...classroom.printing import Component
from ...core import svg
from ...core.svg import PALETTE
from .render import FACE, NAMES, _face
from .rules import CENTRE, TicTacTwo, box_tiles, check_tiles

CELL = 36.0   # mm: a square of either board; a tile (34 mm) fits inside it
TILE = 34.0
UNIT = 2.0    # drawing units per mm (the renderer's faces are drawn for 72-unit tiles)


def components(state: TicTacTwo) -> list[Component]:
    """The two boards, then the split centre and the eight outer tiles of the box (per `peek` and `wild`)."""
    tiles = box_tiles(state.options["peek"], state.options["wild"])
    pieces = [_board("Main board", "mark a square with a pencil, or a coin of your colour", numbers=True),
              _board("Tile board", "lay the tiles face down here, the split centre face up in the middle",
                     numbers=False)]
    pieces.append(_tile("C"))
    pieces += [_tile(tile) for tile in sorted(tiles, key="XOWP-".index)]
    return pieces


def _board(name: str, words: str, numbers: bool) -> Component:
    size = 3 * CELL * UNIT
    top = 22.0
    d = svg.canvas(size, size + top, f"Tic Tac Two: {name.lower()}")
    d.add(svg.label(d, 0, 14, name, 10, font_weight="bold"))
    d.add(svg.label(d, size, 14, words, 6.5, text_anchor="end", fill=PALETTE["muted"]))
    d.add(d.rect((1, top + 1), (size - 2, size - 2), rx=8, fill="none", stroke=PALETTE["line"], stroke_width=1.5))
    d.add(svg.grid_lines(d, 0, top, CELL * UNIT))
    for square in range(1, 10):
        row, col = divmod(square - 1, 3)
        x, y = col * CELL * UNIT, top + row * CELL * UNIT
        if numbers:
            d.add(svg.label(d, x + 6, y + 13, str(square), 8, fill=PALETTE["muted"]))
        elif square - 1 == CENTRE:
            d.add(svg.label(d, x + CELL * UNIT / 2, y + CELL * UNIT / 2 + 4, "split centre", 7,
                            text_anchor="middle", fill=PALETTE["muted"]))
    return Component(name, name, svg.to_text(d), 3 * CELL, 3 * CELL + top / UNIT, cut=False)


def _tile(tile: str) -> Component:
    size = TILE * UNIT
    d = svg.canvas(size, size, f"Tic Tac Two: {NAMES.get(tile, 'split centre')} tile")
    g = d.add(d.g())
    g.add(d.rect((0, 0), (size, size), fill=FACE))
    _face(d, g, tile, size / 2, size / 2, None)
    name = "split centre" if tile == "C" else f"{NAMES[tile]} tile"
    return Component("Tiles", name, svg.to_text(d), TILE, TILE)


def layout_picture(tiles: str) -> str:
    """SVG of a `tiles` layout: the tile board face up, each tile with its letter, beside the string itself."""
    checked = check_tiles(tiles)
    assert checked is not None  # a str gives a str
    tiles = checked
    size, gap = 56, 4
    d = svg.canvas(3 * (size + gap) + 250, 3 * (size + gap) + 8, f"Tic Tac Two tile layout {tiles}")
    d.add(d.rect((0, 0), ("100%", "100%"), fill=PALETTE["paper"]))
    for square, tile in enumerate(tiles):
        row, col = divmod(square, 3)
        x, y = 4 + col * (size + gap), 4 + row * (size + gap)
        g = d.add(d.g())
        g.add(d.rect((x, y), (size, size), rx=6, fill=FACE, stroke=PALETTE["line"], stroke_width=1.5))
        small = g.add(d.g(transform=f"translate({x:g},{y:g}) scale({size / 72:g})"))
        _face(d, small, tile, 36, 34, None)
        g.add(svg.label(d, x + size - 4, y + 12, tile, 10, text_anchor="end", font_weight="bold",
                        fill=PALETTE["muted"]))
    left = 3 * (size + gap) + 16
    d.add(svg.label(d, left, 40, f'tiles="{tiles}"', 17, font_family="monospace", font_weight="bold"))
    d.add(svg.label(d, left, 64, "row by row: " + " | ".join(tiles[i:i + 3] for i in (0, 3, 6)), 12,
                    font_family="monospace", fill=PALETTE["muted"]))
    d.add(svg.label(d, left, 88, "X, O: tiles of X and O; W: Wild; P: Peek;", 11, fill=PALETTE["muted"]))
    d.add(svg.label(d, left, 104, "C: the split centre; -: a blank", 11, fill=PALETTE["muted"]))
    return svg.to_text(d)
