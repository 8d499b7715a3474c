"""Tic Tac K.O.: one test per rule of the rulebook and per ruling, on scripted positions."""

from __future__ import annotations

import pytest
from helpers import play
from tic_tac_ko.ko_scripts import CUTE_HAND, EVIL_HAND, SUNBEAM, discard, grid, hand, new

import tictac_nb
from tictac_nb import IllegalAction, InvalidOption

# ---- setting up -------------------------------------------------------------------------------


@pytest.mark.parametrize("players, sizes", [(4, [5, 5, 5, 5]), (3, [5, 7, 5]), (2, [6, 6])])
def test_opening_hands(players, sizes):
    state = tictac_nb.new_game("tic-tac-ko", seed=3, players=players)
    assert [len(h) for h in state.setup_record()["hands"]] == sizes


@pytest.mark.parametrize("players, first_team, order", [
    (4, 0, [0, 1, 2, 3, 0, 1]), (4, 1, [1, 2, 3, 0, 1]),
    (3, 0, [0, 1, 2, 1, 0, 1]), (3, 1, [1, 2, 1, 0, 1]),
    (2, 0, [0, 1, 0, 1]), (2, 1, [1, 0, 1]),
])
def test_turn_order(players, first_team, order):
    """4 players alternate teams; with 3 the solo player (seat 1) plays between each of the others."""
    state = tictac_nb.new_game("tic-tac-ko", seed=5, players=players, first_team=first_team)
    seen = []
    for _ in order:
        seen.append(state.to_move)
        state.play("pass")
    assert seen == order


def test_teams_and_names():
    four = tictac_nb.new_game("tic-tac-ko", seed=1)
    assert four.player_names == ("Evil 1", "Cute 1", "Evil 2", "Cute 2")
    assert four.team_of == (0, 1, 0, 1)
    three = tictac_nb.new_game("tic-tac-ko", seed=1, players=3, decks=("cute", "evil"))
    assert three.player_names == ("Cute 1", "Evil", "Cute 2")
    same = tictac_nb.new_game("tic-tac-ko", seed=1, players=2, decks=("cute", "cute"))
    assert same.player_names == ("Cute A", "Cute B")


def test_first_team_by_seed_when_not_given():
    starts = {tictac_nb.new_game("tic-tac-ko", seed=s).to_move for s in range(30)}
    assert starts == {0, 1}


def test_grids_and_adjacency():
    standard = new()
    assert standard.labels == tuple("123456789")
    assert sorted(standard.labels[s] for s in standard.adjacent[4]) == ["2", "4", "6", "8"]
    assert sorted(standard.labels[s] for s in standard.adjacent[0]) == ["2", "4"]  # no diagonals
    advanced = new(grid="advanced")
    assert advanced.labels == tuple("123A456B789CDEFG")
    adjacent = {label: sorted(advanced.labels[s] for s in advanced.adjacent[i]) for i, label in
                enumerate(advanced.labels)}
    assert adjacent["A"] == ["3", "B"]
    assert adjacent["9"] == ["6", "8", "C", "F"]
    assert adjacent["D"] == ["7", "E"]


def test_bad_setups_are_refused():
    with pytest.raises(InvalidOption, match="no card 'Zorp'"):
        new(evil=["Zorp"])
    with pytest.raises(InvalidOption, match="no more copies of 'King Creepy'"):
        new(evil=["King Creepy"] * 3)
    with pytest.raises(InvalidOption, match="no space 'A' on the standard Grid"):
        new(layout={"A": "Scutters"})
    with pytest.raises(InvalidOption, match="not a Character card"):
        new(layout={"5": "Smash"})
    with pytest.raises(InvalidOption, match="no deck 'goblins'"):
        new(decks=("goblins", "cute"))
    with pytest.raises(InvalidOption, match="no Objective is called 'Zigzag'"):
        new(objectives=["Zigzag", None])
    with pytest.raises(InvalidOption, match="both decks have 'Lil' Red'"):
        new(decks=("cute", "cute"), layout={"5": "Lil' Red"})
    state = new(decks=("cute", "cute"), layout={"5": "Cute B: Lil' Red"})
    assert state.grid[4][0] == 1


# ---- the turn ---------------------------------------------------------------------------------


def test_draw_phase_then_action_phase():
    state = new(evil=EVIL_HAND + ["King Creepy"])
    assert state.to_move == 0 and state.stage == "action"
    assert hand(state, 0) == sorted(EVIL_HAND + ["King Creepy"])  # 6 dealt + 1 drawn
    assert len(state.piles[0]) == 40 - 7


def test_action_draw_a_second_card_instead():
    state = play(new(evil=EVIL_HAND + ["Smash", "Bad Dream"]), "draw")
    assert hand(state, 0) == sorted(EVIL_HAND + ["Smash", "Bad Dream"])
    assert state.to_move == 1


def test_action_pass():
    state = play(new(), "pass")
    assert len(state.hands[0]) == 7 and state.to_move == 1


def test_character_goes_onto_an_empty_space():
    state = new(evil=EVIL_HAND, layout={"5": "Lil' Red"})
    with pytest.raises(IllegalAction, match="space 5 is taken: a Character is played onto an empty space"):
        state.play("play Scutters @5")
    with pytest.raises(IllegalAction, match="say where Scutters goes: 'play Scutters @5'"):
        state.play("play Scutters")
    play(state, "play Scutters @1", "pass")
    assert grid(state) == {"1": "Scutters", "5": "Lil' Red"}
    assert state.to_move == 1  # one card is the whole action


