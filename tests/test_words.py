"""A player's words, said once: every option a play page or the lobby offers has a label and a help line in
a player's words (no Python values, no notation), every bot a display name, and every screen reads the same
table; play pages deal six-digit game numbers."""

from __future__ import annotations

import re

import pytest
from helpers import ALL_GAMES

import tictac_nb
from tictac_nb.core import words
from tictac_nb.lab.widget import BOT_CHOICES, OptionControl
from tictac_nb.notebook.play import GAME_NUMBERS, HUMAN, Dealer, PlayPage
from tictac_nb.rooms.pages import game_forms, lobby_words

CODE = re.compile(r"\bNone\b|\bFalse\b|\bTrue\b|[{}\[\]]|\b0 \(|_|\.py\b|MCTSBot|RandomBot|Bot\b")


@pytest.mark.parametrize("name", ALL_GAMES)
def test_every_offered_option_is_labelled_and_helped_in_a_players_words(name):
    game = tictac_nb.GAMES[name]
    dealer, form = Dealer(game), game_forms()[name]
    for key, control in dealer.controls.items():
        assert not CODE.search(control.label) and not CODE.search(control.help), (key, control.help)
        assert control.help == words.option_help(game.options[key])
        assert control.label == words.option_label(key, game.options[key])
    for key, option in form["options"].items():  # the lobby says the very same words
        assert (option["label"], option["help"]) == (dealer.controls[key].label, dealer.controls[key].help), key


def test_skip_unable_says_what_it_gives_away_and_auto_pass_what_it_does():
    help_line = game_forms()["tic-tac-ko"]["options"]["skip_unable"]["help"]
    assert "gives away" in help_line and "Instant" in help_line
    assert "pass" in lobby_words()["room"]["auto_pass"]["help"]


def test_bots_have_display_names_in_words_on_every_screen():
    assert words.bot_words("default") == "the game's bot" and words.bot_words("random") == "random"
    assert words.bot_words(words.QUICK_MCTS) == "quick MCTS" and words.bot_words("mcts:50") == "MCTS, 50 iterations"
    seats = [said for _, said in lobby_words()["seats"]]
    assert seats == [words.BOTS[k] for k in ("human", "default", "random", "mcts")]
    assert list(Dealer("tic-tac-ko").bots) == [words.BOTS[k] for k in ("default", "mcts", "random")]
    assert [label for label, _ in BOT_CHOICES] == [words.bot_words(spec) for _, spec in BOT_CHOICES]
    assert not any(CODE.search(said) for said in [*seats, *Dealer("tyc").bots])


def test_design_lab_labels_its_options_from_the_table():
    game = tictac_nb.GAMES["tic-tac-ko"]
    control = OptionControl("skip_unable", game.options["skip_unable"])
    assert control.widget.description == words.option_label("skip_unable", game.options["skip_unable"])


def test_play_pages_deal_six_digit_game_numbers():
    dealer = Dealer("tyc")
    assert all(dealer.deal({}, [HUMAN, words.BOTS["random"]]).state.seed < GAME_NUMBERS for _ in range(20))
    assert GAME_NUMBERS == 10**6
    assert PlayPage("tyc", seed=3).board.state.seed < GAME_NUMBERS
