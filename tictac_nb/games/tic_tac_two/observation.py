"""Tic Tac Two as a learner observes it: a seat's view as a vector of fixed length (`tictac_nb.core.observation`),
for the research adapters. Its parts: marks, tiles (face up, or peeked by the seat), face-up flags, the split
centre's owner, the peeks (by whom, and the seat's own), and whether the mover is peeking."""

from __future__ import annotations

from typing import Any

from ...core.observation import Encoding, one_hot
from .rules import TILE_LETTERS

MARK_INDEX = {"X": 0, "O": 1}


def encoding(state: Any) -> Encoding:
    """The encoding of Tic Tac Two's views (the same under every option)."""
    from .tracker import TicTacTwoPlaces, TicTacTwoTracker  # loaded only when a research tool asks

    def body(view: dict, out: list[float]) -> None:
        for mark in view["marks"]:
            one_hot(out, MARK_INDEX, mark)
        for tile in view["tiles"]:
            one_hot(out, TILE_LETTERS, tile)
        out.extend(1.0 if up else 0.0 for up in view["face_up"])
        one_hot(out, MARK_INDEX, view["centre_owner"])
        peeks = [0.0] * 27
        for peek in view["peeks"]:
            square = peek["square"] - 1
            peeks[MARK_INDEX[peek["by"]] * 9 + square] = 1.0
            if peek["mine"]:
                peeks[18 + square] = 1.0
        out.extend(peeks)
        out.append(1.0 if view["phase"] == "peek" else 0.0)

    def board(at: dict[str, int]) -> tuple[int, int, list[int]]:
        """Per square, row by row: its marks, its tile and whether the tile is face up."""
        places = [p for s in range(9) for p in (*range(at["marks"] + 2 * s, at["marks"] + 2 * s + 2),
                                                 *range(at["tiles"] + 6 * s, at["tiles"] + 6 * s + 6),
                                                 at["face_up"] + s)]
        return 3, 3, places

    return Encoding(2, [("marks", 18), ("tiles", 54), ("face_up", 9), ("centre_owner", 2), ("peeks", 27),
                        ("peeking", 1)], body, board=board, tracker=(TicTacTwoPlaces, TicTacTwoTracker))
