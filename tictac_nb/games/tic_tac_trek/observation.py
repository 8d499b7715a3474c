"""Tic Tac Trek as a learner observes it: a seat's view as a vector of fixed length
(`tictac_nb.core.observation`), for the research adapters. Its parts: each cell of the reachable `window`
(terrain, symbol, campfire), the pending cell, the tile drawn, the bag's counts and size, the campfires left
and placed, the fallback flag and the first player. Everything in Trek's view is public."""

from __future__ import annotations

from typing import Any

from ...core.observation import Encoding, one_hot
from .rules import TERRAIN_INDEX, name, window

MARK_INDEX = {"X": 0, "O": 1}


def encoding(state: Any) -> Encoding:
    """The encoding of Trek's views under the state's options (the box's tiles decide the window)."""
    from .tracker import TicTacTrekPlaces, TicTacTrekTracker  # loaded only when a research tool asks

    cells = {name(c): i for i, c in enumerate(window(state))}
    size = len(cells)
    box = {TERRAIN_INDEX[t]: n for t, n in state.options["mix"].items()}
    most_bag = [max(1, box[i]) for i in range(5)]
    tiles = sum(box.values())
    fires = state.options["campfires"]

    def tail(view: dict, out: list[float]) -> None:
        """The short parts after the cells and the pending cell."""
        one_hot(out, TERRAIN_INDEX, view["drawn"])
        out.extend(view["bag"][t] / most_bag[i] for t, i in TERRAIN_INDEX.items())
        out.append(view["bag_size"] / tiles)
        out.extend(view["campfires_left"][s] / fires for s in MARK_INDEX)
        out.extend(min(1.0, view["campfires_placed"][s] / fires) for s in MARK_INDEX)
        out.append(1.0 if view["fallback"] else 0.0)
        one_hot(out, MARK_INDEX, view["first_player"])

    def place_tiles(view: dict, out: Any, first: int) -> None:
        for tile in view["tiles"]:
            at = first + 9 * cells[f"{tile['x']},{tile['y']}"]
            out[at + TERRAIN_INDEX[tile["terrain"]]] = 1.0
            out[at + 5 + MARK_INDEX[tile["symbol"]]] = 1.0
            if tile["campfire"] is not None:
                out[at + 7 + MARK_INDEX[tile["campfire"]]] = 1.0

    def body(view: dict, out: list[float]) -> None:
        start = len(out)
        out.extend([0.0] * (9 * size))
        place_tiles(view, out, start)
        one_hot(out, cells, view["pending"])
        tail(view, out)

    first = 3 * 2 + 1

    def sparse(view: dict, out: Any) -> list[float]:
        """The cells and the pending cell written into `out`; the short parts after them returned."""
        place_tiles(view, out, first)
        if view["pending"] is not None:
            out[first + 9 * size + cells[view["pending"]]] = 1.0
        short: list[float] = []
        tail(view, short)
        return short

    return Encoding(2, [("cells", 9 * size), ("pending", size), ("drawn", 5), ("bag", 5), ("bag_size", 1),
                        ("campfires_left", 2), ("campfires_placed", 2), ("fallback", 1), ("first_player", 2)], body,
                    sparse, tracker=(TicTacTrekPlaces, TicTacTrekTracker))