def test_start_of_turn_awaken_by_discarding():
    state = new(evil=EVIL_HAND + ["Smash"], cute=CUTE_HAND + ["Button"], layout={"5": "Scutters (hypnotized)"})
    assert state.stage == "start"
    assert set(state.legal_actions()) == {"awaken 5 discarding Scutters", "awaken 5 discarding Mumbles",
                                          "awaken 5 discarding Grimble", "draw"}
    play(state, "awaken 5 discarding Mumbles")
    assert grid(state) == {"5": "Scutters"}
    assert discard(state, 0) == ["Mumbles"]
    assert state.stage == "action" and "Smash" in hand(state, 0)  # then the draw phase
    with pytest.raises(IllegalAction, match="only at the start of your turn, before your draw phase"):
        state.play("awaken 5 discarding Scutters")


def test_awaken_is_optional_and_any_card():
    state = new(cute=CUTE_HAND, layout={"5": "Scutters (hypnotized)", "1": "Lil' Red (hypnotized)"})
    play(state, "draw", "pass")  # Evil declines
    assert state.to_move == 1 and state.stage == "start"
    play(state, "awaken 5 discarding Button")  # Cute may wake an Evil card too (the rule says any)
    assert grid(state) == {"5": "Scutters", "1": "Lil' Red*"}


def test_no_awaken_decision_without_a_hypnotized_card():
    state = new()
    assert state.stage == "action"


def test_awaken_does_not_fire_enters_the_grid():
    state = new(evil=EVIL_HAND, layout={"5": "King Creepy (hypnotized)", "1": "Lil' Red"})
    play(state, "awaken 5 discarding Scutters")
    assert state.stage == "action" and not state.stack
    assert grid(state) == {"5": "King Creepy", "1": "Lil' Red"}


def test_two_players_may_play_two_magic_cards():
    state = new(evil=["Bad Dream", "Smash"] + EVIL_HAND[:4], cute=["Button"] + CUTE_HAND[:5],
                layout={"1": "Lil' Red", "2": "Button"})
    play(state, "play Bad Dream", "pass", "hypnotize 1", "pass")
    assert state.stage == "more" and state.to_move == 0
    assert set(state.legal_actions()) == {"play Smash", "pass"}  # no Character, no draw
    with pytest.raises(IllegalAction, match="only a second Magic card, not a Character"):
        state.play("play Scutters @5")
    play(state, "play Smash", "pass", "destroy 2")
    assert state.to_move == 1 and grid(state) == {"1": "Lil' Red*"}


def test_two_players_one_character_ends_the_action():
    state = new(evil=["Bad Dream"] + EVIL_HAND[:5])
    play(state, "play Scutters @5", "pass")
    assert state.to_move == 1


def test_second_magic_is_offered_even_without_one():
    state = new(evil=["Bad Dream"] + EVIL_HAND[:5], layout={"1": "Lil' Red"})
    play(state, "play Bad Dream", "pass", "hypnotize 1", "pass")
    assert state.legal_actions() == ("pass",)


def test_four_players_play_one_magic_card():
    state = new(players=4, evil=["Bad Dream", "Smash", "Scutters", "Mumbles", "Grimble"], layout={"1": "Lil' Red"},
                cute=["Lil' Red"] * 5 + ["Button"] * 5, skip_unable=True)
    play(state, "play Bad Dream", "hypnotize 1")
    assert state.to_move == 1


def test_instants_are_played_only_in_answer():
    state = new(evil=["Creeping Doom"] + EVIL_HAND[:5])
    with pytest.raises(IllegalAction, match=r"Creeping Doom is an Instant: it is played only in answer to its "
                                            r"trigger \('respond Creeping Doom'\)"):
        state.play("play Creeping Doom")


def test_a_magic_card_that_would_do_nothing_cannot_be_played():
    state = new(evil=["Smash"] + EVIL_HAND[:5], layout={"1": "Hare Raiser"})
    assert "play Smash" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="Smash would do nothing now: its first step, DESTROY, has nothing"):
        state.play("play Smash")


def test_unknown_and_missing_cards_are_refused():
    state = new(evil=EVIL_HAND)
    with pytest.raises(IllegalAction, match="the Evil deck has no card 'Lil' Red'"):
        state.play("play Lil' Red @5")
    with pytest.raises(IllegalAction, match="Evil has no King Creepy in hand"):
        state.play("play King Creepy @5")
    with pytest.raises(IllegalAction, match="there is no space 'A' on this Grid"):
        state.play("play Scutters @A")
    with pytest.raises(IllegalAction, match="no effect is under way"):
        state.play("destroy 5")
    with pytest.raises(IllegalAction, match="nothing to answer"):
        state.play("respond Creeping Doom")


# ---- Instants and the answer chain ------------------------------------------------------------


def test_friendship_circle_stops_a_card():
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], cute=["Friendship Circle"] + CUTE_HAND[:5],
                layout={"1": "Lil' Red"})
    play(state, "play King Creepy @5")
    assert state.to_move == 1 and set(state.legal_actions()) == {"respond Friendship Circle", "pass"}
    assert state.view(1)["prompt"] == "Evil tries to play King Creepy on 5. Answer with an Instant?"
    play(state, "respond Friendship Circle")
    assert state.to_move == 0  # Evil may answer the Friendship Circle
    play(state, "pass")
    assert grid(state) == {"1": "Lil' Red"}
    assert discard(state, 0) == ["King Creepy"] and discard(state, 1) == ["Friendship Circle"]
    assert state.to_move == 1 and state.stage in ("start", "action")  # a stopped card used the action


