"""Tic Tac Two, one test per rule of the rulebook and per ruling, on scripted tile layouts.

Layouts are 9 letters row by row (squares 1-9):   1 2 3
                                                  4 5 6
                                                  7 8 9
"""

from __future__ import annotations

import pytest
from helpers import refused

import tictac_nb
from tictac_nb import InvalidOption

X, O = 0, 1  # noqa: E741 (the players, by their marks)


def game(tiles: str, *moves: str, **options):
    state = tictac_nb.new_game("tic-tac-two", seed=0, tiles=tiles, **options)
    for move in moves:
        state.play(move)
    return state



# ---- players, turns, the two boards --------------------------------------------------------------

def test_x_is_player_0_and_moves_first_then_turns_alternate():
    state = game("XOWPCOXXO")
    assert state.player_names == ("X", "O") and state.num_players == 2
    assert state.to_move == X and state.status() == "X to move"
    state.play("1")
    assert state.to_move == O and state.status() == "O to move"
    state.play("2")
    assert state.to_move == X


def test_first_player_is_not_an_option_x_always_starts():
    with pytest.raises(InvalidOption, match="no option 'first_player'"):
        tictac_nb.new_game("tic-tac-two", first_player=1)
    assert all(tictac_nb.new_game("tic-tac-two", seed=seed).to_move == X for seed in range(20))


def test_a_mark_goes_on_any_empty_square_and_flips_the_tile_under_it():
    state = game("XOWPCOXXO")
    assert state.legal_actions() == tuple("123456789")
    state.play("3")
    view = state.view(None)
    assert view["marks"][2] == "X"
    assert view["face_up"] == [False, False, True, False, True, False, False, False, False]
    assert view["tiles"] == [None, None, "W", None, "C", None, None, None, None]
    assert state.legal_actions() == tuple("12456789")


def test_a_taken_square_is_refused():
    state = game("XOWPCOXXO", "5")
    assert refused(state, "5") == "square 5 is taken by X"
    state.play("1")
    assert refused(state, "1") == "square 1 is taken by O"


def test_three_marks_in_a_row_on_the_main_board_win():
    state = game("XOWPCOXXO", "1", "2", "5", "3", "9")
    assert state.outcome.winners == (X,)
    assert state.outcome.scores is None
    assert state.outcome.reason == "X completed the diagonal 1-5-9 of the main board"
    assert state.to_move is None and state.legal_actions() == ()
    assert state.view(None)["lines"] == [{"board": "main board", "squares": [1, 5, 9], "player": "X"}]


def test_three_own_tiles_in_a_row_on_the_tile_board_win():
    state = game("XXXOCOWPO", "1", "2", "3")  # X marks 1 and 3, O marks 2: no main-board line
    assert state.outcome.winners == (X,)
    assert state.outcome.reason == "X completed the top row of the tile board"


def test_the_opponents_move_can_complete_your_tile_line_and_you_win():
    state = game("XXXOCOWPO", "1", "9", "2", "3")  # O's mark on 3 flips the third X tile
    assert state.outcome.winners == (X,)
    assert state.outcome.reason == "X completed the top row of the tile board (O flipped the tile)"


def test_a_tile_line_needs_all_three_tiles_face_up():
    state = game("XXXOCOWPO", "1", "4", "2")  # X tiles 1 and 2 up, 3 still face down
    assert state.outcome is None


def test_the_game_goes_on_after_a_move_that_completes_no_line():
    state = game("XOWPCOXXO", "1", "2", "3")
    assert state.outcome is None and state.to_move == O


# ---- Wild, Peek tile, blank ------------------------------------------------------------------

def test_the_wild_tile_counts_for_x():
    state = game("WXXOCPOOX", "2", "3", "1")  # top row: Wild, X, X
    assert state.outcome.winners == (X,)
    assert state.outcome.reason == "X completed the top row of the tile board"


def test_the_wild_tile_counts_for_o_even_when_x_flips_it():
    state = game("WXXOCPOOX", "7", "4", "1")  # left column: Wild, O, O; X's mark flips the Wild
    assert state.outcome.winners == (O,)
    assert state.outcome.reason == "O completed the left column of the tile board (X flipped the tile)"


