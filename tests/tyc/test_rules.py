"""One test per rule of the Tyc rulebook and per ruling, on scripted positions (see scripts.py)."""

from __future__ import annotations

import pytest
from helpers import refused
from tyc.scripts import (
    DIAGONAL,
    DOUBLE_THREE,
    ENDING_THREE,
    FULL_BOARD_5,
    LATER_LINE,
    ROW1,
    ROW_AND_COLUMN,
    play,
)

import tictac_nb
from tictac_nb import InvalidOption

FLAT = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)



# ---- setup and options ---------------------------------------------------------------------------
def test_red_is_player_0_and_blue_player_1():
    state = tictac_nb.new_game("tyc", seed=0, first_player=1)
    assert state.player_names == ("Red", "Blue")
    assert state.to_move == 1
    assert state.status() == "Blue to move: the first move may go on any board"


def test_first_player_is_random_by_seed_and_recorded():
    firsts = {seed: tictac_nb.new_game("tyc", seed=seed).to_move for seed in range(20)}
    assert set(firsts.values()) == {0, 1}
    for seed, first in firsts.items():
        again = tictac_nb.new_game("tyc", seed=seed)
        assert again.to_move == first and again.setup_record() == {"first_player": first}


@pytest.mark.parametrize("bad", [2, -1, "Red", 1.0, True])
def test_first_player_must_be_0_1_or_none(bad):
    with pytest.raises(InvalidOption, match="first_player"):
        tictac_nb.new_game("tyc", first_player=bad)


@pytest.mark.parametrize("bad", [(0, 1, 2), list(range(11)), (0, -3, -1, 1, 3, 6, 10, 15, 21, 2.5),
                                 (0, -3, -1, 1, 3, 6, 10, 15, 21, True), "0,-3,-1", None,
                                 (0, 0, 0, 0, 0, 0, 0, 0, 0, 1000), (-1000,) * 10, (0,) * 9 + (10**4300,)])
def test_letter_table_must_be_ten_whole_numbers(bad):
    with pytest.raises(InvalidOption, match="letter_table"):
        tictac_nb.new_game("tyc", letter_table=bad)


def test_letter_table_defaults_to_the_rulebook_and_accepts_a_list():
    assert tictac_nb.new_game("tyc").options["letter_table"] == (0, -3, -1, 1, 3, 6, 10, 15, 21, 28)
    state = tictac_nb.new_game("tyc", letter_table=list(range(10)))
    assert state.options["letter_table"] == tuple(range(10))


# ---- movement ------------------------------------------------------------------------------------
def test_the_first_move_may_go_on_any_board():
    state = tictac_nb.new_game("tyc", seed=3, first_player=0)
    legal = state.legal_actions()
    assert len(legal) == 9 * 9 * 9 and len(set(legal)) == 729
    assert {a[0] for a in legal} == set("123456789")
    assert state.view(None)["playable"] == list(range(1, 10))


def test_the_cell_of_the_last_move_names_the_next_board():
    state = play(["51A"])
    assert state.status() == "Blue to move on board 1"
    assert {a[0] for a in state.legal_actions()} == {"1"}
    assert state.view(None)["forced"] == 1
    assert refused(state, "23B") == "Blue must play on board 1, named by the last mark's cell 1"
    state.play("19B")
    assert {a[0] for a in state.legal_actions()} == {"9"}


def test_a_cell_holds_one_mark():
    state = play(["55A"])
    assert refused(state, "55B") == "cell 5 of board 5 is taken (Red wrote A there)"


def test_a_full_named_board_frees_the_choice_to_any_board_not_full():
    state = play(FULL_BOARD_5)
    assert state.status() == "Blue to move on any board that is not full (board 5 is full)"
    legal = state.legal_actions()
    assert {a[0] for a in legal} == set("12346789")
    assert len(legal) == 8 * 8 * 8  # 8 boards, each with 8 empty cells and 8 letters other than A
    assert refused(state, "51A") == "board 5 is full"
    assert state.view(None)["forced"] is None and state.view(None)["named"] == 5
    assert state.view(None)["playable"] == [1, 2, 3, 4, 6, 7, 8, 9]
    state.play("73B")
    assert {a[0] for a in state.legal_actions()} == {"3"}


