"""TIC TOC: one test per rule of the rulebook and per ruling, on scripted positions (fixed deck order)."""

from __future__ import annotations

import pytest
from helpers import play, refused
from tic_toc.toc_scripts import hand

import tictac_nb
from tictac_nb import InvalidOption


# ---- the box and the deal ----------------------------------------------------------------------------
def test_the_kits_deck_has_64_cards_in_the_rulings_split():
    state = tictac_nb.new_game("tic-toc", seed=1)
    assert state.view(None)["deck"] == {"Boy": 20, "Pan": 4, "Pirate": 20, "Hook": 4, "Croc": 4, "Smee": 4,
                                        "Tink": 4, "Treasure": 4}
    assert sum(state.card_census().values()) == 64


def test_the_deck_split_is_an_option_and_unnamed_kinds_keep_their_count():
    state = tictac_nb.new_game("tic-toc", seed=1, deck={"Croc": 6, "Lost Boy": 19, "pirate": 19})
    assert state.options["deck"] == {"Boy": 19, "Pan": 4, "Pirate": 19, "Hook": 4, "Croc": 6, "Smee": 4,
                                     "Tink": 4, "Treasure": 4}
    assert state.card_census()["Croc"] == 6 and sum(state.card_census().values()) == 64


@pytest.mark.parametrize("options, words", [
    ({"deck": {"Wendy": 2}}, "'Wendy', which is not a card"),
    ({"deck": {"Croc": -1}}, "a count is a whole number from 0 to 99"),
    ({"deck": [1, 2]}, "must be a dict of card names to counts"),
    ({"deck_order": ["Boy", "Wendy"]}, "'Wendy', which is not a card"),
    ({"deck_order": ["Hook"] * 5}, "option 'deck_order' has more Captain Hook cards than the deck (4)"),
    ({"players": 3, "first_player": 3}, "option 'first_player' is seat 3, but a 3-player game has seats 0 to 2"),
    ({"players": 4, "deck": {"Boy": 12, "Pirate": 0, "Pan": 0, "Hook": 0, "Croc": 0, "Smee": 0, "Tink": 0,
                             "Treasure": 3}},
     "option 'deck' has 15 cards, too few to deal 3 to each of 4 players and 4 to the market"),
    ({"players": 5}, "option 'players' must be one of 2, 3, 4"),
    ({"turn_cap": 0}, "option 'turn_cap' must be a whole number from 1 to 10000"),
])
def test_bad_options_are_refused_by_name(options, words):
    with pytest.raises(InvalidOption) as error:
        tictac_nb.new_game("tic-toc", seed=1, **options)
    assert words in str(error.value)


def test_the_deal_gives_3_cards_each_from_the_first_player_then_4_to_the_market(deal):
    state = deal([["Boy", "Pan", "Boy"], ["Hook", "Pirate", "Smee"], ["Tink", "Croc", "Boy"]],
                 market=("Treasure", "Pirate", "Boy", "Smee"), draws=("Pirate", "Croc"), first_player=1)
    assert state.setup_record()["deck"][:12] == ["Hook", "Pirate", "Smee", "Tink", "Croc", "Boy", "Boy", "Pan",
                                                 "Boy", "Treasure", "Pirate", "Boy"]
    assert hand(state, 0) == ["Boy", "Boy", "Pan"]
    assert hand(state, 2) == ["Boy", "Croc", "Tink"]
    assert hand(state, 1) == sorted(["Hook", "Pirate", "Smee", "Pirate", "Croc"])  # first player drew 2
    assert state.view(None)["market"] == ["Treasure", "Pirate", "Boy", "Smee"]
    assert state.to_move == 1 and state.view(None)["draw_size"] == 64 - 9 - 4 - 2
    assert state.view(None)["hand_sizes"] == [3, 5, 3]


