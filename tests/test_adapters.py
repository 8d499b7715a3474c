"""The research adapters: the action numbering, the encoded views, PettingZoo's and OpenSpiel's own tests."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from helpers import variant_game
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb.adapters.actions import action_count, numbering
from tictac_nb.adapters.observations import encoder, observe

SEEDS = st.integers(0, 2**32 - 1)
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_the_kit_imports_none_of_the_research_packages():
    code = ("import sys, tictac_nb, tictac_nb.games; from tictac_nb.adapters import actions, observations; "
            "tictac_nb.new_game('tic-toc', seed=1).view(0); "
            "print([m for m in ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel') if m in sys.modules])")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert found.strip() == "[]"


# ---- the numbering ---------------------------------------------------------------------------
@SETTINGS
@given(seed=SEEDS)
def test_every_legal_action_of_random_play_has_a_number_that_round_trips(variant, seed):
    name, _, options = variant
    space = numbering(name, options)
    state = tictac_nb.new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    while state.outcome is None:
        for action in state.legal_actions():
            assert space.action(space.index(action)) == action
        assert [space.action(i) for i in space.legal(state)] == sorted(state.legal_actions(), key=space.index)
        state.play(rng.choice(state.legal_actions()))


def test_the_numbering_depends_on_the_options_never_on_the_deal():
    from tictac_nb.adapters.actions import ENUMERATORS

    for name, game in tictac_nb.GAMES.items():
        for options in [{}, *game.variants.values()]:
            lists = {tuple(ENUMERATORS[name](game.start(seed, dict(game.check_options(options)))))
                     for seed in (0, 1, 2, 99)}
            assert len(lists) == 1, name


def test_sizes_of_the_action_spaces():
    assert action_count("tic-tac-two") == 17 and action_count("tic-tac-two", {"peek": False}) == 9
    assert action_count("tyc") == 729
    assert action_count("tic-tac-trek") == 2 * 1250 + 1
    assert action_count("tic-toc", {"players": 2}) == 37
    assert action_count("tic-toc", {"players": 4}) == 41


def test_numbers_out_of_range_and_foreign_actions_are_refused():
    space = numbering("tic-tac-two")
    for bad in (-1, 17, 2.0, "3", None, True):
        with pytest.raises(ValueError, match="numbers its actions 0 to 16"):
            space.action(bad)
    with pytest.raises(ValueError, match="'51A' is not an action of Tic Tac Two"):
        space.index("51A")
    with pytest.raises(ValueError, match="unknown game"):
        numbering("tic-tac-nine")


def test_trek_tiles_laid_in_one_line_reach_the_edge_of_the_window_and_no_further():
    """The farthest a tile can go is one step per placed tile: a box of lakes laid always to the right ends
    at x = N - 1, the window's last cell on that row."""
    options = {"mix": {"mountain": 0, "desert": 0, "grassland": 0, "forest": 0, "lake": 7}, "first_player": 0}
    space = numbering("tic-tac-trek", options)
    state = tictac_nb.new_game("tic-tac-trek", seed=1, **options)
    while state.outcome is None:
        legal = state.legal_actions()
        cells = [a for a in legal if "," in a and not a.startswith("fire")]
        state.play(max(cells, key=lambda a: int(a.split(",")[0])) if cells else legal[-1])
    assert state.view(None)["tiles"][-1]["x"] == 6
    assert "6,0" in space.actions and "7,0" not in space.actions and "-6,0" not in space.actions


@SETTINGS
@given(seed=SEEDS, lakes=st.integers(0, 12), forests=st.integers(0, 9))
def test_trek_never_leaves_its_window_under_any_box(seed, lakes, forests):
    options = {"mix": {"lake": lakes, "forest": forests}, "campfires": 1}
    space = numbering("tic-tac-trek", options)
    state = tictac_nb.new_game("tic-tac-trek", seed=seed, **options)
    rng = random.Random(seed)
    while state.outcome is None:
        assert all(action in space.actions for action in state.legal_actions())
        state.play(rng.choice(state.legal_actions()))


