"""The card family's rules on scripted deals (option `order` fixes the top of the deck): each effect of the
vocabulary, combined steps, the ways to win, turn structure, refusals in the game's words."""

from __future__ import annotations

import pytest
from cards.decks import EVERY_EFFECT, registered

import tictac_nb
from tictac_nb import IllegalAction
from tictac_nb.cards import card_game


@pytest.fixture(scope="module")
def game():
    with registered() as made:
        yield made


def deal(game, x, o, draws=(), **options):
    """X holds `x`, O holds `o` (3 cards each), X starts and draws `draws` first (8 Duds in the deck)."""
    options = {"first_player": 0, "order": [*x, *o, *draws], "deck": {"Dud": 8}, **options}
    return game.new_game(seed=1, **options)


def play(state, *actions):
    for action in actions:
        state.play(action)


def refused(state, action, words):
    before = state.key()
    with pytest.raises(IllegalAction) as error:
        state.play(action)
    assert words in str(error.value), str(error.value)
    assert state.key() == before


def test_a_turn_draws_then_plays_a_card_whose_step_asks_for_a_square(game):
    state = deal(game, ["Mark", "Mark", "Eraser"], ["Mark", "Mark", "Mark"], ["Top Row", "Dud"])
    assert state.view(0)["hand"] == ["Mark", "Mark", "Top Row", "Eraser"] and state.view(0)["drawn"] == ["Top Row"]
    assert state.legal_actions() == ("play Mark", "play Top Row")  # Eraser has no mark of O's to remove
    refused(state, "play Eraser", "Eraser cannot be played now: its first step (remove an opponent's mark) has "
                                  "nothing to act on")
    play(state, "play Top Row")
    assert state.legal_actions() == ("a1", "b1", "c1") and state.phase() == "step"
    assert state.status() == "X to move: Top Row: place your mark in row 1"
    refused(state, "b2", "square b2 will not do: Top Row: place your mark in row 1")
    play(state, "b1")
    assert state.view(None)["cells"][1] == "X" and state.to_move == 1
    assert state.view(1)["drawn"] == ["Dud"] and state.view(None)["discard"] == ["Top Row"]


def test_remove_move_and_swap_act_on_the_marks_they_name(game):
    state = deal(game, ["Mark", "Shift", "Swap"], ["Mark", "Eraser", "Mark"], ["Dud"] * 4)
    play(state, "play Mark", "a1", "play Mark", "b2")
    assert state.legal_actions() == ("play Shift", "play Swap", "play Dud")
    play(state, "play Shift")
    assert state.legal_actions() == ("a1",)  # your own marks first
    play(state, "a1")
    assert "a1" not in state.legal_actions() and "b2" not in state.legal_actions() and "c3" in state.legal_actions()
    assert state.status() == "X to move: Shift: choose an empty square for your mark on a1"
    play(state, "c3")
    assert state.view(None)["cells"][0] is None and state.view(None)["cells"][8] == "X"
    play(state, "play Eraser")
    assert state.legal_actions() == ("c3",)
    play(state, "c3")
    assert state.view(None)["cells"].count("X") == 0
    state = deal(game, ["Mark", "Swap", "Dud"], ["Mark", "Dud", "Dud"], ["Dud"] * 3)
    play(state, "play Mark", "a1", "play Mark", "b2", "play Swap", "a1")
    assert state.legal_actions() == ("b2",)  # then an opponent's mark
    play(state, "b2")
    assert state.view(None)["cells"][0] == "O" and state.view(None)["cells"][4] == "X"


def test_a_swap_that_completes_the_opponents_line_makes_them_win(game):
    state = deal(game, ["Mark", "Mark", "Swap"], ["Mark", "Mark", "Mark"], ["Mark"] + ["Dud"] * 6)
    play(state, "play Mark", "a2", "play Mark", "a1", "play Mark", "c1", "play Mark", "b1", "play Mark", "c3",
         "play Mark", "b3", "play Swap", "c1", "b3")
    assert state.outcome.winners == (1,) and state.outcome.reason == "O wins with a line of 3"
    assert state.view(None)["line"] == ["a1", "b1", "c1"]


def test_block_takes_its_places_only_and_a_blocked_square_takes_no_mark(game):
    state = deal(game, ["Wall", "Mark", "Dud"], ["Mark", "Dud", "Dud"], ["Dud", "Dud"])
    play(state, "play Wall")
    assert state.legal_actions() == ("a1", "c1", "a3", "c3")
    play(state, "a1", "play Mark")
    assert "a1" not in state.legal_actions()
    refused(state, "a1", "square a1 will not do: Mark: place your mark on an empty square (it is blocked)")
    assert state.view(None)["cells"][0] == "#"


