"""TicTocBot plays from its own view, takes a win when it sees one, and beats random play clearly."""

from __future__ import annotations

import random

import pytest
from helpers import play

import tictac_nb
from tictac_nb import MCTSBot, RandomBot
from tictac_nb.games.tic_toc.bots import TicTocBot


def test_the_bot_beats_random_play_clearly():
    wins = 0
    for seed in range(60):
        state = tictac_nb.new_game("tic-toc", seed=seed)
        seat = seed % 2
        bots = {seat: TicTocBot(seed), 1 - seat: RandomBot(seed)}
        while state.outcome is None:
            state.play(bots[state.to_move].choose(state))
        wins += state.outcome.winners == (seat,)
    assert wins >= 54


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bot_decides_only_from_what_its_seat_knows(players):
    for seed in range(6):
        state = tictac_nb.new_game("tic-toc", seed=seed, players=players)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 80)):
            if state.outcome is not None:
                break
            state.play(rng.choice(state.legal_actions()))
        if state.outcome is None:
            lookalike = state.determinize(state.to_move, random.Random(seed + 100))
            assert TicTocBot().choose(state) == TicTocBot().choose(lookalike)


def test_the_bot_takes_a_third_crocodile_when_it_sees_one(deal):
    state = deal([["Croc", "Croc", "Treasure"], ["Pirate"] * 3], market=("Boy", "Croc", "Pirate", "Hook"),
                 draws=("Pan", "Boy"))
    assert TicTocBot().choose(state) == "treasure Croc"


def test_the_bot_places_the_sixth_crew_card(deal):
    state = deal([["Pan", "Boy", "Boy"], ["Pirate"] * 3], draws=("Boy", "Boy", "Pirate", "Pirate", "Boy", "Smee"))
    play(state, "play Pan", *["play Boy"] * 4, "end", "discard Pirate", "discard Pirate", "end")
    assert TicTocBot().choose(state) == "play Boy"


def test_the_bot_stops_the_player_nearest_to_winning(deal):
    state = deal([["Hook", "Pirate", "Pirate"], ["Croc", "Boy", "Boy"]], draws=("Pirate", "Pirate", "Boy", "Boy"))
    play(state, "play Hook", *["play Pirate"] * 4, "end")
    assert TicTocBot().choose(state) == "croc @1"


def test_the_bot_gets_down_to_3_cards_before_ending(deal):
    state = deal([["Smee", "Tink", "Treasure"], ["Pirate"] * 3], market=("Smee", "Smee", "Smee", "Smee"),
                 draws=("Croc", "Pirate"), deck={"Smee": 6})
    bot = TicTocBot()
    while state.to_move == 0:
        action = bot.choose(state)
        state.play(action)
        if action == "end":
            break
    assert state.history[-1] == "end" and state.view(None)["hand_sizes"][0] <= 3


def test_the_generic_mcts_bot_plays_a_legal_action_in_a_4_player_game():
    state = tictac_nb.new_game("tic-toc", seed=2, players=4)
    bot = MCTSBot(iterations=20, seed=1, max_playout=200)
    for _ in range(6):
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.play(action)