# ---- the encoded views -----------------------------------------------------------------------
@SETTINGS
@given(seed=SEEDS, cut=st.integers(0, 300), other=st.integers(0, 2**16))
@example(seed=652, cut=79, other=0)  # four players' TIC TOC: five fifths of a card summed past 1.0
def test_a_seat_observes_the_same_numbers_in_any_game_it_cannot_tell_apart(variant, seed, cut, other):
    """Twins that differ only in what the seat cannot see (the kit's `determinize`) encode alike; the
    numbers have the game's fixed length and lie from 0 to 1."""
    state = variant_game(variant, seed, stop_after=cut)
    size = encoder(state.game, state.options).size
    for seat in range(state.num_players):
        twin = state.determinize(seat, random.Random(other))
        mine = observe(state, seat)
        assert observe(twin, seat) == mine
        assert len(mine) == size and all(0.0 <= x <= 1.0 for x in mine)


def test_the_encoding_changes_with_what_the_seat_knows():
    """Not a constant: a Peek teaches the peeker a tile, and the peeker's numbers change, the other's do not."""
    state = tictac_nb.new_game("tic-tac-two", seed=1, tiles="PXOXCOWXO")
    state.play("1")
    before = [observe(state, seat) for seat in (0, 1)]
    state.play("peek 2")
    after = [observe(state, seat) for seat in (0, 1)]
    tiles = slice(3 * 2 + 1 + 18, 3 * 2 + 1 + 18 + 54)
    assert before[0][tiles] != after[0][tiles] and before[1][tiles] == after[1][tiles]


# ---- PettingZoo --------------------------------------------------------------------------------
def test_pettingzoo_api_and_seed_tests_pass(variant):
    from pettingzoo.test import api_test, seed_test

    from tictac_nb.adapters.pettingzoo import env

    name, _, options = variant
    api_test(env(name, **options), num_cycles=300)
    seed_test(lambda: env(name, **options), num_cycles=300)


def test_pettingzoo_rewards_terminations_and_truncations():
    from tictac_nb.adapters.pettingzoo import env, raw_env

    e = raw_env("tic-tac-two", tiles="XOXOCOPWX")
    e.reset(seed=3)
    for square in ("1", "4", "2", "5", "3"):  # X marks the top row
        e.step(e.numbering.index(square))
    assert e.terminations == {"player_1": True, "player_2": True} and not any(e.truncations.values())
    assert e.rewards == {"player_1": 1.0, "player_2": -1.0}
    capped = env("tic-toc", players=3, turn_cap=1)
    capped.reset(seed=5)
    seen = {}
    for agent in capped.agent_iter():
        observation, reward, termination, truncation, _ = capped.last()
        seen[agent] = (reward, termination, truncation)
        capped.step(None if termination or truncation else int(observation["action_mask"].nonzero()[0][0]))
    assert seen == {f"player_{i}": (0.0, False, True) for i in (1, 2, 3)}


def test_pettingzoo_winners_share_and_losers_share():
    from tictac_nb.adapters.pettingzoo import shares

    state = tictac_nb.new_game("tic-tac-ko", seed=1, players=3)
    state.outcome = tictac_nb.engine.Outcome((1,), None, "test")
    assert shares(state) == [-0.5, 1.0, -0.5]
    state.outcome = tictac_nb.engine.Outcome((0, 2), None, "test")
    assert shares(state) == [0.5, -1.0, 0.5]
    state.outcome = tictac_nb.engine.Outcome((), None, "draw")
    assert shares(state) == [0.0, 0.0, 0.0]


def test_pettingzoo_reset_seed_is_the_kits_seed_and_illegal_actions_change_nothing():
    from tictac_nb.adapters.pettingzoo import raw_env

    e = raw_env("tic-toc", players=3)
    e.reset(seed=11)
    assert e.game_state.record() == tictac_nb.new_game("tic-toc", seed=11, players=3).record()
    before = e.game_state.record()
    illegal = int((e.observe(e.agent_selection)["action_mask"] == 0).nonzero()[0][0])
    with pytest.raises(ValueError, match=r"action \d+ \(.*\) is not legal for player_\d now"):
        e.step(illegal)
    assert e.game_state.record() == before
    e.reset()
    again = raw_env("tic-toc", players=3)
    again.reset(seed=11)
    again.reset()
    assert e.game_state.record() == again.game_state.record()
    svg = raw_env("tyc", render_mode="svg")
    svg.reset(seed=2)
    assert svg.render().startswith("<svg")
    with pytest.raises(ValueError, match="render_mode must be None or 'svg'"):
        raw_env("tyc", render_mode="rgb_array")