def test_answers_chain_last_in_first_out():
    """Evil 1's King Creepy; Cute 1 answers with Friendship Circle; Evil 2 stops that with Creeping Doom,
    which nobody can stop; then King Creepy enters the Grid."""
    state = new(players=4, evil=["King Creepy", "Scutters", "Scutters", "Scutters", "Scutters",
                                 "Creeping Doom", "Mumbles", "Mumbles", "Mumbles", "Mumbles"],
                cute=["Friendship Circle", "Lil' Red", "Lil' Red", "Lil' Red", "Lil' Red",
                      "Friendship Circle", "Button", "Button", "Button", "Button"], layout={"1": "Lil' Red"})
    play(state, "play King Creepy @5")
    assert state.to_move == 1
    play(state, "respond Friendship Circle")
    assert state.to_move == 2 and "respond Creeping Doom" in state.legal_actions()
    play(state, "respond Creeping Doom")
    assert state.to_move == 3 and state.legal_actions() == ("pass",)  # Creeping Doom cannot be stopped
    with pytest.raises(IllegalAction, match="Creeping Doom cannot be stopped"):
        state.play("respond Friendship Circle")
    play(state, "pass", "pass", "pass")  # Cute 2, Evil 1, Cute 1 on Creeping Doom
    assert discard(state, 1) == ["Friendship Circle"]
    assert state.to_move == 2  # back to King Creepy's window: Evil 2 and Cute 2 have not been asked yet
    play(state, "pass")
    assert state.to_move == 3 and set(state.legal_actions()) == {"respond Friendship Circle", "pass"}
    play(state, "pass")
    assert grid(state)["5"] == "King Creepy" and state.legal_actions() == ("destroy 1", "skip")


def test_answers_go_round_in_seat_order_from_the_player():
    state = new(players=4, evil=["Scutters"] * 5 + ["Smash", "Mumbles", "Mumbles", "Mumbles", "Mumbles"])
    play(state, "pass", "pass")
    assert state.to_move == 2
    play(state, "play Mumbles @5")
    asked = []
    while state.stack:
        asked.append(state.to_move)
        state.play("pass")
    assert asked == [3, 0, 1]


def test_answers_go_round_in_turn_order_with_three_players():
    """The answers go in turn order: with 3 players the solo player (seat 1) takes every other turn, so
    after seat 2 comes seat 1, then seat 0; after seat 1's second turn comes seat 0, then seat 2."""
    state = new(players=3, evil=["Scutters"] * 5 + ["Mumbles"] * 5, cute=CUTE_HAND + ["Button"])
    play(state, "pass", "pass")
    assert state.to_move == 2
    play(state, "play Mumbles @5")
    asked = []
    while state.stack:
        asked.append(state.to_move)
        state.play("pass")
    assert asked == [1, 0]
    assert state.to_move == 1  # the solo player's second turn of the round
    play(state, "play Lil' Red @1")
    asked = []
    while state.stack:
        asked.append(state.to_move)
        state.play("pass")
    assert asked == [0, 2]


def test_each_player_answers_a_card_once():
    state = new(players=4, evil=["King Creepy"] + ["Scutters"] * 4 + ["Mumbles"] * 5,
                cute=["Friendship Circle", "Friendship Circle"] + ["Lil' Red"] * 3 + ["Button"] * 5)
    play(state, "play King Creepy @5", "respond Friendship Circle")
    play(state, "pass", "pass", "pass")  # Evil 2, Cute 2 and Evil 1 do not answer the Friendship Circle
    assert discard(state, 0) == ["King Creepy"]
    assert state.to_move == 1 and not state.stack  # Cute 1 is not asked again about King Creepy


def test_skip_unable_asks_only_players_who_could_answer():
    state = new(players=4, skip_unable=True, evil=["Scutters"] * 5 + ["Mumbles"] * 5,
                cute=["Lil' Red"] * 5 + ["Friendship Circle"] + ["Button"] * 4)
    play(state, "play Scutters @5")
    assert state.to_move == 3  # Cute 1 and Evil 2 hold no Instant
    play(state, "pass")
    assert grid(state) == {"5": "Scutters"}
    plain = new(players=4, evil=["Scutters"] * 5 + ["Mumbles"] * 5,
                cute=["Lil' Red"] * 5 + ["Friendship Circle"] + ["Button"] * 4)
    play(plain, "play Scutters @5")
    assert plain.to_move == 1 and plain.legal_actions() == ("pass",)


def test_cackle_answers_only_magic_cards():
    state = new(evil=["Cackle"] + EVIL_HAND[:5], cute=["Lullaby", "Lil' Red"] + CUTE_HAND[:4],
                layout={"9": "Scutters"})
    play(state, "play Scutters @5")
    assert state.to_move == 1 and state.legal_actions() == ("pass",)  # asked, though it holds no Instant
    play(state, "pass", "play Lil' Red @1")
    assert state.to_move == 0 and state.legal_actions() == ("pass",)  # a Character: Cackle does not answer
    with pytest.raises(IllegalAction, match="Cackle answers only Magic cards"):
        state.play("respond Cackle")
    play(state, "pass", "pass", "play Lullaby")
    assert set(state.legal_actions()) == {"respond Cackle", "pass"}
    play(state, "respond Cackle", "pass")
    assert discard(state, 1) == ["Lullaby"] and state.to_move == 1 and state.stage == "more"