# ---- the letter rule -----------------------------------------------------------------------------
def test_a_letter_may_not_appear_twice_on_a_board_whoever_wrote_it():
    state = play(["55A"])
    assert refused(state, "51A") == "letter A is already on board 5"
    assert not [a for a in state.legal_actions() if a.endswith("A")]
    assert len(state.legal_actions()) == 8 * 8


def test_not_even_ones_own_letter():
    state = play(["55A", "51B", "12A", "25C"])  # Red is back on board 5, where Red wrote A
    assert state.to_move == 0
    assert refused(state, "53A") == "letter A is already on board 5"
    assert "53D" in state.legal_actions()


def test_the_same_letter_may_go_on_other_boards():
    state = play(["55A"])
    state.play("51B")
    assert "12A" in state.legal_actions()


def test_a_board_with_k_marks_has_9_minus_k_letters_and_cells_free():
    state = play(FULL_BOARD_5[:9])  # board 5 holds 55A 51B 52C 53D 54E; Blue must play there
    legal = state.legal_actions()
    assert state.view(None)["forced"] == 5
    assert sorted({a[1] for a in legal}) == list("6789") and sorted({a[2] for a in legal}) == list("FGHI")
    assert len(legal) == 4 * 4


# ---- notation and refusals -----------------------------------------------------------------------
@pytest.mark.parametrize(("action", "message"), [
    ("55a", "write '55A', not '55a' (Tyc notation: board, cell, letter, like '51A')"),
    (" 55A", "write '55A', not ' 55A' (Tyc notation: board, cell, letter, like '51A')"),
    ("55J", "there is no letter J: Tyc uses the letters A to I"),
    ("05A", "'05A' is not a Tyc move: write board, cell and letter, like '51A' (board 5, cell 1, letter A)"),
    ("5", "'5' is not a Tyc move: write board, cell and letter, like '51A' (board 5, cell 1, letter A)"),
    ("A55", "'A55' is not a Tyc move: write board, cell and letter, like '51A' (board 5, cell 1, letter A)"),
])
def test_bad_notation_is_refused_in_words(action, message):
    assert refused(tictac_nb.new_game("tyc", seed=0), action) == message


def test_describe_reads_a_move_aloud():
    assert tictac_nb.new_game("tyc", seed=0).describe("51A") == "write A in board 5 cell 1"


# ---- the end -------------------------------------------------------------------------------------
def test_the_game_ends_at_once_when_a_row_of_the_grid_is_full():
    state = play(ROW1[:-1])
    assert state.outcome is None
    state.play(ROW1[-1])
    assert state.outcome is not None and state.to_move is None and state.legal_actions() == ()
    assert state.outcome.reason == "Red wins 17 to 8 (row 1 of the grid was filled)"
    assert refused(state, "45A") == "the game is over (Red wins 17 to 8 (row 1 of the grid was filled))"
    assert state.refusal("45A") == "the game is over (Red wins 17 to 8 (row 1 of the grid was filled))"


def test_a_full_diagonal_of_the_grid_ends_the_game():
    state = play(DIAGONAL)
    assert state.outcome.reason == ("Red wins 17 to 8 (the diagonal from top left to bottom right of the grid "
                                    "was filled)")
    assert state.view(None)["end_lines"][0]["cells"] == [[1, 1], [1, 5], [1, 9], [5, 1], [5, 5], [5, 9],
                                                         [9, 1], [9, 5], [9, 9]]


def test_a_full_column_of_the_grid_ends_the_game_and_one_move_may_fill_two_lines():
    state = play(ROW_AND_COLUMN)
    assert [line["name"] for line in state.view(None)["end_lines"]] == ["row 1", "column 1"]
    assert state.outcome.reason.endswith("(row 1 and column 1 of the grid were filled)")