def test_pettingzoo_observation_holds_only_the_seats_view():
    from tictac_nb.adapters.pettingzoo import raw_env

    e = raw_env("tic-toc")
    e.reset(seed=4)
    for seat, agent in enumerate(e.possible_agents):
        assert e.observe(agent)["observation"].tolist() == pytest.approx(observe(e.game_state, seat))
    assert e.observe("player_2")["action_mask"].sum() == 0


# ---- OpenSpiel ---------------------------------------------------------------------------------
SIMS = {"tic-toc": 2, "tic-tac-ko": 2}


def test_openspiel_random_sim_test_passes(variant):
    import pyspiel

    from tictac_nb.adapters import openspiel

    name, _, options = variant
    game = openspiel.load(name, rng_seed=3, **options)
    pyspiel.random_sim_test(game, num_sims=SIMS.get(name, 5), serialize=False, verbose=False)


def test_openspiel_game_types():
    import pyspiel

    from tictac_nb.adapters import openspiel

    info = pyspiel.GameType.Information
    types = {name: openspiel.load(name).get_type() for name in tictac_nb.GAMES}
    assert types["tyc"].information == info.PERFECT_INFORMATION
    assert all(t.information == info.IMPERFECT_INFORMATION for n, t in types.items() if n != "tyc")
    assert all(t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC for t in types.values())
    assert (types["tic-toc"].min_num_players, types["tic-toc"].max_num_players) == (2, 4)
    assert (types["tic-tac-ko"].min_num_players, types["tic-tac-ko"].max_num_players) == (2, 4)
    assert openspiel.load("tic-tac-ko", players=3).num_players() == 3
    assert openspiel.load("tyc").num_distinct_actions() == 729
    with pytest.raises(Exception, match="JSON"):
        pyspiel.load_game("tictac_nb_tyc", {"options": "{players"})


@pytest.mark.parametrize("name, hands", [("tic-tac-two", False), ("tic-toc", True), ("tic-tac-ko", True)])
def test_openspiel_strings_and_tensors_hold_only_what_the_player_knows(name, hands):
    """A resampled world (what the player cannot tell apart) gives that player the same strings and tensors;
    where seats hold hands, the other seats' information states differ somewhere along the game."""
    from tictac_nb.adapters import openspiel

    game = openspiel.load(name, rng_seed=2)
    state = game.new_initial_state()
    state.apply_action(0)
    rng = random.Random(2)
    differs = False
    for _ in range(40):
        if state.is_terminal():
            break
        player = state.current_player()
        twin = state.resample_from_infostate(player, None)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.observation_string(player) == state.observation_string(player)
        assert twin.information_state_tensor(player) == state.information_state_tensor(player)
        assert twin.observation_tensor(player) == state.observation_tensor(player)
        others = [p for p in range(game.num_players()) if p != player]
        differs |= any(twin.information_state_string(p) != state.information_state_string(p) for p in others)
        state.apply_action(rng.choice(state.legal_actions()))
    assert differs or not hands
    assert json.loads(state.observation_string(0).partition(" played:")[0])["viewer"] == 0


def test_openspiel_returns_follow_the_outcome():
    from tictac_nb.adapters import openspiel

    game = openspiel.load("tic-tac-two", tiles="XOXOCOPWX")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
    state.apply_action(0)
    for square in ("1", "4", "2", "5", "3"):
        state.apply_action(game.numbering.index(square))
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.information_state_string(0).endswith('played:["1","2","3"]')


def test_a_legal_action_outside_the_numbering_is_named():
    space = numbering("tic-tac-two", {"peek": False})
    state = tictac_nb.new_game("tic-tac-two", seed=1, tiles="PXOXCOWXO")  # with the Peek tile
    state.play("1")
    with pytest.raises(ValueError, match="legal action 'peek 2' has no number"):
        space.legal(state)