def test_without_first_player_the_seed_chooses_who_starts():
    starts = {tictac_nb.new_game("tic-toc", seed=s, players=4).first_player for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert tictac_nb.new_game("tic-toc", seed=7).first_player == tictac_nb.new_game("tic-toc", seed=7).first_player


# ---- the turn ------------------------------------------------------------------------------------------
def test_a_turn_starts_by_drawing_2_and_ends_only_with_3_cards_or_fewer(deal):
    state = deal([["Boy", "Boy", "Pirate"], ["Pirate", "Pirate", "Smee"]], draws=("Pan", "Boy", "Hook", "Croc"))
    assert hand(state, 0) == ["Boy", "Boy", "Boy", "Pan", "Pirate"]
    assert state.status() == "Turn 1: Player 1 drew 2 and holds 5 cards: play or discard down to 3"
    assert "end" not in state.legal_actions()
    assert refused(state, "end") == "you must discard down to 3 cards before ending your turn (you hold 5)"
    play(state, "play Pan", "discard Pirate")
    assert state.status() == "Turn 1: Player 1 drew 2: play, discard, or end the turn"
    play(state, "end")
    assert state.to_move == 1 and state.turn == 2
    assert hand(state, 1) == ["Croc", "Hook", "Pirate", "Pirate", "Smee"]


def test_any_number_of_cards_may_be_played_and_discarded_in_a_turn(deal):
    state = deal([["Boy", "Boy", "Boy"], ["Pirate"] * 3], draws=("Boy", "Pan"))
    play(state, "play Boy", "play Boy", "play Pan", "discard Boy", "play Boy")
    assert state.view(None)["tables"][0] == {"team": "Lost Boys", "leader": True, "crew": 3}
    assert state.view(None)["discard"] == ["Boy"] and hand(state, 0) == []
    assert state.legal_actions() == ("end",)


def test_a_discarded_card_goes_on_top_of_the_discard_pile(deal):
    state = deal([["Boy", "Smee", "Croc"], ["Pirate"] * 3], draws=("Boy", "Pan"))
    play(state, "discard Smee", "discard Croc")
    assert state.view(1)["discard"] == ["Smee", "Croc"]
    assert refused(state, "discard Hook") == "you have no Captain Hook in hand to discard"


# ---- teams and switching ---------------------------------------------------------------------------------
def test_a_table_holds_one_team_with_at_most_one_leader(deal):
    state = deal([["Pan", "Pan", "Boy"], ["Pirate"] * 3], draws=("Boy", "Hook"))
    play(state, "play Pan")
    assert "play Pan" not in state.legal_actions() and "discard Pan" in state.legal_actions()
    assert refused(state, "play Pan") == "your table already has Peter Pan: a team has at most one"
    play(state, "play Boy", "play Boy")
    assert state.view(None)["tables"][0] == {"team": "Lost Boys", "leader": True, "crew": 2}


def test_playing_the_other_team_is_a_switch_that_discards_the_table_first(deal):
    state = deal([["Pan", "Boy", "Hook"], ["Pirate"] * 3], draws=("Boy", "Pirate"))
    play(state, "play Pan", "play Boy", "play Boy")
    assert refused(state, "play Hook") == ("your table holds Lost Boys: playing Captain Hook switches teams and "
                                           "discards your table; write 'play Hook (switch)'")
    assert "play Hook (switch)" in state.legal_actions() and "play Pirate (switch)" in state.legal_actions()
    play(state, "play Hook (switch)")
    assert state.view(None)["tables"][0] == {"team": "Pirates", "leader": True, "crew": 0}
    assert sorted(state.view(None)["discard"]) == ["Boy", "Boy", "Pan"]
    play(state, "play Pirate")
    assert state.view(None)["tables"][0]["crew"] == 1
    assert refused(state, "play Pirate (switch)") == "you have no Pirate in hand"


def test_a_switch_needs_another_team_on_the_table(deal):
    state = deal([["Hook", "Pirate", "Boy"], ["Pirate"] * 3], draws=("Boy", "Pirate"))
    assert refused(state, "play Hook (switch)") == "your table holds no other team to discard: write 'play Hook'"
    play(state, "play Hook")
    assert refused(state, "play Pirate (switch)") == "your table holds no other team to discard: write 'play Pirate'"


def test_special_cards_are_not_placed_on_a_table(deal):
    state = deal([["Croc", "Tink", "Treasure"], ["Pirate"] * 3], draws=("Smee", "Boy"))
    assert refused(state, "play Croc") == "Crocodile is not placed on a table: play it with a target, like 'croc @N'"
    assert refused(state, "play Tink") == ("Tinker Bell is not placed on a table: play it with a target, "
                                           "like 'tink Hook'")


# ---- Tinker Bell -------------------------------------------------------------------------------------------
def test_tinker_bell_takes_a_card_of_the_discard_pile_and_is_discarded(deal):
    state = deal([["Tink", "Hook", "Smee"], ["Pirate"] * 3], draws=("Boy", "Pan"))
    assert not any(a.startswith("tink") for a in state.legal_actions())  # empty discard: no target
    assert refused(state, "tink Hook") == "there is no Captain Hook in the discard pile"
    play(state, "discard Hook", "discard Smee")
    assert {a for a in state.legal_actions() if a.startswith("tink")} == {"tink Hook", "tink Smee"}
    play(state, "tink Hook")
    assert hand(state, 0) == ["Boy", "Hook", "Pan"]
    assert state.view(None)["discard"] == ["Smee", "Tink"]
    assert state.view(None)["log"][-1] == "Player 1 took Captain Hook from the discard pile"


def test_tinker_bell_cannot_take_a_tinker_bell(deal):
    state = deal([["Tink", "Tink", "Boy"], ["Pirate"] * 3], draws=("Boy", "Pan"))
    play(state, "discard Tink")
    assert "tink Tink" not in state.legal_actions()
    assert refused(state, "tink Tink") == ("Tinker Bell cannot take another Tinker Bell (this kit's ruling: it "
                                           "would change nothing)")


# ---- Pirate Treasure ---------------------------------------------------------------------------------------
def test_pirate_treasure_takes_a_market_card_and_the_market_is_refilled_at_once(deal):
    state = deal([["Treasure", "Boy", "Boy"], ["Pirate"] * 3], market=("Hook", "Pirate", "Boy", "Pirate"),
                 draws=("Boy", "Pan", "Croc"))
    assert {a for a in state.legal_actions() if a.startswith("treasure")} == {
        "treasure Hook", "treasure Pirate", "treasure Boy"}
    size = state.view(None)["draw_size"]
    play(state, "treasure Hook")
    assert state.view(None)["market"] == ["Croc", "Pirate", "Boy", "Pirate"]  # the top card, in the same slot
    assert state.view(None)["draw_size"] == size - 1
    assert hand(state, 0) == ["Boy", "Boy", "Boy", "Hook", "Pan"]
    assert state.view(None)["discard"] == ["Treasure"]
    assert refused(state, "treasure Pan") == "you have no Pirate Treasure in hand"


def test_the_market_is_reachable_only_with_pirate_treasure(deal):
    state = deal([["Boy", "Boy", "Boy"], ["Pirate"] * 3], market=("Hook", "Pan", "Croc", "Smee"), draws=("Boy",))
    assert not any("Hook" in a or "Croc" in a for a in state.legal_actions())
    assert refused(state, "treasure Hook") == "you have no Pirate Treasure in hand"


# ---- Crocodile and Mr. Smee -----------------------------------------------------------------------------------
def pirates_against_a_crocodile(deal):
    """Player 1 builds Captain Hook and 2 Pirates; Player 2 holds two Crocodiles."""
    state = deal([["Hook", "Pirate", "Pirate"], ["Croc", "Croc", "Smee"]], draws=("Boy", "Boy", "Boy", "Pan"))
    return play(state, "play Hook", "play Pirate", "play Pirate", "end")


def test_a_crocodile_makes_captain_hook_escape_first(deal):
    state = pirates_against_a_crocodile(deal)
    assert [a for a in state.legal_actions() if a.startswith("croc")] == ["croc @1"]
    play(state, "croc @1")
    assert state.view(None)["tables"][0] == {"team": "Pirates", "leader": False, "crew": 2}
    assert state.view(None)["discard"][-2:] == ["Croc", "Hook"]
    assert state.view(None)["log"][-1] == "Player 2's Crocodile made Player 1's Captain Hook escape"


def test_a_crocodile_without_hook_there_makes_all_the_pirates_escape(deal):
    state = play(pirates_against_a_crocodile(deal), "croc @1", "croc @1")
    assert state.view(None)["tables"][0] == {"team": None, "leader": False, "crew": 0}
    assert state.view(None)["discard"][-3:] == ["Croc", "Pirate", "Pirate"]
    assert state.view(None)["log"][-1] == "Player 2's Crocodile made Player 1's 2 Pirates escape"


def test_a_crocodile_needs_another_player_with_pirates(deal):
    state = play(pirates_against_a_crocodile(deal), "croc @1")
    assert refused(state, "croc @2") == "Crocodile attacks another player, not yourself"
    assert refused(state, "croc @3") == "Crocodile needs a player to attack: write 'croc @N' with N from 1 to 2"
    assert refused(state, "smee @1") == ("Player 1 has neither Peter Pan nor Lost Boys on the table for Mr. Smee "
                                         "to chase away")
    play(state, "croc @1")
    assert not any(a.startswith("croc") for a in state.legal_actions())  # no valid target: it cannot be played
    assert "discard Croc" not in state.legal_actions() and hand(state, 1).count("Croc") == 0


def test_a_crocodile_with_no_target_can_still_be_discarded(deal):
    state = deal([["Croc", "Smee", "Boy"], ["Pirate"] * 3], draws=("Boy", "Boy"))
    assert not any(a.startswith(("croc", "smee")) for a in state.legal_actions())
    assert refused(state, "croc @2") == ("Player 2 has neither Captain Hook nor Pirates on the table for "
                                         "Crocodile to chase away")
    play(state, "discard Croc")


def test_mr_smee_makes_peter_pan_escape_then_the_lost_boys(deal):
    state = deal([["Boy", "Boy", "Pan"], ["Smee", "Smee", "Pirate"]], draws=("Boy", "Pirate", "Hook", "Pirate"))
    play(state, "play Pan", "play Boy", "play Boy", "play Boy", "end", "smee @1")
    assert state.view(None)["tables"][0] == {"team": "Lost Boys", "leader": False, "crew": 3}
    play(state, "smee @1")
    assert state.view(None)["tables"][0] == {"team": None, "leader": False, "crew": 0}
    assert state.view(None)["log"][-1] == "Player 2's Mr. Smee made Player 1's 3 Lost Boys escape"


def test_an_attack_chooses_among_several_players(deal):
    state = deal([["Croc", "Boy", "Boy"], ["Pirate", "Boy", "Boy"], ["Pirate", "Boy", "Boy"]],
                 draws=("Boy", "Boy", "Pirate", "Boy", "Boy", "Boy", "Boy", "Boy"))
    assert not any(a.startswith("croc") for a in state.legal_actions())
    play(state, "discard Boy", "discard Boy", "end")
    play(state, "play Pirate", "play Pirate", "discard Boy", "discard Boy", "end")  # Player 2: 2 Pirates
    play(state, "play Pirate", "discard Boy", "discard Boy", "end")  # Player 3: 1 Pirate
    assert [a for a in state.legal_actions() if a.startswith("croc")] == ["croc @2", "croc @3"]
    play(state, "croc @3")
    assert state.view(None)["tables"][2]["team"] is None and state.view(None)["tables"][1]["crew"] == 2


# ---- winning ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("crew, leader, team, name", [("Boy", "Pan", "Lost Boys", "Peter Pan"),
                                                      ("Pirate", "Hook", "Pirates", "Captain Hook")])
