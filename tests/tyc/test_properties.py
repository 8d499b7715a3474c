"""Properties of Tyc over random games, checked against a slow, plain reading of the rules.

The engine keeps bit masks, counters and cached move lists for speed; the reference below recomputes
everything from the moves played, so any drift in the incremental bookkeeping shows up here.
"""

from __future__ import annotations

import random

from helpers import random_game
from hypothesis import given, settings
from hypothesis import strategies as st

import tictac_nb

SEEDS = st.integers(0, 2**32 - 1)
TABLES = st.lists(st.integers(-50, 50), min_size=10, max_size=10)
LINES3 = ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7))


def grid(board: int, cell: int) -> tuple[int, int]:
    return (board - 1) // 3 * 3 + (cell - 1) // 3, (board - 1) % 3 * 3 + (cell - 1) % 3


GRID_LINES = (
    [[(r, c) for c in range(9)] for r in range(9)] + [[(r, c) for r in range(9)] for c in range(9)]
    + [[(k, k) for k in range(9)], [(k, 8 - k) for k in range(9)]]
)


class Reference:
    """Tyc replayed from its moves, as plainly as the rulebook says it."""

    def __init__(self, first: int, table: tuple[int, ...]) -> None:
        self.marks: dict[tuple[int, int], tuple[int, str]] = {}  # (board, cell) -> (player, letter)
        self.mover, self.table, self.named = first, table, None
        self.threes: dict[int, int] = {}
        self.ended: list[list[tuple[int, int]]] = []

    def legal(self) -> set[str]:
        if self.ended:
            return set()
        full = {b for b in range(1, 10) if all((b, c) in self.marks for c in range(1, 10))}
        boards = [self.named] if self.named and self.named not in full else [b for b in range(1, 10) if b not in full]
        moves = set()
        for b in boards:
            letters = {letter for (board, _), (_, letter) in self.marks.items() if board == b}
            moves |= {f"{b}{c}{x}" for c in range(1, 10) if (b, c) not in self.marks
                      for x in "ABCDEFGHI" if x not in letters}
        return moves

    def play(self, move: str) -> None:
        b, c, x = int(move[0]), int(move[1]), move[2]
        self.marks[b, c] = (self.mover, x)
        if b not in self.threes and any(all(self.marks.get((b, i), (None,))[0] == self.mover for i in line)
                                        for line in LINES3):
            self.threes[b] = self.mover
        at = {grid(*k): k for k in self.marks}
        self.ended = [[at[rc] for rc in line] for line in GRID_LINES if all(rc in at for rc in line)]
        self.named, self.mover = c, 1 - self.mover

    def breakdown(self) -> dict[str, tuple[int, int]]:
        three = tuple(2 * list(self.threes.values()).count(p) for p in (0, 1))
        cells = {k for line in self.ended for k in line}
        line = tuple(sum(self.marks[k][0] == p for k in cells) for p in (0, 1))
        area = [0, 0]
        for b in range(1, 10):
            count = [sum(1 for (board, _), (who, _) in self.marks.items() if board == b and who == p) for p in (0, 1)]
            if count[0] != count[1]:
                area[count.index(max(count))] += 9 - sum(count)
        bonus = tuple(sum(self.table[sum(1 for who, x in self.marks.values() if who == p and x == letter)]
                          for letter in "ABCDEFGHI") for p in (0, 1))
        return {"three-in-a-row": three, "line bonus": line, "area majority": tuple(area), "letter bonus": bonus}


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, table=TABLES)
def test_engine_agrees_with_a_plain_reading_of_the_rules_move_by_move(seed, table):
    state = tictac_nb.new_game("tyc", seed=seed, letter_table=table)
    ref = Reference(state.to_move, tuple(table))
    rng = random.Random(seed)
    while state.outcome is None:
        legal = state.legal_actions()
        assert len(legal) == len(set(legal))
        assert set(legal) == ref.legal()
        assert state.score_breakdown() == ref.breakdown()
        move = rng.choice(legal)
        state.play(move)
        ref.play(move)
        assert (state.outcome is not None) == bool(ref.ended)
    assert state.score_breakdown() == ref.breakdown()
    assert [[tuple(k) for k in line["cells"]] for line in state.view(None)["end_lines"]] == ref.ended


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_legal_moves_respect_the_named_board_and_the_letter_rule(seed):
    state = tictac_nb.new_game("tyc", seed=seed)
    rng = random.Random(seed)
    while state.outcome is None:
        legal = state.legal_actions()
        boards = {a[0] for a in legal}
        if state.history:
            named = state.history[-1][1]
            full = all(state.cell(int(named), c) for c in range(1, 10))
            open_boards = {str(b) for b in range(1, 10) if not all(state.cell(b, c) for c in range(1, 10))}
            assert boards == (open_boards if full else {named})
        for move in legal:
            b, c = int(move[0]), int(move[1])
            assert state.cell(b, c) is None
            assert move[2] not in {state.cell(b, k)[0] for k in range(1, 10) if state.cell(b, k)}
        state.play(rng.choice(legal))


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, table=TABLES)
def test_every_game_ends_and_scores_are_the_sum_of_the_breakdown(seed, table):
    state = random_game("tyc", seed, letter_table=table)
    assert state.outcome is not None and len(state.history) <= 81
    parts = state.score_breakdown()
    totals = tuple(sum(points[p] for points in parts.values()) for p in (0, 1))
    assert state.outcome.scores == totals == state.current_scores()
    if totals[0] == totals[1]:
        assert state.outcome.winners == () and state.outcome.reason.startswith("draw")
    else:
        assert state.outcome.winners == (totals.index(max(totals)),)
    assert state.view(None)["end_lines"], "the game ended without a full line"


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, cut=st.integers(0, 80))
def test_scores_if_ended_now_are_the_sum_of_the_breakdown(seed, cut):
    state = random_game("tyc", seed, stop_after=cut)
    parts = state.score_breakdown()
    assert state.current_scores() == tuple(sum(points[p] for points in parts.values()) for p in (0, 1))
    view = state.view(None)
    assert view["totals"] == list(state.current_scores())
    assert view["scores"] == {k: list(v) for k, v in parts.items()}