def test_draw_discard_steal_again_and_points_change_hands_turns_and_scores(game):
    state = deal(game, ["Rush", "Trade", "Thief"], ["Gold", "Twice", "Mark"], ["Dud"] + ["Mark"] * 6)
    play(state, "play Rush")  # draw 1 (Mark), then place
    assert state.view(0)["hand"] == ["Mark", "Trade", "Thief", "Dud"] and state.phase() == "step"
    play(state, "b2")
    play(state, "play Twice", "a1")  # O draws Mark, places, and goes again
    assert state.to_move == 1 and state.view(1)["hand_sizes"] == [4, 4]  # and drew again
    play(state, "play Gold")
    assert state.current_scores() is None  # a line game keeps no score; the points are kept for the view
    assert state.points == [0, 2]
    play(state, "play Trade")
    assert state.legal_actions() == ("discard Mark", "discard Thief", "discard Dud")
    play(state, "discard Dud")
    assert state.view(0)["drawn"] == ["Mark", "Mark"] and state.view(0)["hand_sizes"][0] == 5
    play(state, "play Mark", "c3", "play Thief")  # O's turn, then X's
    assert state.legal_actions() == ("steal @2",)
    before = state.view(None)["hand_sizes"]
    play(state, "steal @2")
    assert state.view(None)["hand_sizes"] == [before[0] + 1, before[1] - 1]
    assert state.view(None)["log"][-1] == "X stole a card from O"  # which card: the thief and the victim see it
    assert set(state.legal_actions()) == {"b1", "c1", "a2", "c2", "a3", "b3"}  # then the empty edge squares


def test_with_no_card_to_play_a_player_discards_one(game):
    state = deal(game, ["Eraser", "Eraser", "Shift"], ["Mark", "Mark", "Mark"], ["Swap"])
    assert state.legal_actions() == ("discard Eraser", "discard Shift", "discard Swap")
    assert state.status() == "X to move: play a card from your hand (discard one if none can be played)"
    refused(state, "play Shift", "Shift cannot be played now")
    play(state, "discard Swap")
    assert state.to_move == 1 and state.view(None)["discard"] == ["Swap"]


def test_a_line_of_k_wins_and_the_cards_running_out_is_a_draw():
    table = [{"name": "Mark", "count": 8, "effect": "place"}]
    with registered("line-deck", table, hand=2) as game:
        state = game.new_game(seed=1, first_player=0)
        play(state, "play Mark", "a1", "play Mark", "a2", "play Mark", "b1", "play Mark", "b2", "play Mark", "c1")
        assert state.outcome.winners == (0,) and state.outcome.reason == "X wins with a line of 3"
        state = game.new_game(seed=1, first_player=0)
        for square in ("b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3"):
            play(state, "play Mark", square)
        assert state.outcome.winners == () and state.outcome.reason == "The cards ran out with no line: a draw"


def test_the_points_and_deck_ways_to_win_count_scores():
    table = [{"name": "Mark", "count": 6, "effect": "place"}, {"name": "Gold", "count": 2, "effect": "points 3"}]
    with registered("score-deck", table, hand=2, win="points") as game:
        state = game.new_game(seed=1, first_player=0, order=["Gold", "Mark", "Mark", "Mark", "Mark", "Gold"])
        play(state, "play Gold", "play Mark", "b2")
        assert state.current_scores() == (3.0, 0.0)
        while state.outcome is None:
            play(state, state.legal_actions()[0])
        scores = state.outcome.scores
        assert scores[0] == 3 + state.lines_of(0) and scores[1] == 3 + state.lines_of(1)
        assert state.outcome.reason.startswith("The cards ran out: ")
    with registered("deck-deck", table, hand=2, win="deck") as game:
        state = game.new_game(seed=1, first_player=0, order=["Mark", "Mark", "Mark", "Mark"])
        while state.outcome is None:
            play(state, state.legal_actions()[0])
        assert state.outcome.reason.startswith(("X must draw from an empty deck", "O must draw from an empty deck"))
        assert list(state.outcome.scores) == [state.points[q] + state.bits[q].bit_count() for q in (0, 1)]