def test_a_leader_with_6_crew_wins_at_the_placement(deal, crew, leader, team, name):
    other = "Pirate" if crew == "Boy" else "Boy"
    state = deal([[leader, crew, crew], [other] * 3], draws=(crew, crew, other, other, crew, crew))
    play(state, f"play {leader}", *[f"play {crew}"] * 4, "end", f"discard {other}", f"discard {other}", "end")
    play(state, f"play {crew}")
    assert state.outcome is None and state.view(None)["tables"][0]["crew"] == 5
    play(state, f"play {crew}")
    assert state.outcome.winners == (0,)
    assert state.outcome.reason == f"Player 1 wins: {name} with 6 {team}"
    assert state.to_move is None and state.legal_actions() == ()


def test_the_crew_may_grow_past_6_and_the_leader_then_wins(deal):
    state = deal([["Boy"] * 3, ["Pirate"] * 3], draws=("Boy", "Boy", "Pirate", "Pirate", "Boy", "Boy", "Pirate",
                                                         "Pirate", "Pan", "Smee"))
    play(state, *["play Boy"] * 5, "end", "discard Pirate", "discard Pirate", "end", "play Boy", "play Boy")
    assert state.outcome is None and state.view(None)["tables"][0] == {"team": "Lost Boys", "leader": False,
                                                                        "crew": 7}
    play(state, "end", "discard Pirate", "discard Pirate", "end", "play Pan")
    assert state.outcome.reason == "Player 1 wins: Peter Pan with 7 Lost Boys"


