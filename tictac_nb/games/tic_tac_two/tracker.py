"""Tic Tac Two's observation kept up to date move by move (`tictac_nb.core.tracker`): marks, flipped tiles,
peeks and the header, read from the position's bit masks; compiled by mypyc where built."""

from __future__ import annotations

from typing import Any

from ...core.tracker import Tracker
from .rules import TILE_LETTERS


class TicTacTwoPlaces:
    """Where Tic Tac Two's parts lie."""

    def __init__(self, state: Any, encoding: Any) -> None:
        at = encoding.offsets
        self.size: int = encoding.size
        self.marks: list[int] = [at["marks"] + 2 * (i % 9) + i // 9 for i in range(18)]  # by bit of `_marks`
        self.tiles: int = at["tiles"]
        self.face_up: int = at["face_up"]
        self.peeks: int = at["peeks"]
        self.centre: int = at["centre_owner"]
        self.peeking: int = at["peeking"]


class TicTacTwoTracker(Tracker):
    """One seat's Tic Tac Two observation: marks, flipped tiles, peeks and the header, as they change."""

    def __init__(self, places: TicTacTwoPlaces, seat: int, listed: bool) -> None:
        super().__init__(places.size, seat, listed)
        self.places = places
        self.marks, self.up, self.peeks = 0, 0, 0
        self.centre: int | None = None
        self.peeking = False

    def copy(self) -> TicTacTwoTracker:
        other = TicTacTwoTracker(self.places, self.seat, self.listed)
        other.marks, other.up, other.peeks = self.marks, self.up, self.peeks
        other.centre, other.peeking = self.centre, self.peeking
        return self.handed(other)

    def update(self, state: Any) -> None:
        store, places = self.store, self.places
        marks: int = state._marks
        if marks != self.marks:
            new, bits = marks ^ self.marks, places.marks
            while new:
                low = new & -new
                store[bits[low.bit_length() - 1]] = 1.0
                new ^= low
            self.marks = marks
        up: int = state._up
        if up != self.up:
            new, tiles = up ^ self.up, state.tiles
            while new:
                low = new & -new
                square = low.bit_length() - 1
                store[places.tiles + 6 * square + TILE_LETTERS[tiles[square]]] = 1.0
                store[places.face_up + square] = 1.0
                new ^= low
            self.up = up
        peeks = state.peeks
        if len(peeks) != self.peeks:
            at = places.peeks
            for by, square in peeks[self.peeks:]:
                store[at + 9 * by + square] = 1.0
                if by == self.seat:
                    store[at + 18 + square] = 1.0
                    store[places.tiles + 6 * square + TILE_LETTERS[state.tiles[square]]] = 1.0
            self.peeks = len(peeks)
        centre = state.centre_owner
        if centre != self.centre:
            self.centre = centre
            if centre is not None:
                store[places.centre + centre] = 1.0
        peeking: bool = state.peeking
        if peeking != self.peeking:
            self.peeking = peeking
            store[places.peeking] = 1.0 if peeking else 0.0
        self.mover_and_outcome(state)
