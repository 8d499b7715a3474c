"""Tic Tac Trek's observation kept up to date move by move (`tictac_nb.core.tracker`): tiles placed, campfires
moved, the pending cell, and the short counts afresh; compiled by mypyc where built."""

from __future__ import annotations

from typing import Any

from ...core.tracker import Tracker, singles
from .rules import LETTERS, TERRAIN_INDEX, TERRAINS
from .rules import window as reachable

TERRAIN_LETTERS = "".join(LETTERS[terrain] for terrain in TERRAIN_INDEX)
"""Trek's terrain letters in the encoding's order."""

TREK_WINDOWS: dict[int, dict[int, int]] = {}
"""Each Trek window's place of each cell, by the box's number of tiles (which alone decides the window)."""


class TicTacTrekPlaces:
    """Where Tic Tac Trek's parts lie: each cell of the window by its place in it, and the counts' tops."""

    def __init__(self, state: Any, encoding: Any) -> None:
        at = encoding.offsets
        mix = state.options["mix"]
        tiles = sum(mix.values())
        window = TREK_WINDOWS.get(tiles)
        if window is None:
            window = TREK_WINDOWS[tiles] = {c: i for i, c in enumerate(reachable(state))}
        self.window: dict[int, int] = window
        self.size: int = encoding.size
        self.cells: int = at["cells"]
        self.pending: int = at["pending"]
        self.drawn: int = at["drawn"]
        self.most_bag: list[int] = [max(1, mix[TERRAINS[letter]]) for letter in TERRAIN_LETTERS]
        self.tiles: int = tiles
        self.fires_most: int = state.options["campfires"]


class TicTacTrekTracker(Tracker):
    """One seat's Tic Tac Trek observation: the tiles placed since it last looked, the campfires that moved,
    the pending cell and the header as they change; the short counts at the end afresh (everything in Trek's
    view is public, so every seat's tracker reads the same)."""

    def __init__(self, places: TicTacTrekPlaces, seat: int, listed: bool) -> None:
        super().__init__(places.size, seat, listed)
        self.places = places
        self.placed = 0
        self.fires: dict[int, int] = {}
        self.pending: int | None = None

    def copy(self) -> TicTacTrekTracker:
        other = TicTacTrekTracker(self.places, self.seat, self.listed)
        other.placed, other.fires, other.pending = self.placed, dict(self.fires), self.pending
        return self.handed(other)

    def update(self, state: Any) -> None:
        store, places = self.store, self.places
        window, cells = places.window, places.cells
        placed = state.placed
        if len(placed) != self.placed:
            terrain, symbol = state.terrain, state.symbol
            for c in placed[self.placed:]:
                base = cells + 9 * window[c]
                store[base + TERRAIN_LETTERS.index(terrain[c])] = 1.0
                store[base + 5 + symbol[c]] = 1.0
            self.placed = len(placed)
        fires = state.fires
        if fires != self.fires:
            for c, owner in self.fires.items():
                store[cells + 9 * window[c] + 7 + owner] = 0.0
            for c, owner in fires.items():
                store[cells + 9 * window[c] + 7 + owner] = 1.0
            self.fires = dict(fires)
        pending = state.pending
        if pending != self.pending:
            if self.pending is not None:
                store[places.pending + window[self.pending]] = 0.0
            self.pending = pending
            if pending is not None:
                store[places.pending + window[pending]] = 1.0
        drawn = [0.0] * 5
        if state.drawn is not None:
            drawn[TERRAIN_LETTERS.index(state.drawn)] = 1.0
        bag, tiles, most = state.bag, places.tiles, places.fires_most
        first = [0.0, 0.0]
        first[state.first_player] = 1.0
        counts = [bag.count(letter) / top for letter, top in zip(TERRAIN_LETTERS, places.most_bag, strict=True)]
        self.write(places.drawn, singles([*drawn, *counts, len(bag) / tiles, state.supply[0] / most,
                                          state.supply[1] / most, min(1.0, state.lit[0] / most),
                                          min(1.0, state.lit[1] / most), 1.0 if state.fallback() else 0.0, *first]))
        self.mover_and_outcome(state)
