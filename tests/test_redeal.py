"""Undo deals again what the undoing seat has not seen, in the games whose determinized copies cannot replay
their record (K.O., TIC TOC): the redeal joins the record (`State.redeal`, the record's `redeals`), so the
record still rebuilds the very position, undo works again, and the new deal depends only on what the seat
has seen (twin games whose hidden parts differ deal the same)."""

from __future__ import annotations

import json
import random

import pytest

from tictac_nb import Board, InvalidRecord, from_record, new_game
from tictac_nb.core.bots import RandomBot, seat_copy
from tictac_nb.notebook.timeline import Timeline

GAMES = [("tic-toc", {"players": 3}), ("tic-toc", {"players": 2}), ("tic-tac-ko", {"players": 2}),
         ("tic-tac-ko", {"players": 4})]
IDS = [f"{name}-{options['players']}" for name, options in GAMES]


def to_come(state) -> tuple:
    """The next cards to come, hidden from every seat: the top of the draw pile (K.O.: of both decks)."""
    if state.game.name == "tic-toc":
        return tuple(state.draw[-4:])
    return tuple(tuple(pile[-3:]) for pile in state.piles)


def played_board(name: str, options: dict, seed: int = 5, actions: int = 12) -> Board:
    """Seat 0 (a human) against random bots, after `actions` actions, with seat 0 to move again."""
    state = new_game(name, seed=seed, **options)
    board = Board(state, bots={seat: RandomBot(seat) for seat in range(1, state.num_players)})
    rng = random.Random(seed)
    while len(board.state.history) < actions or board.state.to_move != 0:
        assert board.state.outcome is None, "the scripted game ended too soon"
        if board.state.to_move in board.bots:
            board.run_bots()
        else:
            board.act(rng.choice(board.state.legal_actions()))
    return board


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_each_undo_deals_the_cards_to_come_again_and_the_record_rebuilds_it(name, options):
    board = played_board(name, options)
    rng = random.Random(1)
    futures = set()
    for _ in range(6):
        board.act(rng.choice(board.state.legal_actions()))  # play elsewhere than last time
        board.run_bots()
        before = board.state.clone()
        assert board.can_undo
        board.undo()
        state = board.state
        taken_back = from_record({**before.record(), "moves": state.history})
        assert state.to_move == 0 and state.view(0) == taken_back.view(0)  # all seat 0 has seen stays
        again = from_record(json.loads(json.dumps(state.record())))
        assert again == state and again.record() == state.record()  # the record rebuilds the new deal
        futures.add(to_come(state))
    assert len(futures) > 1, "undo showed the same cards to come every time"
    (at, seat, _), = board.state.redeals  # one redeal a position, however often it was undone to
    assert (at, seat) == (len(board.state.history), 0) and board.state.replayable


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_the_new_deal_is_the_same_in_a_twin_game_whose_hidden_cards_differ(name, options):
    """Twins: the same moves, but the twin's unseen cards were dealt again where seat 0 was to move; seat 0
    then plays one action (and the bots answer). An undo on each deals the same: seat 0 cannot tell the
    games apart, and the deal it is shown depends on nothing else."""
    board = played_board(name, options)
    at = len(board.state.history)
    mine = board.state.clone()
    mine.play(mine.legal_actions()[0])
    twin = from_record({**mine.record(), "redeals": [[at, 0, 12345]]})
    assert twin.key() != mine.key() and twin.view(0) == mine.view(0)
    boards = [Board(state, bots={seat: RandomBot(seat) for seat in range(1, state.num_players)})
              for state in (mine, twin)]
    for each in boards:
        each.undo()
    real, other = (each.state for each in boards)
    assert len(real.history) == len(other.history) == at
    assert real.key() == other.key()
    assert [real.view(p) for p in range(real.num_players)] == [other.view(p) for p in range(other.num_players)]
    assert boards[0].svg == boards[1].svg


