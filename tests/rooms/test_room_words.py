"""A room's words from each screen's side: another seat's action is told as done by them ("Player 2 played Pirate
on their table."), the mover's own as "You ..."; the seat the room is about to pass for is told so ("passing: no
answer" in K.O.), and only that seat; auto-pass is offered, in the game's own words, only in a game with answer
windows. Every action is worded in one place (`tictac_nb.core.words.told` on the game's `describe()`)."""

from __future__ import annotations

import random

import pytest
from helpers import ALL_GAMES

import tictac_nb
from tictac_nb.core.words import auto_pass_words, told
from tictac_nb.rooms.pages import game_forms
from tictac_nb.rooms.room import Room, Seat


def a_room(state) -> tuple[Room, list]:
    """A room on `state` with a human at every seat, each seat's view joined (no server, no event loop)."""
    room = Room("words", state, [Seat(None) for _ in range(state.num_players)])
    views = [room.join(seat, lambda frame: None) for seat in range(state.num_players)]
    return room, views


def test_another_seats_action_is_told_from_the_viewers_side():
    state = tictac_nb.new_game("tic-toc", seed=4, players=3)
    room, views = a_room(state)
    mover, name = state.to_move, state.player_name(state.to_move)
    action = next(a for a in state.legal_actions() if state.describe(a).endswith("on your table"))
    card = state.describe(action).removeprefix("play ").removesuffix(" on your table")
    room.gallery.add(lambda data: None, None)  # a spectator
    room.handle(views[mover], f'{{"type": "act", "target": "{action}", "turn": {views[mover].turn}}}')
    assert views[mover].said == f"You played {card} on your table."
    for seat, view in enumerate(views):
        if seat != mover:
            assert view.said == f"{name} played {card} on their table.", view.said
    assert room.gallery.view.said == f"{name} played {card} on their table."  # the onlooker reads it as any seat


@pytest.mark.parametrize("name", ALL_GAMES)
def test_every_action_of_every_game_is_told_as_done_never_as_an_order(name):
    state = tictac_nb.new_game(name, seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if state.outcome is not None:
            break
        action = rng.choice(state.legal_actions())
        words = state.describe(action)
        other, own = told("Player 9", words), told("Player 9", words, yours=True)
        assert other.startswith("Player 9 ") and own.startswith("You ") and other.endswith(".")
        assert not other.startswith(f"Player 9: {words.split()[0]}"), other  # no order to the reader
        assert "your" not in other.replace("'you may'", ""), other
        state.play(action)


def forced_pass_position():
    """A four-player K.O. position where the seat to move can only pass (an answer window without an answer)."""
    for seed in range(40):
        state = tictac_nb.new_game("tic-tac-ko", seed=seed, players=4)
        rng = random.Random(seed)
        while state.outcome is None and len(state.history) < 80:
            if tuple(state.legal_actions()) == ("pass",):
                return state
            state.play(rng.choice([a for a in state.legal_actions() if a != "pass"] or ["pass"]))
    raise AssertionError("no K.O. game came to a window where a seat can only pass")


def test_the_seat_the_room_passes_for_is_told_why_and_only_that_seat():
    state = forced_pass_position()
    room, views = a_room(state)
    mover = state.to_move
    assert room.forced_pass()
    why = tictac_nb.GAMES["tic-tac-ko"].passing_words[2]
    assert views[mover].status == f"{state.player_name(mover)} is passing: {why}"
    assert all("passing" not in view.status for seat, view in enumerate(views) if seat != mover)
    room.set_auto_pass(False)  # the teacher turns it off: the seat is asked after all, and told so at once
    assert "passing" not in views[mover].status and not room.forced_pass()
    room.set_auto_pass(True)
    assert "is passing" in views[mover].status
    room.bot_move("pass")  # what the room does after its pause
    assert state.history[-1] == "pass" and views[mover].said.startswith("You passed")
    assert views[(mover + 1) % 4].said.startswith(f"{state.player_name(mover)} passed")


def test_auto_pass_is_offered_in_k_o_s_own_words():
    forms = game_forms()
    assert forms["tic-tac-ko"]["auto_pass"]["label"] == tictac_nb.GAMES["tic-tac-ko"].passing_words[0]
    assert "Instant" in forms["tic-tac-ko"]["auto_pass"]["help"]


@pytest.mark.parametrize("name", ALL_GAMES)
def test_auto_pass_is_offered_only_where_the_game_has_answer_windows(name):
    game, form = tictac_nb.GAMES[name], game_forms()[name]
    assert (form["auto_pass"] is None) == ("answer" not in game.phases)
    if form["auto_pass"] is None:
        assert auto_pass_words(game) is None