def test_three_crocodiles_dealt_win_at_once(deal):
    state = deal([["Boy", "Pan", "Boy"], ["Croc", "Croc", "Croc"]])
    assert state.outcome.winners == (1,)
    assert state.outcome.reason == "Player 2 wins: TIC TOC! three Crocodiles in hand, after the deal"
    assert state.to_move is None and state.legal_actions() == () and state.history == []
    assert state.view(0)["known"][1] == ["Croc", "Croc", "Croc"]  # the shout shows them
    assert state.view(0)["hand"] == ["Boy", "Boy", "Pan"]


def test_two_hands_of_three_crocodiles_dealt_the_one_dealt_first_wins(deal):
    hands = [["Croc"] * 3, ["Boy"] * 3, ["Croc"] * 3]
    state = deal(hands, first_player=2, deck={"Croc": 6})
    assert state.outcome.winners == (2,)
    state = deal(hands, first_player=1, deck={"Croc": 6})
    assert state.outcome.winners == (2,)
    state = deal(hands, first_player=0, deck={"Croc": 6})
    assert state.outcome.winners == (0,)


def test_a_drawn_third_crocodile_wins_before_the_second_card_is_drawn(deal):
    state = deal([["Croc", "Croc", "Boy"], ["Pirate"] * 3], draws=("Croc", "Boy"))
    assert state.outcome.reason == "Player 1 wins: TIC TOC! three Crocodiles in hand, with a Crocodile from the " \
                                   "draw pile"
    assert state.view(None)["hand_sizes"] == [4, 3] and state.view(None)["draw_size"] == 64 - 10 - 1