def test_lines_within_three_boards_do_not_end_the_game():
    state = play(FULL_BOARD_5)  # board 5 is full: rows 4-6 and columns 4-6 of the grid hold 3 marks each
    assert state.outcome is None


# ---- scoring: three-in-a-row ---------------------------------------------------------------------
def test_first_three_in_a_row_on_a_board_scores_2_once():
    state = play(FULL_BOARD_5[:6])
    assert state.score_breakdown()["three-in-a-row"] == (0, 2)
    assert state.view(None)["threes"] == [{"board": 5, "player": 1, "cells": [1, 2, 3]}]
    state = play(FULL_BOARD_5)  # Blue has 8 marks on board 5 and many lines: still 2 points
    assert state.score_breakdown()["three-in-a-row"] == (0, 2)


def test_only_the_first_line_on_a_board_scores_and_the_board_stays_playable():
    state = play(LATER_LINE[:-1])
    assert state.score_breakdown()["three-in-a-row"] == (0, 2)
    assert state.view(None)["forced"] == 5
    state.play(LATER_LINE[-1])  # Red completes row 3 of board 5 after Blue's row 1
    assert [state.cell(5, c) for c in (7, 8, 9)] == [("A", 0), ("F", 0), ("C", 0)]
    assert state.score_breakdown()["three-in-a-row"] == (0, 2)
    assert state.view(None)["threes"] == [{"board": 5, "player": 1, "cells": [1, 2, 3]}]


def test_two_lines_in_one_move_score_2_once_and_the_row_is_drawn():
    state = play(DOUBLE_THREE)
    assert state.score_breakdown()["three-in-a-row"] == (2, 0)
    assert state.view(None)["threes"] == [{"board": 1, "player": 0, "cells": [1, 2, 3]}]


def test_a_three_in_a_row_made_by_the_last_move_scores():
    state = play(ENDING_THREE)
    assert state.outcome is not None
    assert state.score_breakdown()["three-in-a-row"] == (2, 0)


def test_marks_of_two_colours_make_no_three_in_a_row():
    state = play(ROW1)  # every board of row 1 holds a full line of mixed colours
    assert state.score_breakdown()["three-in-a-row"] == (0, 0)


# ---- scoring: line bonus -------------------------------------------------------------------------
def test_line_bonus_counts_each_players_marks_on_the_ending_line():
    assert play(ROW1).score_breakdown()["line bonus"] == (5, 4)
    assert play(ENDING_THREE).score_breakdown()["line bonus"] == (5, 4)


def test_line_bonus_counts_each_cell_of_two_ending_lines_once():
    assert play(ROW_AND_COLUMN).score_breakdown()["line bonus"] == (9, 8)  # 17 cells, not 18


def test_no_line_bonus_before_the_end():
    assert play(ROW1[:-1]).score_breakdown()["line bonus"] == (0, 0)


# ---- scoring: area majority ----------------------------------------------------------------------
def test_area_majority_scores_the_empty_cells_of_each_board_won():
    assert play(ROW1).score_breakdown()["area majority"] == (12, 6)
    assert play(["55A"]).score_breakdown()["area majority"] == (8, 0)


def test_area_majority_tie_scores_nothing():
    assert play(["55A", "51B"]).score_breakdown()["area majority"] == (0, 0)


def test_a_full_board_won_scores_no_area():
    state = play(FULL_BOARD_5)  # board 5: Blue 8 to 1 but no empty cell; 8 boards with one Red A each
    assert state.score_breakdown()["area majority"] == (8 * 8, 0)


# ---- scoring: letter bonus -----------------------------------------------------------------------
def test_letter_bonus_follows_the_table():
    state = play(ROW1)
    assert state.letter_counts(0) == {"A": 3, "B": 2, "C": 0, "D": 0, "E": 0, "F": 0, "G": 0, "H": 0, "I": 0}
    assert state.letter_counts(1)["C"] == 3 and state.letter_counts(1)["B"] == 1
    assert state.score_breakdown()["letter bonus"] == (1 - 1, 1 - 3)