def test_a_stopped_magic_card_counts_as_played_with_two_players():
    state = new(evil=["Cackle"] + EVIL_HAND[:5], cute=["Lullaby", "Hopscotch"] + CUTE_HAND[:4],
                layout={"9": "Scutters"})
    play(state, "pass", "play Lullaby", "respond Cackle", "pass")
    assert state.stage == "more" and set(state.legal_actions()) == {"play Hopscotch", "pass"}


def test_cave_of_nightmares():
    """Evil 1 hypnotizes a Cute card; Evil 2 answers: DESTROY that card, then may play a Basic Evil card."""
    state = new(players=4, evil=["Bad Dream"] + ["Scutters"] * 4 + ["Cave of Nightmares"] + ["Mumbles"] * 4,
                cute=["Lil' Red"] * 5 + ["Button"] * 5, layout={"5": "Lil' Red"})
    play(state, "play Bad Dream", "pass", "pass", "pass", "hypnotize 5")
    assert state.to_move == 1 and state.legal_actions() == ("pass",)
    play(state, "pass")
    assert state.to_move == 2 and set(state.legal_actions()) == {"respond Cave of Nightmares", "pass"}
    play(state, "respond Cave of Nightmares", "pass", "pass", "pass")
    assert state.legal_actions() == ("destroy 5",)
    play(state, "destroy 5")
    assert grid(state) == {} and discard(state, 1) == ["Lil' Red"]
    assert "play Mumbles @5" in state.legal_actions() and "skip" in state.legal_actions()
    play(state, "play Mumbles @5", "pass", "pass", "pass")  # the played card may be answered too
    assert grid(state) == {"5": "Mumbles"}
    assert not state.stack and state.to_move == 1  # Lil' Red is gone: Cute 2 is not asked about it
    assert discard(state, 0) == ["Bad Dream", "Cave of Nightmares"]


def test_cave_of_nightmares_cannot_destroy_its_own_team():
    state = new(players=4, evil=["Bad Dream"] + ["Scutters"] * 4 + ["Cave of Nightmares"] + ["Mumbles"] * 4,
                layout={"5": "Grimble"})
    play(state, "play Bad Dream", "pass", "pass", "pass", "hypnotize 5", "pass")
    assert state.to_move == 2 and state.legal_actions() == ("pass",)


def test_wake_up_call():
    state = new(evil=["Bad Dream"] + EVIL_HAND[:5], cute=["Wake-Up Call"] + CUTE_HAND[:5],
                layout={"5": "Lil' Red", "1": "Scutters"})
    play(state, "play Bad Dream", "pass", "hypnotize 5")
    assert set(state.legal_actions()) == {"respond Wake-Up Call", "pass"}
    play(state, "respond Wake-Up Call", "pass")
    assert state.legal_actions() == ("awaken 5",)
    play(state, "awaken 5")
    assert grid(state) == {"5": "Lil' Red", "1": "Scutters"}
    state = new(evil=["Bad Dream"] + EVIL_HAND[:5], cute=["Wake-Up Call"] + CUTE_HAND[:5],
                layout={"5": "Lil' Red", "1": "Scutters"})
    play(state, "play Bad Dream", "pass", "hypnotize 1")  # an Evil card: Wake-Up Call does not answer
    assert state.legal_actions() == ("pass",)


def test_the_player_who_hypnotizes_does_not_answer_it():
    state = new(evil=["Bad Dream", "Cave of Nightmares"] + EVIL_HAND[:4], layout={"5": "Lil' Red"})
    play(state, "play Bad Dream", "pass", "hypnotize 5", "pass")
    assert not state.stack and state.stage == "more"


# ---- the verbs and the named cards ------------------------------------------------------------


def test_basic_characters_have_no_effect():
    for name, team in (("Scutters", 0), ("Mumbles", 0), ("Lil' Red", 1)):
        state = new(evil=[name if team == 0 else "Scutters"] + EVIL_HAND[:5],
                    cute=[name if team == 1 else "Button"] + CUTE_HAND[:5], first_team=team)
        play(state, f"play {name} @5", "pass")
        assert grid(state) == {"5": name} and state.to_move == 1 - team and not state.stack


def test_king_creepy_destroys_any_opposing_card():
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], layout={"1": "Lil' Red", "9": "Hare Raiser", "3": "Scutters",
                                                             "7": "Button (hypnotized)"})
    play(state, "draw", "play King Creepy @5", "pass")
    assert set(state.legal_actions()) == {"destroy 1", "destroy 7", "destroy 9", "skip"}  # not its own Scutters
    with pytest.raises(IllegalAction, match="DESTROY takes only the opposing team's cards"):
        state.play("destroy 3")
    play(state, "destroy 7")  # a hypnotized card can be destroyed
    assert grid(state) == {"1": "Lil' Red", "9": "Hare Raiser", "3": "Scutters", "5": "King Creepy"}
    assert discard(state, 1) == ["Button"]


def test_king_creepy_may_skip():
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], layout={"1": "Lil' Red"})
    play(state, "play King Creepy @5", "pass", "skip")
    assert grid(state) == {"1": "Lil' Red", "5": "King Creepy"} and state.to_move == 1