def test_the_shout_shows_the_three_crocodiles_and_nothing_else(deal):
    """TIC TOC! is shouted for the player: the game ends with no action, every view lists the three
    Crocodiles, and the rest of the winner's hand and the other hand stay as hidden as before."""
    games = [deal([["Croc", "Croc", other], ["Pirate", "Pirate", "Tink"]], draws=("Croc", "Boy"))
             for other in ("Boy", "Hook")]
    for state in games:
        assert state.outcome.winners == (0,) and state.history == [] and state.legal_actions() == ()
        for viewer in (None, 0, 1):
            view = state.view(viewer)
            assert view["known"] == [["Croc", "Croc", "Croc"], []] and view["hand_sizes"] == [4, 3]
            assert view["hand"] == (None if viewer is None else state.hand_names(viewer))
    for viewer in (None, 1):
        assert games[0].view(viewer) == games[1].view(viewer)
        assert games[0].render_svg(viewer) == games[1].render_svg(viewer)
    assert games[0].view(0)["hand"] != games[1].view(0)["hand"]  # the control: the winner sees their own hand


def test_three_crocodiles_on_another_players_turn_draw(deal):
    state = deal([["Boy"] * 3, ["Croc", "Croc", "Pirate"]], draws=("Boy", "Boy", "Pirate", "Croc"))
    play(state, "discard Boy", "discard Boy", "end")
    assert state.outcome.winners == (1,) and state.turn == 2


def test_a_third_crocodile_from_the_market_wins(deal):
    state = deal([["Croc", "Croc", "Treasure"], ["Pirate"] * 3], market=("Boy", "Croc", "Pirate", "Boy"),
                 draws=("Boy", "Boy"))
    play(state, "treasure Croc")
    assert state.outcome.reason == "Player 1 wins: TIC TOC! three Crocodiles in hand, with a Crocodile from the " \
                                   "market"


def test_a_third_crocodile_from_the_discard_pile_wins(deal):
    state = deal([["Croc", "Croc", "Boy"], ["Croc", "Boy", "Boy"]],
                 draws=("Tink", "Boy", "Boy", "Boy", "Pirate", "Pirate"))
    play(state, "discard Boy", "discard Boy", "end", "discard Croc", "discard Boy", "end")
    assert state.outcome is None
    play(state, "tink Croc")
    assert state.outcome.winners == (0,) and "from the discard pile" in state.outcome.reason


# ---- the piles --------------------------------------------------------------------------------------------
SMALL = {"Boy": 4, "Pan": 1, "Pirate": 4, "Hook": 1, "Croc": 0, "Smee": 0, "Tink": 0, "Treasure": 0}


def test_an_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile(deal):
    state = deal([["Boy"] * 3, ["Pirate"] * 3], market=("Pan", "Hook", "Boy", "Pirate"), deck=SMALL)
    assert state.view(None)["draw_size"] == 0 and state.status().startswith("Turn 1: Player 1 drew 0")
    play(state, "discard Boy", "discard Boy", "end")
    assert hand(state, 1) == ["Boy", "Boy", "Pirate", "Pirate", "Pirate"]
    assert state.view(None)["discard"] == [] and state.view(None)["draw_size"] == 0
    assert state.view(None)["log"][-1] == "the discard pile was shuffled into a new draw pile"