def test_letter_bonus_nine_of_one_letter_and_eight_singles():
    state = play(FULL_BOARD_5)
    assert state.score_breakdown()["letter bonus"] == (28, 8 * -3)


def test_no_letter_scores_nothing():
    assert play([]).score_breakdown() == {"three-in-a-row": (0, 0), "line bonus": (0, 0),
                                          "area majority": (0, 0), "letter bonus": (0, 0)}


def test_letter_table_entries_lie_from_minus_999_to_999_and_the_game_still_ends_cleanly():
    """A 4,301-digit entry once broke the move that ends the game halfway; the bound keeps every score short."""
    with pytest.raises(InvalidOption, match="from -999 to 999"):
        tictac_nb.new_game("tyc", seed=0, first_player=0, letter_table=(0,) * 9 + (10**4301 - 1,))
    for table in ((999,) * 10, (-999,) * 10):
        state = play(ROW1, letter_table=table)
        assert state.outcome is not None and state.history == ROW1
        assert state.render_svg(None, width=400) and tictac_nb.from_record(state.record()) == state


def test_the_letter_table_is_a_rule_option():
    table = (0, 10, 20, 30, 40, 50, 60, 70, 80, 90)
    state = play(ROW1, letter_table=table)
    assert state.score_breakdown()["letter bonus"] == (30 + 20, 30 + 10)
    assert state.view(None)["letter_table"] == list(table)


# ---- totals and the result -----------------------------------------------------------------------
def test_scores_are_the_sum_of_the_four_categories():
    state = play(ROW_AND_COLUMN)
    parts = state.score_breakdown()
    assert state.outcome.scores == tuple(sum(p[i] for p in parts.values()) for i in (0, 1))
    assert state.outcome.scores == state.current_scores()


def test_scores_if_the_game_ended_now():
    state = play(FULL_BOARD_5)
    assert state.current_scores() == (0 + 0 + 64 + 28, 2 + 0 + 0 - 24)
    assert state.view(None)["totals"] == [92, -22]


def test_higher_total_wins():
    state = play(ROW1)
    assert state.outcome.winners == (0,) and state.outcome.scores == (17, 8)


def test_blue_can_win():
    state = play(ROW1, letter_table=(0, 30, 0, 0, 0, 0, 0, 0, 0, 0))  # Blue's single B now scores 30
    assert state.outcome.winners == (1,) and state.outcome.scores == (17, 40)
    assert state.outcome.reason == "Blue wins 40 to 17 (row 1 of the grid was filled)"


def test_equal_totals_are_a_draw():
    # Red: letters A3 B2 score 0 + 0; Blue: C3 scores 0, the single B scores 7. 17 to 17.
    state = play(ROW1, letter_table=(0, 7, 0, 0, 0, 0, 0, 0, 0, 0))
    assert state.outcome.winners == () and state.outcome.scores == (17, 17)
    assert state.outcome.reason == "draw: 17 to 17 (row 1 of the grid was filled)"


def test_worked_example_of_the_rulebook_adds_up_to_29_and_17():
    """The rulebook prints Blue 18; its own parts give 17 (a ruling in the rules docstring). The letter table
    gives these parts."""
    state = tictac_nb.new_game("tyc", seed=0)
    table = state.options["letter_table"]
    red_letters = sum(table[n] for n in (5, 5, 2, 3, 2, 2))
    blue_letters = sum(table[n] for n in (4, 4, 3, 2, 2, 1, 2, 1))
    assert (red_letters, blue_letters) == (10, -2)
    assert 2 * 1 + 4 + (2 + 4 + 7) + red_letters == 29
    assert 2 * 2 + 5 + (1 + 3 + 6) + blue_letters == 17
