"""The coach's seams without a browser: a hint kept through a first step, none while the board passes for
the human, one order for the sentence and the board, and words that read as English and count the seats."""

from __future__ import annotations

import asyncio

import pytest
from helpers import random_game

import tictac_nb
from tictac_nb import Board, RandomBot, coach
from tictac_nb.coach import words
from tictac_nb.coach.judge import sides


def send(board: Board, kind: str, **fields) -> None:
    board._on_message(board, {"type": kind, "turn": board.turn, **fields})


def tyc_board() -> Board:
    state = tictac_nb.new_game("tyc", seed=2, first_player=0)
    state.play("55A")
    return Board(state, bots={1: RandomBot(seed=1)})


def test_a_hint_stays_through_first_steps_and_goes_with_the_move():
    board = tyc_board()
    found = board.hint()
    cell = found.best[:2]
    send(board, "act", target=cell)  # the first step: the position is the same, the hint stays
    assert board.pending == cell and board.hint_words == found.sentence
    assert board.svg == coach.hinted_svg(board.state, found, cell, board.width)
    other = next(t.action for t in board.state.targets() if len(t.action) == 2 and t.action != cell)
    send(board, "act", target=other)  # another cell: still the same position
    board._on_message(board, {"type": "cancel"})
    assert board.pending is None and board.hint_words == found.sentence and "ttn-coach-best" in board.svg
    send(board, "act", target=cell)
    send(board, "act", target=found.best)  # the move: the position changes, the hint goes
    assert board.hint_words == "" and "ttn-coach" not in board.svg


def test_a_new_game_at_the_very_same_position_drops_the_hint():
    state = tictac_nb.new_game("tic-tac-two", seed=1, peek=False, wild=False, tiles="XOXOCOX--")
    board = Board(state, bots={1: RandomBot(seed=1)})
    board.hint()
    send(board, "new")
    assert board.state is not state and board.hint_words == "" and "ttn-coach" not in board.svg


def test_no_hint_while_the_board_passes_for_the_human():
    state = random_game("tic-tac-ko", 0, stop_after=1)
    mover = state.to_move
    assert tuple(state.legal_actions()) == ("pass",)

    async def on_a_loop() -> Board:  # the pass waits on the loop, as in a notebook
        board = Board(state, bots={p: RandomBot(seed=p) for p in range(state.num_players) if p != mover})
        assert board._forced_pass() and not state.history[1:]
        assert not board.can_hint
        send(board, "hint")
        return board

    board = asyncio.run(on_a_loop())
    assert board.message == "passing is all you can do here, and the board passes for you"
    assert board.hint_words == "" and "ttn-coach" not in board.svg
    asking = Board(state.clone(), bots={p: RandomBot(seed=p) for p in range(state.num_players) if p != mover},
                   auto_pass=False)  # a board that asks instead offers the hint
    assert asking.can_hint


def test_the_sentences_next_best_is_the_boards_second_on_ties():
    tied = 0
    for seed in range(12):
        state = random_game("tic-toc", seed, stop_after=4 + seed % 5)
        if state.outcome is not None or len(state.legal_actions()) < 3:
            continue
        hint = coach.hint(state)
        second = [t for t in hint.targets.values() if t.rank == 2 and t.target in state.legal_actions()]
        if "next best: " not in hint.sentence or not second:
            continue
        runner = hint.sentence.split("next best: ")[1]
        assert runner.startswith(state.describe(second[0].target) + ", "), (hint.sentence, second)
        chances = [c.chance for c in hint.choices if c.action != hint.best and c.chance is not None]
        tied += chances.count(second[0].chance) > 1
    assert tied, "no position with a tie for second place was checked"


def test_ko_hints_read_as_english_and_claim_no_comparison_they_disown():
    assert (words.reason("the best score of 20 actions over 2 sampled worlds, level with (a tie broken at random) "
                         "play Mumbles on space 4") == "it scores best, as good as playing Mumbles on space 4")
    assert (words.reason("the best score of 9 actions over 2 sampled worlds, 3 points ahead of pass, not answering "
                         "with an Instant") == "it scores best, ahead of passing, not answering with an Instant")
    assert words.doing("SWAP Mumbles with Lil' Red") == "SWAPPING Mumbles with Lil' Red"
    assert words.doing("write F in board 6 cell 1") == "writing F in board 6 cell 1"
    said = 0
    for seed in range(6):
        state = random_game("tic-tac-ko", seed, stop_after=6 + seed)
        if state.outcome is not None or len(state.legal_actions()) < 2:
            continue
        hint = coach.hint(state)
        assert "cannot judge" not in hint.sentence and "as good as play " not in hint.sentence
        assert " ahead of play " not in hint.sentence and hint.sentence.endswith(f"; {words.NO_CHANCE}.")
        said += " as good as " in hint.sentence or " ahead of " in hint.sentence
    assert said


@pytest.mark.parametrize(("players", "expected"), [
    (2, "even odds (45%)"),
    (3, "about 1 in 2 to win (45%; an even share among 3 players is 1 in 3)"),
    (4, "about 1 in 2 to win (45%; an even share among 4 players is 1 in 4)"),
])
def test_a_chance_is_said_against_the_seat_count(players, expected):
    assert words.odds(0.45, players) == expected
    assert words.odds(0.33, players).startswith("about 1 in 3 to win (33%")
    assert ("even odds" in words.odds(0.5, players)) == (players == 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hint_says_its_chance_for_the_games_seat_count(players):
    state = random_game("tic-toc", 3, stop_after=6, players=players)
    hint = coach.hint(state)
    assert sides(state) == players and words.odds(hint.chance, players) in hint.sentence
    assert ("even share" in hint.sentence) == (players > 2 and 0.05 <= hint.chance < 0.95)


def test_ko_in_teams_has_two_sides_whatever_its_seats():
    assert [sides(tictac_nb.new_game("tic-tac-ko", seed=1, players=n)) for n in (2, 3, 4)] == [2, 2, 2]


def test_the_chart_says_how_the_coach_judged_in_a_players_words():
    assert words.how_judged("MCTS, 2,000 playouts") == "trying 2,000 games from each position"
    assert words.how_judged("KOBot") == "by the computer player's own rules"
    state = tictac_nb.new_game("tic-tac-two", seed=1, peek=False, wild=False, tiles="XOXOCOX--")
    for move in ("1", "5", "2", "9"):
        state.play(move)
    chart = coach.evaluation_chart(coach.analyse(state, seat_of_view=1))
    assert "by the coach (trying 2,000 games from each position)" in chart and "playouts" not in chart
