"""The Tic Tac K.O. bot: it decides from its own view and beats random play."""

from __future__ import annotations

import random

import pytest
from helpers import play
from tic_tac_ko.ko_scripts import CUTE_HAND, EVIL_HAND, new

import tictac_nb
from tictac_nb import RandomBot
from tictac_nb.games.tic_tac_ko.bots import KOBot, evaluate


@pytest.mark.parametrize("players", [2, 3, 4])
def test_kobot_decides_only_from_what_its_seat_knows(players):
    for seed in range(6):
        state = tictac_nb.new_game("tic-tac-ko", seed=seed, players=players)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 60)):
            if state.outcome is None:
                state.play(rng.choice(state.legal_actions()))
        if state.outcome is not None:
            continue
        lookalike = state.determinize(state.to_move, random.Random(seed + 100))
        assert KOBot(seed=3).choose(state) == KOBot(seed=3).choose(lookalike)


def test_kobot_beats_random_play():
    wins = 0
    for game in range(20):
        state = tictac_nb.new_game("tic-tac-ko", seed=game, players=2)
        mine = game % 2
        bots = {mine: KOBot(seed=game), 1 - mine: RandomBot(seed=game)}
        while state.outcome is None:
            state.play(bots[state.to_move].choose(state))
        wins += state.outcome.winners == (mine,)
    assert wins >= 16


def test_kobot_stops_a_king_creepy_that_would_destroy_its_card():
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], cute=["Friendship Circle"] + CUTE_HAND[:5],
                layout={"1": "Lil' Red", "2": "Button"}, objectives=["Middle Row", "Top Row"])
    play(state, "play King Creepy @5")
    assert KOBot(seed=1).choose(state) == "respond Friendship Circle"


def test_kobot_completes_its_objective():
    state = new(evil=EVIL_HAND, layout={"1": "Scutters", "2": "Mumbles"})
    assert KOBot(seed=1).choose(state).endswith("@3")


def test_evaluate_prefers_completed_objectives_and_wins():
    state = new(evil=EVIL_HAND, layout={"1": "Scutters", "2": "Mumbles"})
    before = evaluate(state, 0)
    play(state, "play Grimble @3", "pass")
    assert evaluate(state, 0) > before and evaluate(state, 1) < -before
    state = new(evil=EVIL_HAND, layout={"1": "Scutters", "2": "Mumbles"})
    state.completed = [[5, 6], []]  # scripted: Evil has two Objectives already
    play(state, "play Grimble @3", "pass")
    assert evaluate(state, 0) == 100_000.0 and evaluate(state, 1) == -100_000.0


def test_kobot_refuses_bad_settings():
    with pytest.raises(ValueError, match="samples must be a whole number"):
        KOBot(samples=0)