def test_redeals_at_two_points_replay_and_an_undo_before_the_later_drops_it():
    board = played_board("tic-toc", {"players": 2})
    first = len(board.state.history)
    board.act(board.state.legal_actions()[0])
    board.undo()
    while len(board.state.history) < first + 6 or board.state.to_move != 0:
        board.act(board.state.legal_actions()[0]) if board.state.to_move == 0 else board.run_bots()
    board.act(board.state.legal_actions()[0])
    board.undo()
    assert [at for at, _, _ in board.state.redeals] == [first, len(board.state.history)]
    assert from_record(json.loads(json.dumps(board.state.record()))) == board.state
    while len(board.state.history) > first:
        board.state.undo()
    assert [at for at, _, _ in board.state.redeals] == [first]
    assert board.state == from_record({**board.state.record(), "moves": board.state.history})


def test_undo_goes_back_past_the_passes_auto_pass_made_to_a_real_choice():
    """Undo to a pass the board makes at once would only deal again the cards seen after it."""
    board = played_board("tic-tac-ko", {"players": 2})
    chosen = len(board.state.history)
    board.act(random.Random(1).choice(board.state.legal_actions()))
    board.run_bots()
    record = board.state.record()
    passes = [k for k, action in enumerate(record["moves"]) if k > chosen and action == "pass"
              and from_record({**record, "moves": record["moves"][:k]}).to_move == 0]
    assert passes, "the scripted position has no pass for seat 0 after its choice"
    board.undo()
    assert len(board.state.history) == chosen and board.state.to_move == 0
    assert len(board.state.legal_actions()) > 1


def test_with_several_humans_at_one_board_no_card_a_human_has_seen_is_dealt_again():
    """Hot seat: each human holds cards the others have not seen, so an undo deals nothing again there."""
    state = new_game("tic-toc", seed=3, players=3)
    board = Board(state)
    rng = random.Random(3)
    for _ in range(9):
        if board.cover:
            board.reveal()
        board.act(rng.choice(board.state.legal_actions()))
    board.undo()
    taken_back = from_record({**board.state.record(), "moves": board.state.history})
    assert board.state.redeals == () and board.state == taken_back
    assert all(board.state.view(p) == taken_back.view(p) for p in range(3))


def test_a_bot_is_given_no_redeal_seed():
    """A redeal's seed with the seat's view would rebuild the new deal: a seat copy carries neither seed."""
    board = played_board("tic-tac-ko", {"players": 2})
    board.act(board.state.legal_actions()[0])
    board.run_bots()
    board.undo()
    assert board.state.redeals
    copy = seat_copy(board.state, 1, random.Random(0))
    assert copy.redeals == () and copy.seed != board.state.seed and not copy.replayable


def test_a_replay_steps_through_the_redeals():
    board = played_board("tic-toc", {"players": 3})
    board.act(board.state.legal_actions()[0])
    board.run_bots()
    board.undo()
    board.act(board.state.legal_actions()[-1])
    board.run_bots()
    state = board.state
    timeline = Timeline(state)
    (at, _, _), = state.redeals
    assert timeline.position(len(timeline)) == state and list(timeline.positions())[-1] == state
    redealt = timeline.position(at)
    assert redealt.view(0) == from_record({**state.record(), "moves": state.history[:at], "redeals": []}).view(0)
    assert to_come(redealt) == to_come(from_record({**state.record(), "moves": state.history[:at]}))


@pytest.mark.parametrize(("redeals", "words"), [
    ("all", "must be a list"),
    ([[1, 0]], "must be a list \\[actions played, seat, seed\\]"),
    ([[99, 0, 1]], "after 0 to 4 actions"),
    ([[3, 0, 1], [2, 0, 1]], "after 4 to 4 actions"),
    ([[2, 0, 1], [2, 0, 2]], "after 3 to 4 actions"),
    ([[2, 5, 1]], "seat from 0 to 2"),
    ([[2, True, 1]], "seat from 0 to 2"),
    ([[2, 0, -1]], "seed from 0"),
    ([[2, 0, "1"]], "seed from 0"),
])
def test_a_record_with_bad_redeals_is_refused(redeals, words):
    state = new_game("tic-toc", seed=2, players=3)
    for _ in range(4):
        state.play(state.legal_actions()[0])
    with pytest.raises(InvalidRecord, match=words):
        from_record({**state.record(), "redeals": redeals})
