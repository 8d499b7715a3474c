"""The exercises of Tic Tac Two's notebook: each a question on a scripted position, checked by the machinery of
`tictac_nb.classroom.exercises`, which finds them here (`EXERCISES`, in the order the notebook asks them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...classroom.exercises import Items, Script, Values, Verdict, bare, one_of, played, scripted, words_of

if TYPE_CHECKING:
    from .rules import TicTacTwo

SQUARES = tuple(str(square) for square in range(1, 10))


def _two_result(state: TicTacTwo) -> str:
    """'X', 'O', 'tie', 'draw' or 'nobody yet': the result after the last move (a Peek choice made)."""
    if state.peeking:
        state = played(state, state.legal_actions()[0])
    if state.outcome is None:
        return "nobody yet"
    if not state.outcome.winners:
        return "tie" if "tie" in state.outcome.reason else "draw"
    return "XO"[state.outcome.winners[0]]


def _no_square(square: str, _belongs: Callable[[str], bool]) -> str:
    return f"there is no square {bare(square,)}: the squares are numbered 1 to 9."


def _two_winning_squares(state: TicTacTwo) -> Items:
    right = {square for square in state.legal_actions() if _two_result(played(state, square)) == "X"}
    hints = {}
    for square in SQUARES:
        if square not in state.legal_actions():
            hints[square] = f"square {square} is not free: marks go on empty squares."
            continue
        result = _two_result(played(state, square))
        if result == "tie":
            hints[square] = (f"square {square} completes a line for X, but the tile it flips and the split centre "
                             f"also complete one for O: a tie. Look at the tile board's diagonals.")
        elif result == "O":
            hints[square] = f"square {square} flips a tile that completes O's line: O wins."
        else:
            hints[square] = (f"square {square} completes no line. The legend under the boards says which tiles are "
                             f"still hidden: with the tiles you see, which tile must be under each face-down square?")
    return Items(right, hints, _no_square, "a winning square is missing: remember the tile board, and what you "
                                            "can deduce about the hidden tiles")


two_winning_square = Script(
    "Tic Tac Two: the winning square",
    "X to move. Which squares win the game for X at once? Answer a list of squares, like [\"2\"]. "
    "(X peeked at the tile under square 2.)", 0,
    lambda: scripted("tic-tac-two", ["7", "1", "3", "peek 2", "6", "8", "9"], tiles="WOPXCXXOO"),
    words_of("squares"), 'a list of squares, like ["2"]', _two_winning_squares)
"""Which squares win for X at once? The obvious one only ties; the winner needs a deduced tile."""

RESULTS = ("X", "O", "tie", "draw", "nobody yet")


def _two_centre(state: TicTacTwo) -> Values:
    after = played(state, "5")
    right = _two_result(after)
    verdicts = [(right, Verdict(True, f"{after.outcome.reason if after.outcome else after.status()}."))]
    for said in RESULTS:
        if said in ("X", "tie"):
            verdicts.append((said, Verdict(False, "does X complete a line? Check the main board and then the tile "
                                                  "board with the split centre: once X holds the centre it counts for "
                                                  "X on the middle row and column only.")))
        else:
            verdicts.append((said, Verdict(False, "once the centre is marked, the split centre counts for the "
                                                  "opponent on both diagonals: look at the tile board's diagonals.")))
    return Values(verdicts, lambda said: Verdict(False, "that is none of the results."))


two_centre_result = Script(
    "Tic Tac Two: taking the centre",
    "X marks square 5 here. What is the result: 'X', 'O', 'tie', 'draw' or 'nobody yet'?", 0,
    lambda: scripted("tic-tac-two", ["8", "9", "3", "peek 2", "7", "1", "2"], tiles="WOPXCXXOO"),
    one_of(RESULTS), "one of 'X', 'O', 'tie', 'draw' or 'nobody yet'", _two_centre)
"""What happens when X takes the centre here: the split centre hands O the diagonals."""


EXERCISES = (two_winning_square, two_centre_result)