def test_the_wild_tile_can_complete_lines_for_both_at_once_a_tie():
    state = game("WXXOCPOOX", "2", "3", "4", "7", "1")
    assert state.outcome.winners == ()
    assert state.outcome.reason == (
        "tie: both completed a line (X: top row of the tile board; O: left column of the tile board)")


def test_the_peek_tile_counts_for_nobody():
    state = game("XPXOCOWXO", "1", "2", "peek 8", "3")  # top row X, Peek, X all face up
    assert state.view(None)["face_up"][:3] == [True, True, True]
    assert state.outcome is None


def test_a_blank_tile_counts_for_nobody():
    state = game("X-XOCOWXO", "1", "2", "3", peek=False)  # top row X, blank, X all face up
    assert state.view(None)["face_up"][:3] == [True, True, True]
    assert state.outcome is None and state.to_move == O


def test_mixed_x_and_o_tiles_complete_no_line():
    state = game("XOXOCOWPX", "1", "2", "3")  # top row tiles X, O, X all face up
    assert state.outcome is None and state.to_move == O


# ---- the split centre --------------------------------------------------------------------------

def test_the_split_centre_is_face_up_from_the_start_and_counts_for_nobody_until_claimed():
    state = game("OXOXCXWPO")
    assert state.view(None)["tiles"][4] == "C" and state.view(None)["face_up"][4]
    assert state.view(None)["centre_owner"] is None
    state.play("4")
    state.play("6")  # middle row: X tile, split centre, X tile, centre unmarked
    assert state.outcome is None


def test_the_claimer_of_the_centre_gets_the_middle_row_and_column():
    state = game("OXOXCXWPO", "4", "6", "5")  # X claims the centre: middle row X, C, X
    assert state.view(None)["centre_owner"] == "X"
    assert state.outcome.winners == (X,)
    assert state.outcome.reason == "X completed the middle row of the tile board"


def test_the_split_centre_counts_for_the_opponent_on_both_diagonals():
    state = game("OXOXCXWPO", "1", "9", "5")  # X claims the centre: diagonal O, C, O is O's
    assert state.outcome.winners == (O,)
    assert state.outcome.reason == "O completed the diagonal 1-5-9 of the tile board (X flipped the tile)"


def test_the_split_centre_counts_for_the_opponent_on_the_other_diagonal_too():
    state = game("OOXXCPXWO", "3", "7", "8", "5")  # O claims: diagonal 3-5-7 is X, C, X, X's
    assert state.outcome.winners == (X,)
    assert state.outcome.reason == "X completed the diagonal 3-5-7 of the tile board (O flipped the tile)"


def test_the_claimer_does_not_get_the_diagonals():
    state = game("XOOOCXWPX", "1", "9", "5")  # X claims; diagonal X, C, X does not count for X
    assert state.outcome is None and state.to_move == O


def test_the_opponent_does_not_get_the_middle_row():
    state = game("OXOXCXWPO", "4", "6", "1", "5")  # O claims; middle row X, C, X does not count for X
    assert state.view(None)["centre_owner"] == "O"
    assert state.outcome is None


def test_the_claimer_gets_the_middle_column_too():
    state = game("OXOOCXWXP", "2", "1", "8", "5")  # O claims; middle column X, C, X does not count for X
    assert state.outcome is None
    state = game("OXOOCXWXP", "5", "2", "1", "8")  # X claims; O's marks flip both X tiles of the column
    assert state.outcome.winners == (X,)
    assert state.outcome.reason == "X completed the middle column of the tile board (O flipped the tile)"


def test_the_split_centre_never_changes_after_activation():
    state = game("OXOXCXWPO", "1", "5")  # O claims
    for move in ("2", "3", "7"):
        state.play(move)
        assert state.view(None)["centre_owner"] == "O"


def test_claiming_the_centre_can_complete_lines_for_both_a_tie():
    state = game("OXOXCXWPO", "4", "6", "1", "9", "5")
    assert state.outcome.winners == ()
    assert state.outcome.reason == (
        "tie: both completed a line (X: middle row of the tile board; O: diagonal 1-5-9 of the tile board)")


# ---- Peek --------------------------------------------------------------------------------------

