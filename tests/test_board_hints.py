"""The coach's hint on a `Board`: asked by the page's "hint" message (or `board.hint()`), drawn for the
human to move, said under the board, gone at the next change of position, and refused where the viewer
is not that human. Messages are simulated by calling the board's handler, as in tests/test_widget.py."""

from __future__ import annotations

import random

import pytest
from helpers import UNSEEN, random_game

import tictac_nb
from tictac_nb import Board, RandomBot, coach
from tictac_nb.core.front_end import TRAITS
from tictac_nb.notebook.table import MESSAGES

X, O = 0, 1  # noqa: E741 (Tic Tac Two's players)


def ttt(*moves: str):
    state = tictac_nb.new_game("tic-tac-two", seed=1, peek=False, wild=False, tiles="XOXOCOX--")
    for move in moves:
        state.play(move)
    return state


def send(board: Board, kind: str, turn: int | None = None, **fields) -> None:
    board._on_message(board, {"type": kind, "turn": board.turn if turn is None else turn, **fields})


def test_a_hint_is_drawn_and_said_for_the_human_to_move_then_goes_at_the_next_move():
    board = Board(ttt("1", "4", "2", "7"), bots={O: RandomBot(seed=1)})
    plain = board.svg
    assert board.can_hint and board.hint_words == ""
    send(board, "hint")
    expected = coach.hint(board.state, X)
    assert board.message == "" and board.hint_words == expected.sentence and "mark square 3" in expected.sentence
    assert board.svg == coach.hinted_svg(board.state, expected) != plain
    assert 'class="ttn-coach-best"' in board.svg
    send(board, "act", target="5")  # not the hinted move: the position changes, the hint goes
    assert board.state.history[4] == "5" and board.hint_words == ""
    assert "ttn-coach" not in board.svg


def test_a_hint_survives_a_new_width_and_goes_with_an_undo():
    board = Board(ttt("1", "4"), bots={O: RandomBot(seed=1)})
    found = board.hint()
    board._on_message(board, {"type": "width", "width": 300.0})
    assert board.svg == coach.hinted_svg(board.state, found, None, 300) and board.hint_words == found.sentence
    send(board, "act", target="5")
    board.hint()
    send(board, "undo")
    assert board.state.history == ["1", "4"] and board.hint_words == "" and "ttn-coach" not in board.svg


def test_a_hint_is_refused_on_a_bots_turn_on_another_seats_turn_and_when_over():
    board = Board(ttt("1"), bots={X: RandomBot(seed=1)}, bot_delay=0)
    board.state.play("4")  # X, the bot, to move with no event loop to schedule it
    board.refresh()
    before = board.svg
    assert not board.can_hint
    send(board, "hint")
    assert board.message == "a hint is for the human to move at this board; it is X's turn"
    assert board.svg == before and board.hint_words == ""
    bound = Board(ttt("1"), seat=X)  # two humans, this board plays X: O's hint is not X's to see
    assert not bound.can_hint
    send(bound, "hint")
    assert bound.message.startswith("a hint is for the human to move") and bound.hint_words == ""
    done = Board(ttt("1", "4", "2", "7", "3"))
    assert done.state.outcome is not None and not done.can_hint
    send(done, "hint")
    assert done.message.startswith("the game is over") and "ttn-coach" not in done.svg


def test_a_hint_is_never_drawn_under_the_pass_the_screen_cover():
    board = Board(ttt())  # two humans at one screen, hidden tiles: a cover between turns
    send(board, "act", target="5")
    assert board.cover and not board.can_hint
    covered = board.svg
    send(board, "hint")
    assert board.message == "the board is covered: reveal it first"
    assert board.svg == covered and board.hint_words == ""
    send(board, "reveal")
    assert board.can_hint
    send(board, "hint")
    assert board.hint_words.startswith("Hint for O: ") and "ttn-coach-best" in board.svg
    send(board, "act", target="1")
    assert board.cover and board.hint_words == "" and "ttn-coach" not in board.svg


def test_a_stale_or_malformed_hint_message_changes_nothing():
    board = Board(ttt("1", "4"), bots={O: RandomBot(seed=1)})
    old = board.turn
    send(board, "act", target="5")
    before = (board.svg, board.hint_words, board.turn)
    send(board, "hint", turn=old)
    assert board.message == "that was done on an earlier position; the board has moved on"
    assert (board.svg, board.hint_words, board.turn) == before
    board._on_message(board, {"type": "hint"})
    assert board.message == "ignored this 'hint' message: it lacks the position it was made on"
    board._on_message(board, {"type": "hint", "turn": board.turn, "seat": 1})
    assert board.message == "ignored this 'hint' message: unknown fields (seat)"
    assert (board.svg, board.hint_words, board.turn) == before and MESSAGES["hint"].fields == {"turn": int}


@pytest.mark.parametrize("name", UNSEEN)
def test_twin_games_whose_hidden_parts_differ_give_the_same_hinted_board(name):
    """A twin (determinized for the human to move) differs only where that human cannot see: the hinted
    SVG and the sentence must be the very same."""
    for seed in range(8):
        state = random_game(name, seed, stop_after=3 + seed % 3)
        if state.outcome is not None or len(state.legal_actions()) < 2:
            continue
        mover = state.to_move
        twin = next((t for t in (state.determinize(mover, random.Random(k)) for k in range(8))
                     if t.key() != state.key()), None)
        if twin is None:
            continue
        others = {p: RandomBot(seed=0) for p in range(state.num_players) if p != mover}
        mine, theirs = Board(state, bots=others), Board(twin, bots=dict(others))
        assert mine.hint() == theirs.hint()
        assert mine.svg == theirs.svg and mine.hint_words == theirs.hint_words != ""
        return
    raise AssertionError(f"no position of {name} with a hidden part to compare")


def test_a_room_sends_the_hint_traits_empty():
    assert {"can_hint", "hint_words"} <= set(TRAITS)