def test_hare_raiser_displaces_an_adjacent_card():
    state = new(cute=["Hare Raiser"] + CUTE_HAND[:5], first_team=1, layout={"2": "Scutters", "9": "Mumbles"})
    play(state, "play Hare Raiser @5", "pass")
    moves = state.legal_actions()
    assert "displace 2 to 1" in moves and "skip" in moves
    assert not any(m.startswith("displace 9") for m in moves)  # 9 is diagonal to 5
    assert not any(m.endswith(" to 9") for m in moves)  # to an open space only
    play(state, "displace 2 to 7")
    assert grid(state) == {"5": "Hare Raiser", "7": "Scutters", "9": "Mumbles"}


def test_free_hugs_repels_then_plays_a_basic_cute_card():
    state = new(players=4, first_team=1, cute=["Free Hugs", "Lil' Red", "Hare Raiser", "Button", "Dewdrop"],
                layout={"5": "King Creepy"}, skip_unable=True)
    play(state, "play Free Hugs")
    assert "repel 5 to Evil 1" in state.legal_actions() and "repel 5 to Evil 2" in state.legal_actions()
    play(state, "repel 5 to Evil 2")
    assert "King Creepy" in hand(state, 2)
    assert state.view(1)["seats"][2]["known"] == ["King Creepy"]  # everyone saw it go there
    moves = state.legal_actions()
    assert "play Lil' Red @5" in moves and "play Button @5" in moves
    assert not any("Hare Raiser" in m for m in moves) and "skip" not in moves  # a Basic card, and it must
    play(state, "play Lil' Red @5")
    assert grid(state) == {"5": "Lil' Red"} and discard(state, 1) == ["Free Hugs"]


def test_repel_in_two_player_game_names_no_player():
    state = new(cute=["Stink Bomb"] + CUTE_HAND[:5], first_team=1, layout={"5": "Scutters"})
    play(state, "play Stink Bomb", "pass")
    assert set(state.legal_actions()) == {"repel 5"}
    play(state, "repel 5")
    assert "Scutters" in hand(state, 0)


def test_stink_bomb_repels_or_awakens():
    state = new(cute=["Stink Bomb"] + CUTE_HAND[:5], first_team=1,
                layout={"5": "Lil' Red (hypnotized)", "1": "Scutters"})
    play(state, "draw", "play Stink Bomb", "pass")
    assert set(state.legal_actions()) == {"repel 5", "repel 1", "awaken 5"}  # REPEL takes hypnotized cards too
    play(state, "awaken 5")
    assert grid(state) == {"5": "Lil' Red", "1": "Scutters"}


def test_evil_spawn_draws_three_and_discards_one():
    state = new(evil=["Evil Spawn"] + EVIL_HAND[:5] + ["Smash", "King Creepy", "Bad Dream", "Mind Swap"])
    play(state, "play Evil Spawn", "pass")
    assert {"King Creepy", "Bad Dream", "Mind Swap"} <= set(hand(state, 0))
    assert len(state.piles[0]) == 40 - 10
    assert state.legal_actions()[0].startswith("discard ")
    play(state, "discard King Creepy")
    assert discard(state, 0) == ["Evil Spawn", "King Creepy"] and state.stage == "more"


def test_grave_digger_sacrifices_to_destroy():
    state = new(evil=["Grave Digger"] + EVIL_HAND[:5], layout={"1": "Scutters", "9": "Lil' Red"})
    play(state, "play Grave Digger @5", "pass")
    assert set(state.legal_actions()) == {"sacrifice 1", "sacrifice 5", "skip"}
    play(state, "sacrifice 1", "destroy 9")
    assert grid(state) == {"5": "Grave Digger"} and discard(state, 0) == ["Scutters"]
    assert discard(state, 1) == ["Lil' Red"]


def test_grave_digger_without_sacrifice_destroys_nothing():
    state = new(evil=["Grave Digger"] + EVIL_HAND[:5], layout={"1": "Scutters", "9": "Lil' Red"})
    play(state, "play Grave Digger @5", "pass", "skip")
    assert grid(state) == {"1": "Scutters", "5": "Grave Digger", "9": "Lil' Red"} and state.to_move == 1


def test_hopscotch_displaces_any_card_to_any_open_space():
    state = new(cute=["Hopscotch"] + CUTE_HAND[:5], first_team=1, layout={"1": "Scutters"})
    play(state, "play Hopscotch", "pass")
    assert len(state.legal_actions()) == 8
    play(state, "displace 1 to 9")
    assert grid(state) == {"9": "Scutters"}


def test_mind_swap_and_cuddle_pup_swap():
    state = new(evil=["Mind Swap"] + EVIL_HAND[:5], layout={"1": "Scutters", "9": "Lil' Red", "5": "Button"})
    play(state, "play Mind Swap", "pass")
    assert {"swap 1 with 9", "swap 9 with 1", "swap 5 with 9"} <= set(state.legal_actions())
    play(state, "swap 9 with 1")
    assert grid(state) == {"1": "Lil' Red", "9": "Scutters", "5": "Button"}
    pup = new(cute=["Cuddle Pup"] + CUTE_HAND[:5], first_team=1, layout={"2": "Scutters", "9": "Mumbles"})
    play(pup, "play Cuddle Pup @5", "pass")
    assert set(pup.legal_actions()) == {"swap 5 with 2", "swap 2 with 5", "skip"}
    play(pup, "swap 5 with 2")
    assert grid(pup) == {"2": "Cuddle Pup", "5": "Scutters", "9": "Mumbles"}