def test_flipping_the_peek_tile_gives_the_same_player_a_second_decision():
    state = game("XOWPCOXXO", "4")
    assert state.to_move == X
    assert state.view(None)["phase"] == "peek"
    assert state.status() == "X flipped the Peek tile: choose a face-down tile to peek at"
    # the choices: the outer tiles still face down; never the split centre, never a face-up tile
    assert state.legal_actions() == ("peek 1", "peek 2", "peek 3", "peek 6", "peek 7", "peek 8", "peek 9")
    state.play("peek 7")
    assert state.to_move == O and state.view(None)["phase"] == "mark"
    assert state.view(None)["peeks"] == [{"by": "X", "square": 7, "mine": False}]


def test_the_peek_choices_leave_out_tiles_already_face_up():
    state = game("XOWPCOXXO", "1", "9", "5", "4")  # O flips the Peek tile; 1, 9, 5, 4 are face up
    assert state.to_move == O
    assert state.legal_actions() == ("peek 2", "peek 3", "peek 6", "peek 7", "peek 8")


def test_peek_refusals_name_the_rule():
    state = game("XOWPCOXXO", "1", "4")
    assert refused(state, "2") == "O flipped the Peek tile and must first choose a tile to peek at"
    assert refused(state, "peek 5") == "the split centre is known to all, so it cannot be peeked at"
    assert refused(state, "peek 1") == "the tile under square 1 is already face up"
    assert refused(state, "peek 4") == "the tile under square 4 is already face up"
    assert refused(state, "peek") == "'peek' is not a Peek choice; write 'peek N' for a face-down tile N"
    assert refused(state, "peek 0") == "'peek 0' is not a Peek choice; write 'peek N' for a face-down tile N"


def test_peeking_is_refused_outside_the_peek_decision():
    state = game("XOWPCOXXO", "1")
    assert refused(state, "peek 3") == "you may peek only right after flipping the Peek tile"


def test_only_the_peeker_sees_the_peeked_tile_the_opponent_sees_the_square():
    state = game("XOWPCOXXO", "4", "peek 9")
    assert state.view(X)["tiles"][8] == "O"
    assert state.view(O)["tiles"][8] is None
    assert state.view(None)["tiles"][8] is None
    assert state.view(X)["peeks"] == [{"by": "X", "square": 9, "mine": True}]
    assert state.view(O)["peeks"] == [{"by": "X", "square": 9, "mine": False}]
    assert state.view(None)["peeks"] == [{"by": "X", "square": 9, "mine": False}]
    assert state.view(O)["last"] == "peek 9"  # the opponent is told which square


def test_the_peeked_tile_stays_face_down_and_flips_normally_later():
    state = game("XOWPCOXXO", "4", "peek 9")
    assert not state.view(X)["face_up"][8]
    state.play("9")
    assert state.view(O)["tiles"][8] == "O" and state.view(O)["face_up"][8]


def test_peek_does_nothing_when_no_tile_is_face_down():
    # O flips the Peek tile (square 4) as the last outer tile; the centre is still unmarked
    state = game("OOXPCWXXO", "1", "2", "3", "6", "7", "8", "9", "4")
    assert state.view(None)["face_up"] == [True] * 9
    assert state.view(None)["phase"] == "mark"
    assert state.to_move == X and state.legal_actions() == ("5",)
    assert state.view(None)["peeks"] == []


def test_the_peek_decision_comes_before_the_check():
    # X's mark on 4 completes the left column of the main board and flips the Peek tile
    state = game("XOWPCOXXO", "1", "2", "7", "3", "4")
    assert state.outcome is None and state.to_move == X
    assert state.legal_actions() == ("peek 6", "peek 8", "peek 9")
    state.play("peek 8")
    assert state.outcome.winners == (X,)
    assert state.outcome.reason == "X completed the left column of the main board"
    assert state.view(X)["tiles"][7] == "X"


# ---- results: win, tie, draw -------------------------------------------------------------------

def test_a_main_board_line_and_an_opponent_tile_line_on_one_move_is_a_tie():
    state = game("XXOWCOPXO", "1", "6", "2", "9", "3")  # X: top row; the O tile on 3 completes O's column
    assert state.outcome.winners == ()
    assert state.outcome.reason == (
        "tie: both completed a line (X: top row of the main board; O: right column of the tile board)")
    assert {(line["board"], line["player"]) for line in state.view(None)["lines"]} == {
        ("main board", "X"), ("tile board", "O")}


