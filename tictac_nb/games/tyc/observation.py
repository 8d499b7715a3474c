"""Tyc as a learner observes it: a seat's view as a vector of fixed length (`tictac_nb.core.observation`), for
the research adapters. Its parts: each of the 81 cells (its player and letter), the playable boards, the
board the last move named."""

from __future__ import annotations

from typing import Any

from ...core.observation import Encoding, one_hot

LETTER_INDEX = {letter: i for i, letter in enumerate("ABCDEFGHI")}


def encoding(state: Any) -> Encoding:
    """The encoding of Tyc's views (the same under every option)."""
    from .tracker import TycPlaces, TycTracker  # loaded only when a research tool asks

    def body(view: dict, out: list[float]) -> None:
        for board in view["cells"]:
            for cell in board:
                part = [0.0] * 11
                if cell is not None:
                    part[cell["player"]] = 1.0
                    part[2 + LETTER_INDEX[cell["letter"]]] = 1.0
                out.extend(part)
        playable = [0.0] * 9
        for board in view["playable"]:
            playable[board - 1] = 1.0
        out.extend(playable)
        one_hot(out, list(range(1, 10)), view["named"])

    def board(at: dict[str, int]) -> tuple[int, int, list[int]]:
        """The 81 cells as a 9 by 9 board (rows of boards, rows of cells), 11 channels each."""
        places = [at["cells"] + 11 * (9 * (3 * (row // 3) + col // 3) + 3 * (row % 3) + col % 3) + channel
                  for row in range(9) for col in range(9) for channel in range(11)]
        return 9, 9, places

    return Encoding(2, [("cells", 81 * 11), ("playable", 9), ("named", 9)], body, board=board,
                    tracker=(TycPlaces, TycTracker))