def test_with_both_piles_empty_a_player_draws_what_there_is(deal):
    state = deal([["Boy"] * 3, ["Pirate"] * 3], market=("Pan", "Hook", "Boy", "Pirate"), deck=SMALL)
    play(state, "discard Boy", "end")
    assert hand(state, 1) == ["Boy", "Pirate", "Pirate", "Pirate"] and state.drew == 1
    assert state.status() == "Turn 2: Player 2 drew 1 and holds 4 cards: play or discard down to 3"


def test_with_both_piles_empty_the_market_is_not_refilled(deal):
    state = deal([["Treasure", "Boy", "Boy"], ["Pirate"] * 3], market=("Pan", "Hook", "Boy", "Boy"),
                 deck={**SMALL, "Pirate": 3, "Treasure": 1})
    play(state, "treasure Pan")
    assert state.view(None)["market"] == ["Hook", "Boy", "Boy"]
    assert state.view(None)["discard"] == ["Treasure"] and hand(state, 0) == ["Boy", "Boy", "Pan"]


def test_the_turn_cap_ends_a_stuck_game_as_a_draw(deal):
    state = deal([["Boy"] * 3, ["Pirate"] * 3], draws=("Boy", "Boy", "Pirate", "Pirate", "Boy", "Boy"), turn_cap=3)
    play(state, "discard Boy", "discard Boy", "end", "discard Pirate", "discard Pirate", "end")
    assert state.outcome is None
    play(state, "discard Boy", "discard Boy", "end")
    assert state.outcome.winners == () and state.outcome.reason == "draw: timeout after 3 turns"
    assert state.outcome.timed_out


# ---- notation and refusals ------------------------------------------------------------------------------------
@pytest.mark.parametrize("action, message", [
    ("play Wendy", "'Wendy' is not a TIC TOC card; the cards are Boy, Pan, Pirate, Hook, Croc, Smee, Tink, "
                   "Treasure"),
    ("play", "play which card? the cards are Boy, Pan, Pirate, Hook, Croc, Smee, Tink, Treasure"),
    ("PLAY   boy", "write the action exactly as 'play Boy'"),
    ("fly away", "'fly away' is not a TIC TOC action: write e.g. 'play Pirate', 'croc @2', 'tink Hook', "
                 "'treasure Pan', 'discard Smee' or 'end'"),
    ("   ", "an empty action: write e.g. 'play Pirate', 'croc @2', 'tink Hook', 'treasure Pan', 'discard Smee' "
           "or 'end'"),
    ("croc @2", "you have no Crocodile in hand"),
    ("tink Hook", "you have no Tinker Bell in hand"),
])
def test_refusals_name_the_rule(deal, action, message):
    state = deal([["Boy", "Boy", "Pirate"], ["Pirate"] * 3], draws=("Boy", "Pan"))
    assert refused(state, action) == message


def test_every_action_has_words_for_screen_readers():
    state = tictac_nb.new_game("tic-toc", seed=3)
    assert state.describe("play Hook") == "play Captain Hook on your table"
    assert state.describe("smee @1") == "play Mr. Smee against Player 1's Lost Boys"
    assert state.describe("croc @2") == "play a Crocodile against Player 2's Pirates"
    assert state.describe("tink Pan") == "play Tinker Bell to take Peter Pan from the discard pile"
    assert state.describe("treasure Boy") == "play Pirate Treasure to take Lost Boy from the market"
    assert state.describe("play Boy (switch)") == "switch to Lost Boys, discarding your table to play Lost Boy"
    assert state.describe("end") == "end your turn"
    assert state.describe("tink") == "your Tinker Bell: choose its target"


def test_the_view_is_the_engines_header_and_the_games_body(deal):
    state = deal([["Pan", "Boy", "Boy"], ["Pirate"] * 3], draws=("Boy", "Boy"))
    header = {"game", "viewer", "players", "to_move", "phase", "status", "outcome"}
    assert not header & set(state.view_body(0))
    assert state.view(0)["phase"] == "turn" and state.view(0)["players"] == ["Player 1", "Player 2"]
    state = deal([["Croc", "Croc", "Croc"], ["Pirate"] * 3])
    assert state.view(1)["phase"] == "over" and state.view(1)["outcome"]["winners"] == [0]