def test_hypnotized_cards_claim_nothing_and_have_no_effect():
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], layout={"1": "Lil' Red", "2": "Teddy Guard (hypnotized)"},
                objectives=["Middle Row", "Top Row"])
    play(state, "draw", "play King Creepy @5", "pass")
    assert "destroy 1" in state.legal_actions()  # the hypnotized Teddy Guard protects nothing
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], layout={"1": "Lil' Red", "2": "Teddy Guard"})
    play(state, "play King Creepy @5", "pass")
    assert state.to_move == 1  # Teddy Guard protects itself and its neighbour on 1: nothing to DESTROY
    assert grid(state) == {"1": "Lil' Red", "2": "Teddy Guard", "5": "King Creepy"}


def test_gloomshade_hypnotizes_an_adjacent_card_and_sunny_bun_awakens():
    state = new(evil=["Gloomshade"] + EVIL_HAND[:5], cute=["Sunny Bun"] + CUTE_HAND[:5],
                layout={"2": "Lil' Red", "1": "Button"})
    play(state, "play Gloomshade @5", "pass")
    assert set(state.legal_actions()) == {"hypnotize 2", "skip"}
    play(state, "hypnotize 2", "pass")  # Cute may answer the hypnotizing, and does not
    assert grid(state)["2"] == "Lil' Red*" and state.to_move == 1
    play(state, "draw", "play Sunny Bun @9", "pass", "awaken 2")
    assert grid(state)["2"] == "Lil' Red"


def test_bog_brute_cannot_be_moved_by_the_opponent():
    state = new(cute=["Hopscotch"] + CUTE_HAND[:5], first_team=1, layout={"1": "Bog Brute", "3": "Scutters"})
    play(state, "play Hopscotch", "pass")
    assert not any(m.startswith("displace 1") for m in state.legal_actions())
    with pytest.raises(IllegalAction, match="an ongoing effect protects the card on 1 from DISPLACE"):
        state.play("displace 1 to 5")


def test_smash_destroys_basic_characters_only():
    state = new(evil=["Smash"] + EVIL_HAND[:5], layout={"1": "Lil' Red", "2": "Hare Raiser"})
    play(state, "play Smash", "pass")
    assert state.legal_actions() == ("destroy 1",)


def test_lullaby_and_bad_dream_hypnotize_face_up_cards():
    state = new(cute=["Lullaby"] + CUTE_HAND[:5], first_team=1, layout={"1": "Scutters", "2": "Mumbles (hypnotized)"})
    play(state, "draw", "play Lullaby", "pass")
    assert state.legal_actions() == ("hypnotize 1",)
    with pytest.raises(IllegalAction, match="the card on 2 is already hypnotized"):
        state.play("hypnotize 2")


def test_a_step_must_be_done_unless_it_says_you_may():
    state = new(cute=["Hopscotch"] + CUTE_HAND[:5], first_team=1, layout={"1": "Scutters"})
    play(state, "play Hopscotch", "pass")
    with pytest.raises(IllegalAction, match="Hopscotch's DISPLACE is not a 'you may': it must be done"):
        state.play("skip")


def test_a_character_whose_space_fills_while_it_waits_is_discarded():
    """A home-made Instant that plays a card into the space a waiting Character chose."""
    cards = """
[[card]]
deck = "cute"
name = "Pushy Hug"
type = "instant"
count = 1
trigger = "play"
text = "Play this card when any other player tries to play a card. You may play a Basic Cute card."
effect = [ { verb = "play", card = "basic", optional = true } ]
"""
    state = new(cards=cards, evil=EVIL_HAND, cute=["Pushy Hug"] + CUTE_HAND[:5])
    play(state, "play Scutters @5", "respond Pushy Hug", "pass", "play Lil' Red @5", "pass")
    assert grid(state) == {"5": "Lil' Red"} and discard(state, 0) == ["Scutters"]


# ---- Objectives -------------------------------------------------------------------------------


def test_objective_completed_revealed_cleared_and_replaced():
    state = new(evil=EVIL_HAND, layout={"1": "Scutters", "2": "Mumbles"}, objectives=["Top Row", "Bottom Row"])
    play(state, "play Grimble @3", "pass")
    assert grid(state) == {}
    assert discard(state, 0) == ["Scutters", "Mumbles", "Grimble"]
    view = state.view(1)
    assert view["teams"][0]["completed"] == [{"name": "Top Row", "spaces": ["1", "2", "3"]}]
    assert state.objective[0] is not None and state.objective_cards[state.objective[0]].name != "Top Row"
    assert state.current_scores() == (1.0, 0.0)


def test_the_first_objectives_are_dealt_by_the_seed_and_replaced_from_the_objective_deck():
    firsts = {tuple(tictac_nb.new_game("tic-tac-ko", seed=s).objective) for s in range(12)}
    assert len(firsts) > 1
    assert tictac_nb.new_game("tic-tac-ko", seed=4).objective == tictac_nb.new_game("tic-tac-ko", seed=4).objective
    fixed = tictac_nb.new_game("tic-tac-ko", seed=4, objectives=["Top Row", None])
    names = [fixed.objective_cards[i].name for i in fixed.objective]
    assert names[0] == "Top Row" and names[1] != "Top Row"
    state = new(evil=EVIL_HAND, layout={"1": "Scutters", "2": "Mumbles"}, objectives=["Top Row", "Bottom Row"])
    deck = list(state.objective_deck)
    assert len(deck) == 10 and not set(deck) & set(state.objective)
    play(state, "play Grimble @3", "pass")
    assert state.objective[0] == deck[-1] and state.objective_deck == deck[:-1]