def test_a_full_board_without_a_line_is_a_draw():
    state = game("OOPWCXXXO", "1", "2", "3", "peek 9", "5", "4", "6", "8", "7", "9")
    assert state.outcome.winners == () and state.outcome.scores is None
    assert state.outcome.reason == "draw: the board is full"
    assert state.status() == "draw: the board is full"
    assert state.view(None)["lines"] == []


def test_a_line_made_by_the_ninth_mark_wins_rather_than_draws():
    # the ninth mark flips the Peek tile with no tile left face down: no Peek, then X's line counts
    state = game("PWXOCXOXO", "8", "2", "6", "5", "7", "3", "4", "9", "1")
    assert state.outcome.winners == (X,)
    assert state.outcome.reason == "X completed the left column of the main board"


def test_a_tie_on_the_ninth_mark_is_a_tie_not_a_draw():
    state = game("OOXPCWXXO", "1", "2", "3", "6", "7", "8", "9", "4", "5")
    # X's centre completes both of X's main diagonals and gives O the tile diagonal O, C, O
    assert state.outcome.winners == ()
    assert state.outcome.reason == (
        "tie: both completed a line (X: diagonal 1-5-9 of the main board and diagonal 3-5-7 of the main board; "
        "O: diagonal 1-5-9 of the tile board)")


def test_nothing_can_be_played_after_the_end():
    state = game("XXXOCOWPO", "1", "2", "3")
    assert refused(state, "5") == "the game is over (X completed the top row of the tile board)"
    assert state.status() == "X completed the top row of the tile board"


# ---- notation and refusals ---------------------------------------------------------------------

@pytest.mark.parametrize(("action", "message"), [
    ("0", "'0' is not a square; squares are numbered 1 to 9"),
    ("10", "'10' is not a square; squares are numbered 1 to 9"),
    ("five", "'five' is not a square; squares are numbered 1 to 9"),
    (" 5", "write '5', not ' 5' (Tic Tac Two notation: '5' or 'peek 3')"),
    ("5\n", "write '5', not '5?' (Tic Tac Two notation: '5' or 'peek 3')"),  # unprintables shown as ?
])
def test_malformed_squares_are_refused_with_a_message(action, message):
    assert refused(game("XOWPCOXXO"), action) == message


def test_a_misspelt_peek_choice_is_refused_with_the_spelling():
    state = game("XOWPCOXXO", "4")
    assert refused(state, "Peek 9") == "write 'peek 9', not 'Peek 9' (Tic Tac Two notation: '5' or 'peek 3')"
    assert refused(state, "peek  9") == "write 'peek 9', not 'peek  9' (Tic Tac Two notation: '5' or 'peek 3')"


def test_actions_must_be_text():
    state = game("XOWPCOXXO")
    assert refused(state, 5) == "an action is written in Tic Tac Two notation as text, not int 5"
    assert refused(state, None) == "an action is written in Tic Tac Two notation as text, not NoneType None"


def test_describe_gives_words_for_screen_readers():
    state = game("XOWPCOXXO")
    assert state.describe("5") == "mark square 5"
    assert state.describe("peek 3") == "peek at the tile under square 3"


def test_undo_takes_back_a_peek_then_the_mark():
    state = game("XOWPCOXXO", "4", "peek 9")
    assert state.undo() == "peek 9"
    assert state.view(None)["phase"] == "peek" and state.to_move == X
    assert state.undo() == "4"
    assert state == game("XOWPCOXXO")


# ---- options -----------------------------------------------------------------------------------

def test_the_default_layout_is_a_shuffle_of_the_box_with_the_split_centre_in_the_middle():
    layouts = {tictac_nb.new_game("tic-tac-two", seed=seed).tiles for seed in range(40)}
    assert len(layouts) > 30
    for tiles in layouts:
        assert tiles[4] == "C"
        assert sorted(tiles[:4] + tiles[5:]) == sorted("XXXOOOWP")


def test_the_same_seed_gives_the_same_layout():
    assert tictac_nb.new_game("tic-tac-two", seed=7).tiles == tictac_nb.new_game("tic-tac-two", seed=7).tiles


def test_a_fixed_layout_ignores_the_seed_and_is_recorded():
    a = tictac_nb.new_game("tic-tac-two", seed=1, tiles="XOWPCOXXO")
    b = tictac_nb.new_game("tic-tac-two", seed=2, tiles="xowpcoxxo")
    assert a.tiles == b.tiles == "XOWPCOXXO"
    assert a.record()["options"]["tiles"] == "XOWPCOXXO"
    assert a.record()["setup"] == {"tiles": "XOWPCOXXO"}


