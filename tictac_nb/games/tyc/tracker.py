"""Tyc's observation kept up to date move by move (`tictac_nb.core.tracker`): the cells marked since it last
looked, the playable and named boards; compiled by mypyc where built."""

from __future__ import annotations

from typing import Any

from ...core.tracker import Tracker


class TycPlaces:
    """Where Tyc's parts lie."""

    def __init__(self, state: Any, encoding: Any) -> None:
        at = encoding.offsets
        self.size: int = encoding.size
        self.cells: int = at["cells"]
        self.playable: int = at["playable"]
        self.named: int = at["named"]


class TycTracker(Tracker):
    """One seat's Tyc observation: the cells marked since it last looked (read from the moves played),
    the playable boards and the named board, and the header."""

    def __init__(self, places: TycPlaces, seat: int, listed: bool) -> None:
        super().__init__(places.size, seat, listed)
        self.places = places
        self.moves = 0

    def copy(self) -> TycTracker:
        other = TycTracker(self.places, self.seat, self.listed)
        other.moves = self.moves
        return self.handed(other)

    def update(self, state: Any) -> None:
        store, places = self.store, self.places
        history = state.history
        owner, letter = state.owner, state.letter
        for move in history[self.moves:]:
            place = 9 * (int(move[0]) - 1) + int(move[1]) - 1
            base = places.cells + 11 * place
            store[base + owner[place]] = 1.0
            store[base + 2 + letter[place]] = 1.0
        self.moves = len(history)
        playable, named = places.playable, places.named
        for board in range(9):
            store[playable + board] = 0.0
            store[named + board] = 0.0
        for board in state.playable_boards():
            store[playable + board] = 1.0
        if state.target is not None:
            store[named + state.target] = 1.0
        self.mover_and_outcome(state)