def test_objective_needs_face_up_cards_of_the_team():
    state = new(evil=EVIL_HAND, layout={"1": "Scutters", "2": "Mumbles (hypnotized)"})
    play(state, "draw", "play Grimble @3", "pass")
    assert state.completed == [[], []]
    state = new(evil=EVIL_HAND, layout={"1": "Scutters", "2": "Lil' Red"})
    play(state, "play Grimble @3", "pass")
    assert state.completed == [[], []]


def test_advanced_objective_needs_the_lettered_spaces_too():
    state = new(evil=EVIL_HAND, grid="advanced", layout={"1": "Scutters", "2": "Mumbles"})
    play(state, "play Grimble @3", "pass")
    assert state.completed == [[], []]
    play(state, "pass", "play Grimble @A", "pass")
    assert [state.objective_cards[i].name for i in state.completed[0]] == ["Top Row"]


def test_objectives_are_checked_on_every_turn_active_team_first():
    state = new(first_team=1, layout={"1": "Scutters", "2": "Mumbles", "3": "Grimble", "7": "Lil' Red",
                                      "8": "Button", "9": "Dewdrop"})
    play(state, "pass")  # Cute's turn ends: both teams have theirs
    events = state.events()
    assert events.index("Cute completed the Objective Bottom Row") < events.index(
        "Evil completed the Objective Top Row")
    assert len(state.completed[0]) == len(state.completed[1]) == 1


def test_third_objective_wins_at_once():
    state = new(layout={"1": "Scutters", "2": "Mumbles", "3": "Grimble", "7": "Lil' Red", "8": "Button",
                        "9": "Dewdrop"})
    state.completed = [[5, 6], [4, 10]]  # scripted: both teams already have 2 Objectives
    play(state, "pass")
    assert state.outcome.winners == (0,) and state.outcome.reason == "Evil wins: 3 Objectives completed to 2"
    assert state.to_move is None and state.legal_actions() == ()
    with pytest.raises(IllegalAction, match="the game is over"):
        state.play("pass")


def test_there_is_no_hand_limit():
    state = new(players=2)
    assert [len(h) for h in state.hands] == [7, 6]  # Evil's draw phase is done: its action comes
    for _ in range(24):  # every turn draws a second card as its action; the next turn's draw phase draws one
        play(state, "draw")
    assert [len(h) for h in state.hands] == [7 + 24, 6 + 24]
    assert state.outcome is None and state.to_move == 0 and "draw" in state.legal_actions()
    assert not [action for action in state.legal_actions() if action.startswith("discard")]


# ---- deck out and Gridlock --------------------------------------------------------------------

TINY = """
[deck]
name = "tiny"
title = "Tiny"

[[card]]
name = "Scutters"
type = "basic"
count = 7
design = "custom"
text = "Basic Evil card."

[[card]]
name = "Evil Spawn"
type = "magic"
count = 1
design = "rulebook"
text = "DRAW 3 cards and DISCARD a card."
effect = [ { verb = "draw", count = 3 }, { verb = "discard" } ]
"""


def test_a_team_whose_deck_runs_out_loses_at_once():
    state = new(cards=TINY, decks=("tiny", "cute"))
    assert len(state.piles[0]) == 8 - 7
    play(state, "draw")
    assert state.outcome is not None and state.outcome.winners == (1,)
    assert state.outcome.reason == "Cute wins: the Tiny deck ran out"


def test_deck_out_in_the_middle_of_an_effect():
    state = new(cards=TINY, decks=("tiny", "cute"), evil=["Evil Spawn"], cute=["Lil' Red"] * 6)
    play(state, "play Evil Spawn", "pass")
    assert state.outcome.reason == "Cute wins: the Tiny deck ran out" and state.stack


FULL = {"1": "Scutters", "2": "Lil' Red", "3": "King Creepy", "4": "Button", "5": "Mumbles",
        "6": "Hare Raiser (hypnotized)", "7": "Grimble", "8": "Dewdrop", "9": "Teddy Guard"}


def test_gridlock_declared_then_specials_sacrificed():
    state = new(layout=FULL, evil=EVIL_HAND, cute=CUTE_HAND)
    assert state.stage == "start" and state.full_at_start
    play(state, "draw", "pass")
    assert state.gridlock is not None
    assert "Gridlock! Evil could not open the full Grid; every player gets one turn to open a space" in state.events()
    assert "Gridlock" in state.status()
    play(state, "draw", "draw")  # Cute's turn in the Gridlock round: draw phase, then a second card
    assert grid(state) == FULL_NAMES and state.gridlock == {1}
    play(state, "draw", "pass")  # Evil's turn: all players had their turn
    assert grid(state) == {"1": "Scutters", "2": "Lil' Red", "4": "Button", "5": "Mumbles", "7": "Grimble",
                           "8": "Dewdrop"}
    assert discard(state, 0) == ["King Creepy"] and sorted(discard(state, 1)) == ["Hare Raiser", "Teddy Guard"]
    assert state.gridlock is None


FULL_NAMES = {k: v.replace(" (hypnotized)", "*") for k, v in FULL.items()}


