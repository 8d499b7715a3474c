"""The exercises of Tyc's notebook: each a question on a scripted position, checked by the machinery of
`tictac_nb.classroom.exercises`, which finds them here (`EXERCISES`, in the order the notebook asks them)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ...classroom.exercises import Script, Values, Verdict, points, scripted
from ...core.engine import State

if TYPE_CHECKING:
    from .rules import Tyc


def _random_game(name: str, seed: int, moves: int, **options: Any) -> State:
    state = scripted(name, [], seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        state.play(rng.choice(state.legal_actions()))
    return state


def _hide_scores(view: dict) -> dict:
    return {**view, "scores": {name: ["?", "?"] for name in view["scores"]}, "totals": ["?", "?"]}


def _tyc_letter_bonus(state: Tyc) -> Values:
    table = state.options["letter_table"]
    counts = state.letter_counts(1)
    bonus = state.score_breakdown()["letter bonus"]
    return Values([
        (bonus[1], Verdict(True, "each letter Blue wrote, scored by how many times Blue wrote it.")),
        (bonus[0], Verdict(False, "that is Red's letter bonus: Blue's marks are the blue squares.")),
        (sum(counts.values()), Verdict(False, "that counts Blue's marks; score each letter by looking up how many "
                                              "times Blue wrote it in the letter table.")),
        (sum(max(0, table[n]) for n in counts.values()),
         Verdict(False, "a letter written once costs 3 points and twice costs 1: the negative entries of the table "
                        "count too.")),
    ], lambda points: Verdict(False, "count how many times Blue wrote each letter A to I (the letters panel beside "
                                     "the boards lists them), look each count up in the table, and add."))


tyc_letter_bonus = Script(
    "Tyc: Blue's letter bonus", "What does Blue score for letters in this position? Answer a whole number.", 1,
    lambda: _random_game("tyc", 1, 30, first_player=0), points, "a whole number, like 4", _tyc_letter_bonus,
    _hide_scores)
"""What Blue scores for letters: each letter's count looked up in the table, negatives included."""


def _tyc_area_majority(state: Tyc) -> Values:
    boards = []
    for board in range(1, 10):
        owners = [state.cell(board, c) for c in range(1, 10)]
        red, blue = (sum(1 for o in owners if o and o[1] == p) for p in (0, 1))
        boards.append((red, blue, owners.count(None)))
    majority = state.score_breakdown()["area majority"]
    return Values([
        (majority[0], Verdict(True, "the empty cells of every board where Red has more marks than Blue.")),
        (majority[1], Verdict(False, "that is Blue's area majority: Red's marks are the red rings.")),
        (sum(empty for red, blue, empty in boards if red >= blue),
         Verdict(False, "a board where both have as many marks is a tie: it scores nothing.")),
        (sum(red for red, blue, _ in boards if red > blue),
         Verdict(False, "a board Red wins scores its EMPTY cells, not Red's marks.")),
        (sum(1 for red, blue, _ in boards if red > blue),
         Verdict(False, "a board Red wins scores as many points as it has empty cells, not 1.")),
    ], lambda points: Verdict(False, "go board by board: count Red's and Blue's marks; where Red has more, add that "
                                     "board's empty cells."))


tyc_area_majority = Script(
    "Tyc: Red's area majority", "What does Red score for area majority in this position? Answer a whole number.", 0,
    lambda: _random_game("tyc", 6, 34, first_player=0), points, "a whole number, like 4", _tyc_area_majority,
    _hide_scores)
"""What Red scores for area majority: the empty cells of each board where Red has more marks."""


EXERCISES = (tyc_letter_bonus, tyc_area_majority)
