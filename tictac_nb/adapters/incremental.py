"""Observations kept up to date move by move, where that is cheaper than encoding the view again.

A `Tracker` holds one seat's observation vector (the numbers `observations.encoder` makes from
`state.view(seat)`) and brings it up to date from what changed in the state since it last looked, so a
step costs a few assignments instead of a view and an encoding. It reads only what the seat may know
(marks, face-up tiles, the seat's own peeks, public peeks), and the tests check it against the encoder
at every step of random games, for every seat.

`tracker(state, seat, encoding)` gives one for the games that have one (Tic Tac Two, Tyc), else None.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .observations import TILE_LETTERS, Encoder


def _offsets(encoding: Encoder) -> dict[str, int]:
    where, at = {}, 0
    for name, length in encoding.parts:
        where[name] = at
        at += length
    return where


class TicTacTwoTracker:
    """One seat's Tic Tac Two observation: marks, flipped tiles, peeks and the header, as they change."""

    def __init__(self, state: Any, seat: int, encoding: Encoder) -> None:
        self.seat = seat
        self.encoding = encoding
        self.at = _offsets(encoding)
        self.vector = np.zeros(encoding.size, np.float32)
        self.vector[seat] = 1.0  # the viewer; everything else comes from the first update, from nothing
        self.marks = self.up = self.peeks = 0
        self.centre = None
        self.update(state)

    def copy(self) -> TicTacTwoTracker:
        other = object.__new__(TicTacTwoTracker)
        other.__dict__.update(self.__dict__)
        other.vector = self.vector.copy()
        return other

    def update(self, state: Any) -> np.ndarray:
        vector, at = self.vector, self.at
        marks = state._marks
        new = marks ^ self.marks
        if new:
            base = at["marks"]
            while new:
                i = (new & -new).bit_length() - 1
                new &= new - 1
                vector[base + 2 * (i % 9) + i // 9] = 1.0
            self.marks = marks
        up = state._up
        new = up ^ self.up
        if new:
            tiles = state.tiles
            while new:
                square = (new & -new).bit_length() - 1
                new &= new - 1
                vector[at["tiles"] + 6 * square + TILE_LETTERS[tiles[square]]] = 1.0
                vector[at["face_up"] + square] = 1.0
            self.up = up
        peeks = state.peeks
        if len(peeks) != self.peeks:
            for by, square in peeks[self.peeks:]:
                vector[at["peeks"] + 9 * by + square] = 1.0
                if by == self.seat:
                    vector[at["peeks"] + 18 + square] = 1.0
                    vector[at["tiles"] + 6 * square + TILE_LETTERS[state.tiles[square]]] = 1.0
            self.peeks = len(peeks)
        if state.centre_owner != self.centre:
            self.centre = state.centre_owner
            vector[at["centre_owner"] + self.centre] = 1.0
        vector[at["peeking"]] = 1.0 if state.peeking else 0.0
        n = 2
        vector[n:3 * n + 1] = 0.0
        if state.to_move is not None:
            vector[n + state.to_move] = 1.0
        outcome = state.outcome
        if outcome is not None:
            for winner in outcome.winners:
                vector[2 * n + winner] = 1.0
            vector[3 * n] = 1.0
        return vector


class TycTracker:
    """One seat's Tyc observation: the cells marked since it last looked (read from the moves played),
    the playable boards and the named board, and the header."""

    def __init__(self, state: Any, seat: int, encoding: Encoder) -> None:
        self.seat = seat
        self.at = _offsets(encoding)
        self.vector = np.zeros(encoding.size, np.float32)
        self.vector[seat] = 1.0
        self.moves = 0
        self.update(state)

    def copy(self) -> TycTracker:
        other = object.__new__(TycTracker)
        other.__dict__.update(self.__dict__)
        other.vector = self.vector.copy()
        return other

    def update(self, state: Any) -> np.ndarray:
        vector, at = self.vector, self.at
        history = state.history
        for move in history[self.moves:]:
            place = 9 * (int(move[0]) - 1) + int(move[1]) - 1
            base = at["cells"] + 11 * place
            vector[base + state.owner[place]] = 1.0
            vector[base + 2 + state.letter[place]] = 1.0
        self.moves = len(history)
        playable, named = at["playable"], at["named"]
        vector[playable:playable + 9] = 0.0
        vector[named:named + 9] = 0.0
        for board in state.playable_boards():
            vector[playable + board] = 1.0
        if state.target is not None:
            vector[named + state.target] = 1.0
        n = 2
        vector[n:3 * n + 1] = 0.0
        if state.to_move is not None:
            vector[n + state.to_move] = 1.0
        outcome = state.outcome
        if outcome is not None:
            for winner in outcome.winners:
                vector[2 * n + winner] = 1.0
            vector[3 * n] = 1.0
        return vector


TRACKERS = {"tic-tac-two": TicTacTwoTracker, "tyc": TycTracker}


def tracker(state: Any, seat: int, encoding: Encoder) -> Any:
    """A tracker of `seat`'s observation of `state`'s game, or None where the game has none."""
    make = TRACKERS.get(state.game.name)
    return None if make is None else make(state, seat, encoding)