def test_play_then_draw_and_two_plays_a_turn():
    table = [{"name": "Mark", "count": 12, "effect": "place"}]
    with registered("turns-deck", table, turn="play, draw", plays=2) as game:
        state = game.new_game(seed=1, first_player=0)
        assert state.view(0)["hand_sizes"] == [3, 3]  # no draw before the first play
        play(state, "play Mark", "a1")
        assert state.to_move == 0 and state.legal_actions() == ("play Mark", "end")
        play(state, "end")
        assert state.to_move == 1 and state.view(None)["hand_sizes"] == [3, 3]  # drew 1 at the end of the turn
        play(state, "play Mark", "b1", "play Mark", "b2")
        assert state.to_move == 0  # two plays end the turn


def test_a_python_effect_runs_with_the_states_helpers():
    def jackpot(state, seat):
        state.win(seat, f"{state.player_name(seat)} hits the jackpot")

    table = [{"name": "Mark", "count": 6, "effect": "place"}, {"name": "Jackpot", "count": 1, "effect": "jackpot"}]
    with registered("jackpot-deck", table, effects={"jackpot": jackpot}) as game:
        state = game.new_game(seed=1, first_player=0, order=["Mark", "Mark", "Jackpot"])
        play(state, "play Jackpot")
        assert state.outcome.winners == (0,) and state.outcome.reason == "X hits the jackpot"
        assert state.view(None)["discard"] == ["Jackpot"]


def test_marks_a_python_effect_puts_make_lines_too():
    def row_of_o(state, seat):
        for name in ("a1", "b1", "c1"):
            state.put(state.cell(name), 2)

    table = [{"name": "Mark", "count": 6, "effect": "place"}, {"name": "Gift", "count": 1, "effect": "row_of_o"}]
    with registered("gift-deck", table, effects={"row_of_o": row_of_o}) as game:
        state = game.new_game(seed=1, first_player=0, order=["Mark", "Mark", "Gift"])
        play(state, "play Gift")
        assert state.outcome.winners == (1,) and state.view(None)["line"] == ["a1", "b1", "c1"]


JUNK = [("", "is no action of Test Deck"), ("play Fireball", "'fireball' is no card of this deck; its cards are Mark"),
        ("play Gold", "you have no Gold in hand"), ("discard Mark", "you may discard only when no card in your hand"),
        ("end", "play a card first"), ("b2", "first play a card from your hand, e.g. 'play Mark'"),
        ("steal @2", "no card of yours is stealing now"), ("PLAY MARK", "write the action exactly as 'play Mark'"),
        ("z9", "is no action of Test Deck")]


@pytest.mark.parametrize(("action", "words"), JUNK)
def test_refusals_name_the_rule_in_the_games_words(game, action, words):
    refused(deal(game, ["Mark", "Mark", "Eraser"], ["Mark", "Mark", "Mark"], ["Dud"]), action, words)


def test_a_refusal_in_the_middle_of_a_card_says_what_it_waits_for(game):
    state = deal(game, ["Mark", "Mark", "Eraser"], ["Mark", "Mark", "Mark"], ["Dud"])
    play(state, "play Mark")
    refused(state, "play Mark", "X is in the middle of a card: Mark: place your mark on an empty square, e.g. 'a1'")


def test_every_action_is_notation_that_round_trips_through_records(game):
    state = deal(game, ["Rush", "Thief", "Swap"], ["Mark", "Shift", "Trade"], ["Mark"] * 6)
    rng = __import__("random").Random(3)
    while state.outcome is None:
        action = rng.choice(state.legal_actions())
        assert type(action) is str and state.is_legal(action)
        state.play(action)
    again = tictac_nb.from_record(state.record())
    assert again.key() == state.key() and again.record() == state.record()
    assert state.record()["setup"]["deal"][:6] == ["Rush", "Thief", "Swap", "Mark", "Shift", "Trade"]


@pytest.mark.parametrize("options", [{}, {"players": 3, "win": "points"}, {"players": 4, "turn": "play, draw"},
                                     {"win": "deck", "plays": 2, "draws": 2, "rows": 4, "cols": 4}])
def test_the_family_passes_check_game_without_hidden_information_code(options):
    with registered("checked-deck", **options) as game:
        report = tictac_nb.check_game(game, games=4)
        assert report.ok, report.failures


def test_a_game_is_made_from_options_the_rules_page_prints():
    game = card_game("rules-deck", "Rules Deck", EVERY_EFFECT, win="points", plays=2)
    rules = game.rules
    assert "- On your turn, draw 1 card, then play up to 2 cards." in rules
    assert "- Thief (x2): Take a card at random from an opponent's hand, then place your mark on an empty edge " \
           "square." in rules
    assert rules.count("For players (the rules page of the print sheet):") == 1