def test_gridlock_resolved_by_opening_a_space():
    state = new(layout=FULL, evil=EVIL_HAND, cute=["Stink Bomb"] + CUTE_HAND[:5])
    play(state, "draw", "pass", "draw", "play Stink Bomb", "pass", "repel 1", "pass")
    assert state.gridlock is None and "the Gridlock is over: a space is open" in state.events()
    assert grid(state)["3"] == "King Creepy"


def test_playing_a_magic_card_on_a_full_grid_is_no_gridlock():
    state = new(layout=FULL, evil=["Mind Swap"] + EVIL_HAND[:5])
    play(state, "draw", "play Mind Swap", "pass", "swap 1 with 2", "pass")
    assert state.gridlock is None


def test_action_cap_ends_the_game_as_a_draw():
    state = new(action_cap=50)
    while state.outcome is None:
        state.play(state.legal_actions()[-1])
    assert state.outcome.winners == () and "action cap of 50" in state.outcome.reason
    assert state.outcome.timed_out
    assert len(state.history) == 50


# ---- what each player may know ----------------------------------------------------------------


def test_teammates_share_the_objective_not_their_hands():
    state = new(players=4)
    mine = state.view(2)
    assert mine["teams"][0]["objective"]["name"] == "Top Row"
    assert mine["teams"][1]["objective"] is None
    assert mine["seats"][0]["hand"] is None and mine["seats"][2]["hand"] is not None
    assert mine["seats"][0]["hand_count"] == 6
    onlooker = state.view(None)
    assert onlooker["teams"][0]["objective"] is None and onlooker["teams"][1]["objective"] is None
    assert all(p["hand"] is None for p in onlooker["seats"])


def test_discard_piles_and_hypnotized_names_are_public():
    state = new(evil=["Evil Spawn"] + EVIL_HAND[:5], layout={"5": "Lil' Red (hypnotized)"})
    play(state, "draw", "play Evil Spawn", "pass", "discard Scutters")
    view = state.view(1)
    assert view["teams"][0]["discard"] == ["Evil Spawn", "Scutters"]
    assert view["grid"][4]["name"] == "Lil' Red" and view["grid"][4]["face_up"] is False


def test_actions_in_words_for_screen_readers():
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], layout={"1": "Lil' Red", "9": "Scutters (hypnotized)"})
    assert state.describe("awaken 9 discarding Mumbles") == "discard Mumbles to AWAKEN Scutters on space 9"
    assert state.describe("draw") == "draw, with no AWAKEN (go on to the draw phase)"
    play(state, "draw")
    assert state.describe("play King Creepy @5") == "play King Creepy on space 5"
    assert state.describe("draw") == "draw a second card instead of playing"
    assert state.describe("pass") == "pass, ending the action phase without playing"
    play(state, "play King Creepy @5")
    assert state.describe("pass") == "pass, not answering with an Instant"
    assert state.describe("respond Friendship Circle") == "answer with the Instant Friendship Circle"
    play(state, "pass")
    assert state.describe("destroy 1") == "DESTROY Lil' Red on space 1"
    assert state.describe("displace 1 to 3") == "DISPLACE Lil' Red on space 1 to space 3"
    assert state.describe("swap 1 with 9") == "SWAP Lil' Red on space 1 with Scutters on space 9"
    assert state.describe("repel 1 to Cute 2") == "REPEL Lil' Red on space 1 into Cute 2's hand"
    assert state.describe("skip") == "skip this step (it says 'you may')"


def test_records_of_scripted_games_round_trip_through_json():
    import json

    state = new(players=3, grid="advanced", cards=SUNBEAM, evil=["King Creepy"] + EVIL_HAND[:4],
                cute=["Sunbeam"] + CUTE_HAND, layout={"5": "Lil' Red (hypnotized)", "A": "Scutters"},
                skip_unable=True, objectives=["Top Row", None])
    play(state, "draw", "play King Creepy @1", "destroy 5")
    record = json.loads(json.dumps(state.record()))
    again = tictac_nb.from_record(record)
    assert again == state and again.record() == state.record()
    assert again.options["decks"] == ("evil", "cute") and again.options["order"][1][0] == "Sunbeam"
    assert state.undo() == "destroy 5" and state.legal_actions() == ("destroy 5", "skip")


def test_the_view_phase_names_the_decision_at_hand_and_over_at_the_end():
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], cute=["Friendship Circle"] + CUTE_HAND[:5],
                layout={"1": "Lil' Red", "9": "Scutters (hypnotized)"})
    assert state.view(0)["phase"] == "start"
    play(state, "draw")
    assert state.view(0)["phase"] == "action"
    play(state, "play King Creepy @5")
    assert state.view(1)["phase"] == "answer" and state.view(1)["verbs"] is None
    play(state, "pass")
    assert state.view(0)["phase"] == "effect" and state.view(0)["verbs"] == ["destroy"]
    header = {"game", "viewer", "players", "to_move", "phase", "status", "outcome"}
    assert not header & set(state.view_body(0))
    assert state.view(0)["players"] == ["Evil", "Cute"]
    over = new(players=2, action_cap=50)
    while over.outcome is None:
        over.play(over.legal_actions()[-1])
    view = over.view(None)
    assert view["phase"] == "over" and view["active"] is None and view["prompt"] is None
    assert view["outcome"]["winners"] == [] and view["to_move"] is None