def test_without_the_peek_tile_a_blank_takes_its_place_and_nobody_peeks():
    for seed in range(30):
        state = tictac_nb.new_game("tic-tac-two", seed=seed, peek=False)
        assert sorted(state.tiles[:4] + state.tiles[5:]) == sorted("XXXOOOW-")
    state = game("XOW-COXXO", "4", peek=False)  # the blank flips: no Peek decision
    assert state.to_move == O and state.view(None)["phase"] == "mark"
    assert state.view(None)["tile_mix"] == {"-": 1, "O": 3, "W": 1, "X": 3}


def test_without_the_wild_tile_a_blank_takes_its_place():
    for seed in range(30):
        state = tictac_nb.new_game("tic-tac-two", seed=seed, wild=False)
        assert sorted(state.tiles[:4] + state.tiles[5:]) == sorted("XXXOOOP-")
    state = game("-XXOCPOOX", "2", "3", "1", wild=False)  # top row blank, X, X: no line
    assert state.outcome is None


def test_without_both_special_tiles():
    state = tictac_nb.new_game("tic-tac-two", seed=3, peek=False, wild=False)
    assert sorted(state.tiles[:4] + state.tiles[5:]) == sorted("XXXOOO--")


@pytest.mark.parametrize(("options", "message"), [
    ({"tiles": 123456789}, "option 'tiles' must be 9 letters row by row, like 'XOWPCOXXO', not 123456789"),
    ({"tiles": "XOWPCOXX"}, "option 'tiles' must be 9 letters row by row, like 'XOWPCOXXO', not 'XOWPCOXX'"),
    ({"tiles": "XOWPXOCXO"}, "option 'tiles' must have the split centre C at position 5 and nowhere else, "
                             "not 'XOWPXOCXO'"),
    ({"tiles": "COWPCOXXO"}, "option 'tiles' must have the split centre C at position 5 and nowhere else, "
                             "not 'COWPCOXXO'"),
    ({"tiles": "XOWQCOXXO"}, "option 'tiles' uses 'Q'; tiles are X, O, W (wild), P (peek), - (blank)"),
    ({"tiles": "XXXXCXXXX"}, "option 'tiles' must lay out the box's outer tiles (3 X, 3 O, 1 W, 1 P) around C, "
                             "not 'XXXXCXXXX'"),
    ({"tiles": "XOW-COXXO"}, "option 'tiles' must lay out the box's outer tiles (3 X, 3 O, 1 W, 1 P) around C, "
                             "not 'XOW-COXXO'"),
    ({"tiles": "XOWPCOXXO", "peek": False}, "option 'tiles' has a Peek tile but 'peek' is False"),
    ({"tiles": "XOWPCOXXO", "wild": False}, "option 'tiles' has a Wild tile but 'wild' is False"),
    ({"tiles": "XO--COXXO", "peek": False}, "option 'tiles' must lay out the box's outer tiles (3 X, 3 O, 1 W, "
                                            "1 -) around C, not 'XO--COXXO'"),
    ({"peek": "no"}, "option 'peek' must be True or False, not 'no'"),
    ({"peek": 0}, "option 'peek' must be True or False, not 0"),
    ({"wild": None}, "option 'wild' must be True or False, not None"),
])
def test_bad_options_are_refused_naming_the_option(options, message):
    with pytest.raises(InvalidOption) as error:
        tictac_nb.new_game("tic-tac-two", seed=1, **options)
    assert str(error.value) == message


def test_records_carry_the_options_and_the_layout():
    state = tictac_nb.new_game("tic-tac-two", seed=8, peek=False)
    for move in ("5", "1", "9"):
        state.play(move)
    record = state.record()
    assert record["options"] == {"tiles": None, "peek": False, "wild": True}
    assert record["setup"] == {"tiles": state.tiles} and record["moves"] == ["5", "1", "9"]
    assert tictac_nb.from_record(record) == state
    record["setup"] = {"tiles": "XOW-COXXO" if state.tiles != "XOW-COXXO" else "OXW-CXOOX"}
    with pytest.raises(tictac_nb.InvalidRecord, match="setup does not match"):
        tictac_nb.from_record(record)
