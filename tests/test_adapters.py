"""The research adapters: the action numbering, the encoded views, PettingZoo's and OpenSpiel's own tests."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys

import pytest
from helpers import GRID_GAMES, HIDDEN, registered, variant_game
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb import Game, Outcome, State
from tictac_nb.adapters.actions import action_count, numbering
from tictac_nb.adapters.observations import array, encoder, observe
from tictac_nb.core.engine import Option, int_between, seed_bits

SEEDS = st.integers(0, 2**32 - 1)
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_the_kit_imports_none_of_the_research_packages():
    code = ("import sys, tictac_nb, tictac_nb.games; from tictac_nb.adapters import actions, observations; "
            "tictac_nb.new_game('tic-toc', seed=1).view(0); "
            "print([m for m in ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel') if m in sys.modules])")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert found.strip() == "[]"


class Fifteen(State):
    """Pick fifteen: players take turns taking a number from 1 to 9 not yet taken; three of yours that sum to
    15 win; all nine taken: a draw. Who starts is the option `first` (None: by seed). A game with no
    numbering, encoder or deals written for it in the adapters: they find its actions by playing, encode its
    view by hashing and list its deals from its own `deals`."""

    num_players = 2

    def setup(self, rng: random.Random) -> None:
        first = self.options["first"]
        self.first = seed_bits(self.seed) & 1 if first is None else first
        self.to_move = self.first
        self.taken: list[list[int]] = [[], []]

    def legal_actions(self) -> tuple[str, ...]:
        if self.outcome is not None:
            return ()
        return tuple(f"take {n}" for n in range(1, 10) if n not in self.taken[0] + self.taken[1])

    def apply(self, action: str) -> None:
        mine = self.taken[self.to_move]
        mine.append(int(action[5:]))
        if any(a + b + c == 15 for a, b, c in itertools.combinations(mine, 3)):
            self.outcome, self.to_move = Outcome((self.to_move,), None, "fifteen"), None
        elif len(self.taken[0]) + len(self.taken[1]) == 9:
            self.outcome, self.to_move = Outcome((), None, "draw"), None
        else:
            self.to_move = 1 - self.to_move

    def refusal(self, action: str) -> str:
        return f"{action!r} is not a number left to take"

    def view_body(self, player: int | None) -> dict:
        return {"taken": [sorted(t) for t in self.taken]}

    def key(self):
        return tuple(map(tuple, self.taken)), self.to_move, self.outcome

    def setup_record(self) -> dict:
        return {"first": self.first}

    @classmethod
    def deals(cls, options: dict) -> list[dict] | None:
        return None if options["first"] is not None else [{"first": 0}, {"first": 1}]


FIFTEEN = Game(name="fifteen", title="Pick fifteen", state_class=Fifteen, move_cap=9,
               render=lambda view, targets, pending, width=None: "<svg xmlns='http://www.w3.org/2000/svg'/>",
               options={"first": Option(None, int_between(0, 1, allow_none=True), "who starts (None: by seed)")})


def test_a_new_game_needs_no_table_in_the_adapters():
    """Numbered, encoded, dealt, registered with OpenSpiel and its tests passed, with no edit to the adapters."""
    import pyspiel
    from pettingzoo.test import api_test

    from tictac_nb.adapters import openspiel
    from tictac_nb.adapters.pettingzoo import env

    tictac_nb.register(FIFTEEN)
    try:
        assert numbering("fifteen").actions == tuple(f"take {n}" for n in range(1, 10))
        state = tictac_nb.new_game("fifteen", seed=3, first=0)
        before = observe(state, 1)
        state.play("take 5")
        assert observe(state, 1) != before and len(before) == encoder("fifteen").size
        game = pyspiel.load_game("tictac_nb_fifteen", {"chance": "exact"})
        assert game.get_type().information.name == "PERFECT_INFORMATION" and game.max_game_length() == 9
        assert [s for _, s in game.new_initial_state().chance_outcomes()] == [0.5, 0.5]
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
        pyspiel.random_sim_test(openspiel.load("fifteen"), num_sims=3, serialize=True, verbose=False)
        api_test(env("fifteen"), num_cycles=100)
    finally:
        tictac_nb.unregister("fifteen")


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
    from tictac_nb.adapters.actions import enumerator

    for name, game in {**tictac_nb.GAMES, **GRID_GAMES, "fifteen": FIFTEEN}.items():
        for options in [{}, *game.variants.values()]:
            lists = {tuple(enumerator(game)(game.start(seed, dict(game.check_options(options)))))
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


def test_the_array_of_a_view_holds_its_encoded_numbers(variant):
    """`observations.array` (which writes only the non-zero places of a long part, as Trek's) equals `encode`."""
    import numpy as np

    state = variant_game(variant, 7, stop_after=12)
    space = encoder(state.game, state.options)
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        assert array(space, view).tolist() == np.array(space.encode(view), dtype=np.float32).tolist()


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
def test_pettingzoo_api_seed_and_render_tests_pass(variant):
    from pettingzoo.test import api_test, render_test, seed_test

    from tictac_nb.adapters.pettingzoo import env

    name, _, options = variant
    api_test(env(name, **options), num_cycles=300)
    seed_test(lambda: env(name, **options), num_cycles=300)
    render_test(lambda render_mode=None: env(name, render_mode=render_mode, **options),
                custom_tests={"svg": lambda svg: svg.startswith("<svg")})


BOARDS = [name for name in tictac_nb.GAMES if encoder(name).board is not None]
"""The games whose observation declares board planes (`Encoding.board`)."""


@pytest.mark.parametrize("name", BOARDS)
def test_pettingzoo_observations_kept_move_by_move_match_the_encoded_views(name):
    """Observations kept up to date move by move (where the game declares a tracker) equal the views encoded,
    for every seat at every step (Tic Tac Two's peeks included); the board planes hold the vector's board
    parts."""
    from tictac_nb.adapters.pettingzoo import raw_env

    for seed in range(30):
        e = raw_env(name)
        e.reset(seed=seed)
        rng = random.Random(seed)
        while True:
            for agent in e.possible_agents:
                seen = e.observe(agent)
                assert seen["observation"].tolist() == observe(e.game_state, e.seat(agent))
                start = 3 * len(e.possible_agents) + 1  # the header's length: the board parts come first
                assert seen["board"].sum() == seen["observation"][start:start + seen["board"].size].sum()
            if e.game_state.outcome is not None:
                break
            e.step(rng.choice(e.numbering.legal(e.game_state)))


def encoded(state: State, seat: int) -> list[float]:
    """The seat's view encoded afresh, as the float32 numbers the adapters hand out."""
    import numpy as np

    return np.array(observe(state, seat), np.float32).tolist()


def test_trek_observations_kept_move_by_move_follow_campfires_that_move():
    """Trek's tracker against the views encoded at every step, for both seats, in games that move campfires
    whenever they may (`fire x,y` once a seat's one campfire is out), so a campfire leaving its tile is met."""
    from tictac_nb.adapters.pettingzoo import raw_env

    e, moved = raw_env("tic-tac-trek", campfires=1), 0
    for seed in range(6):
        e.reset(seed=seed)
        rng = random.Random(seed)
        while True:
            for agent in e.possible_agents:
                assert e.observe(agent)["observation"].tolist() == encoded(e.game_state, e.seat(agent))
            if e.game_state.outcome is not None:
                break
            legal = e.numbering.legal(e.game_state)
            fires = [action for action in legal if e.numbering.action(action).startswith("fire")]
            moved += bool(fires)
            e.step(rng.choice(fires or legal))
    assert moved


def test_pettingzoo_board_planes_and_state():
    import numpy as np

    from tictac_nb.adapters.pettingzoo import raw_env

    e = raw_env("tyc")
    e.reset(seed=1)
    e.game_state = tictac_nb.new_game("tyc", seed=1, first_player=0)
    e._settle()
    e.step(e.numbering.index("53C"))  # board 5 (the centre), cell 3 (its top right)
    board = e.observe("player_1")["board"]
    assert board.shape == (9, 9, 11)
    assert np.argwhere(board[:, :, 0]).tolist() == [[3, 5]] and board[3, 5, 2 + 2] == 1.0
    board[3, 5, 0] = 0.0  # the caller's own: the next observation is made anew
    again = e.observe("player_1")
    assert again["board"][3, 5, 0] == 1.0 and again["observation"] is not e.observe("player_1")["observation"]
    with pytest.raises(ValueError, match="read-only"):
        again["action_mask"][0] = 1  # shared by every step with the same legal actions
    assert e.state().tolist() == observe(e.game_state, 0) + observe(e.game_state, 1)
    assert e.state_space.shape == (2 * encoder("tyc").size,)
    registered("tic-tac-toe")
    try:
        grid = raw_env("tic-tac-toe", rows=4, cols=5, gravity=True, misere=True)
        grid.reset(seed=0)
        grid.step(grid.numbering.index("c4"))
        planes = grid.observe("player_2")["board"]
        assert planes.shape == (4, 5, 6) and planes[3, 2, 2] == 1.0 and planes[:, :, 2].sum() == 1.0
    finally:
        tictac_nb.unregister("tic-tac-toe")


def test_pettingzoo_renders_rgb_arrays_and_shows_svg_in_a_notebook(monkeypatch):
    import IPython.display

    from tictac_nb.adapters.pettingzoo import raw_env

    e = raw_env("tic-tac-two", render_mode="rgb_array")
    e.reset(seed=2)
    pixels = e.render()
    assert pixels.ndim == 3 and pixels.shape[2] == 3 and pixels.dtype.name == "uint8"
    assert pixels.min() < 128 < pixels.max()  # drawn lines on a white page
    shown = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    human = raw_env("tic-tac-two", render_mode="human")
    human.reset(seed=2)
    assert human.render() is None and shown[0].data.startswith("<svg")
    with pytest.raises(ValueError, match="render_mode must be None or one of svg, rgb_array, human"):
        raw_env("tyc", render_mode="ansi")


def test_pettingzoo_env_ends_the_game_on_an_illegal_action_and_refuses_use_before_reset():
    from tictac_nb.adapters.pettingzoo import env

    e = env("tic-tac-two")
    with pytest.raises(AttributeError, match="before reset"):
        e.step(0)
    for name in ("rewards", "terminations", "truncations", "infos", "agent_selection", "_cumulative_rewards"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(e, name)
    with pytest.raises(AttributeError, match="before reset"):
        e.last()
    e.reset(seed=1)
    e.step(e.numbering.index("5"))
    with pytest.raises(AssertionError, match="outside the action space"):
        e.step(17)
    e.step(e.numbering.index("5"))  # taken: O loses the game
    assert all(e.terminations.values()) and e.rewards == {"player_1": 0.0, "player_2": -1.0}


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
    state.outcome = tictac_nb.core.engine.Outcome((1,), None, "test")
    assert shares(state) == [-0.5, 1.0, -0.5]
    state.outcome = tictac_nb.core.engine.Outcome((0, 2), None, "test")
    assert shares(state) == [0.5, -1.0, 0.5]
    state.outcome = tictac_nb.core.engine.Outcome((), None, "draw")
    assert shares(state) == [0.0, 0.0, 0.0]


def test_pettingzoo_reset_seed_is_the_kits_seed_and_illegal_actions_change_nothing():
    from tictac_nb.adapters.pettingzoo import raw_env

    e = raw_env("tic-toc", players=3)
    e.reset(seed=11)
    assert e.game_state.record() == tictac_nb.new_game("tic-toc", seed=11, players=3).record()
    plain = raw_env("tic-toc")  # the default options, passed to the engine as none (its fast path)
    plain.reset(seed=11)
    assert plain.game_state.record() == tictac_nb.new_game("tic-toc", seed=11).record()
    assert plain.game_state.options == tictac_nb.new_game("tic-toc", seed=11).options != e.game_state.options
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


def test_pettingzoo_observation_holds_only_the_seats_view():
    from tictac_nb.adapters.pettingzoo import raw_env

    e = raw_env("tic-toc")
    e.reset(seed=4)
    for seat, agent in enumerate(e.possible_agents):
        assert e.observe(agent)["observation"].tolist() == pytest.approx(observe(e.game_state, seat))
    assert e.observe("player_2")["action_mask"].sum() == 0


# ---- OpenSpiel ---------------------------------------------------------------------------------
SIMS = {"tic-toc": 2, "tic-tac-ko": 2}


def deal(state, rng: random.Random):
    """Take the state through its chance nodes at random."""
    while state.is_chance_node():
        state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
    return state


def test_openspiel_random_sim_test_passes_with_serialization(variant):
    import pyspiel

    from tictac_nb.adapters import openspiel

    name, _, options = variant
    game = openspiel.load(name, rng_seed=3, **options)
    pyspiel.random_sim_test(game, num_sims=SIMS.get(name, 5), serialize=True, verbose=False)


def test_openspiel_game_types_say_what_is_hidden_and_what_is_random():
    import pyspiel

    from tictac_nb.adapters import openspiel

    info, mode = pyspiel.GameType.Information, pyspiel.GameType.ChanceMode
    for name, game in {**tictac_nb.GAMES, **GRID_GAMES}.items():
        registered(name)
        kind = openspiel.load(name).get_type()
        assert (kind.information == info.IMPERFECT_INFORMATION) == (
            game.hidden_information or name == "tic-tac-trek"), name  # Trek's bag order is hidden from all
        randomized = any(game.start(seed, {}) != game.start(0, {}) for seed in range(1, 6))
        assert kind.chance_mode == (mode.EXPLICIT_STOCHASTIC if randomized else mode.DETERMINISTIC), name
    tictac_nb.unregister("tic-tac-toe")
    tictac_nb.unregister("wild-tic-tac-toe")
    toc = openspiel.load("tic-toc").get_type()
    assert (toc.min_num_players, toc.max_num_players) == (2, 4)
    assert openspiel.load("tic-tac-ko", players=3).num_players() == 3
    assert openspiel.load("tyc").num_distinct_actions() == 729
    assert openspiel.load("tic-toc").max_game_length() == tictac_nb.GAMES["tic-toc"].move_cap
    with pytest.raises(Exception, match="JSON"):
        pyspiel.load_game("tictac_nb_tyc", {"options": "{players"})
    with pytest.raises(Exception, match="cannot be listed"):
        openspiel.load("tic-toc", chance="exact")


def test_tic_tac_toe_through_the_adapter_solves_as_the_built_in_game():
    """Perfect information, deterministic: OpenSpiel's alpha-beta takes it and finds the draw, over the
    built-in game's 5,478 distinct positions."""
    import pyspiel
    from open_spiel.python.algorithms import get_all_states, minimax

    from tictac_nb.adapters import openspiel  # noqa: F401 (registers the games)

    registered("tic-tac-toe")
    try:
        game = pyspiel.load_game("tictac_nb_tic_tac_toe")
        assert minimax.alpha_beta_search(game)[0] == 0.0
        positions = get_all_states.get_all_states(game, to_string=str)
        built_in = get_all_states.get_all_states(pyspiel.load_game("tic_tac_toe"), to_string=str)
        assert len(positions) == len(built_in) == 5478
        won = [s for s in positions.values() if s.is_terminal() and s.returns()[0] == 1.0]
        assert len(won) == sum(1 for s in built_in.values() if s.is_terminal() and s.returns()[0] == 1.0)
    finally:
        tictac_nb.unregister("tic-tac-toe")


def test_a_grid_game_registered_after_the_adapter_is_found_by_load_game():
    """The adapter registers later games through the kit's registration hooks and patches nothing of
    OpenSpiel's (a fresh process, so `load_game` is seen before the adapter is imported)."""
    code = """if True:
        import pyspiel, tictac_nb
        original = pyspiel.load_game
        from tictac_nb.adapters import openspiel
        from tictac_nb.grid import grid_game
        tictac_nb.register(grid_game("late-four", "Late four", rows=4, cols=4, k=4))
        game = pyspiel.load_game("tictac_nb_late_four")
        print(pyspiel.load_game is original, game.num_distinct_actions(), game.get_type().chance_mode.name)
    """
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert found.split() == ["True", str(16 * 5), "DETERMINISTIC"]


def test_a_registration_hook_that_refuses_a_game_leaves_the_kit_as_it_was(monkeypatch):
    from tictac_nb.core import registry
    from tictac_nb.grid import grid_game

    def refuse(game: Game) -> None:
        raise ValueError(f"no room for {game.name}")

    monkeypatch.setattr(registry, "HOOKS", [*registry.HOOKS, refuse])
    with pytest.raises(ValueError, match="no room for refused-four"):
        tictac_nb.register(grid_game("refused-four", "Refused four", rows=4, cols=4, k=4))
    assert "refused-four" not in tictac_nb.GAMES


def test_exact_chance_lists_the_deals():
    from tictac_nb.adapters import openspiel

    game = openspiel.load("tic-tac-two", chance="exact", peek=False, wild=False)
    root = game.new_initial_state()
    outcomes = root.chance_outcomes()
    assert len(outcomes) == 560 and sum(p for _, p in outcomes) == pytest.approx(1.0)  # 8! / (3! 3! 2!)
    assert str(root.child(7)) == str(root.child(7)) and str(root.child(7)) != str(root.child(8))
    assert game.max_chance_nodes_in_history() == 1
    tyc = openspiel.load("tyc", chance="exact").new_initial_state()
    assert [tyc.child(a).current_player() for a, _ in tyc.chance_outcomes()] == [0, 1]
    seeded = openspiel.load("tic-toc").new_initial_state()
    assert len(seeded.chance_outcomes()) == 256 and str(seeded.child(3)) == str(seeded.child(3))


def round_trip(text: str) -> tuple[str, str, list[str]]:
    """In another process: the state from `serialize_game_and_state`, printed, pickled again and read out."""
    import pickle

    import pyspiel

    from tictac_nb.adapters import openspiel  # noqa: F401 (registers the games)

    _, state = pyspiel.deserialize_game_and_state(text)
    again = pickle.loads(pickle.dumps(state))
    players = range(state.num_players())
    return str(again), state.history_str(), [state.information_state_string(p) for p in players]


def test_states_pickle_and_serialize_through_a_process_pool(variant):
    import pickle
    from concurrent.futures import ProcessPoolExecutor

    import pyspiel

    from tictac_nb.adapters import openspiel

    name, _, options = variant
    game = openspiel.load(name, rng_seed=1, **options)
    rng = random.Random(5)
    states = []
    for cut in (0, 3, 12):
        state = deal(game.new_initial_state(), rng)
        for _ in range(cut):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    # states whose kit state does not follow from their history: made from the kit's, and resampled
    kit = game.kit.start(9, dict(game.start_options))
    for _ in range(2):
        if kit.outcome is None:
            kit.play(rng.choice(kit.legal_actions()))
    made = game.from_kit(kit)
    if not made.is_terminal():
        made.apply_action(rng.choice(made.legal_actions()))
    states.append(made)
    if not states[1].is_terminal():
        states.append(states[1].resample_from_infostate(states[1].current_player(), None))
    with ProcessPoolExecutor(1) as pool:
        got = list(pool.map(round_trip, [pyspiel.serialize_game_and_state(game, s) for s in states]))
        pickled = list(pool.map(str, [pickle.loads(pickle.dumps(s)) for s in states]))
    for state, (text, history, infos), again in zip(states, got, pickled, strict=True):
        assert (text, history) == (str(state), state.history_str()) and again == str(state)
        assert infos == [state.information_state_string(p) for p in range(game.num_players())]


def test_information_states_are_perfect_recall():
    """Tic Tac Two, X plays 1, 9, 6 while O plays 2, 4, 8 or 4, 2, 8: X saw different boards, so its
    information states differ, though the boards end alike; twins differing only in tiles X never saw
    give X equal ones (and its opponent different ones where O saw them)."""
    from tictac_nb.adapters import openspiel

    game = openspiel.load("tic-tac-two", chance="exact", peek=False, wild=False)
    square = game.numbering.index
    root = game.new_initial_state()
    layouts = [d["tiles"] for d in game.deals]

    def after(layout: str, squares: str):
        state = root.child(layouts.index(layout))
        for s in squares:
            state.apply_action(square(s))
        return state

    first, second = after("XOXOC-XO-", "12946"), after("XOXOC-XO-", "14926")
    assert first.observation_string(0) == second.observation_string(0)
    assert first.information_state_string(0) != second.information_state_string(0)
    assert first.information_state_tensor(0) != second.information_state_tensor(0)
    # 3 and 7 stay face down: swapping their tiles changes nothing either seat saw
    same = after("XOOOC-XX-", "12946"), after("XOXOC-OX-", "12946")
    for seat in (0, 1):
        assert same[0].information_state_string(seat) == same[1].information_state_string(seat)
        assert same[0].information_state_tensor(seat) == same[1].information_state_tensor(seat)
    assert str(same[0]) != str(same[1])
    # a tile flipped by a mark: both saw it, so both seats' information states differ
    flipped = after("XOXOC-XO-", "1"), after("OXXOC-XO-", "1")
    assert all(flipped[0].information_state_string(s) != flipped[1].information_state_string(s) for s in (0, 1))


def test_the_onlookers_recall_follows_the_game():
    """`recall(None)` is the onlooker's, the same recall as `recall(p, private=False)`'s, and moves on with the game
    (it was once kept under the key None, which the next action compared with 0: a TypeError)."""
    from tictac_nb.adapters import openspiel

    game = openspiel.load("tic-tac-two", chance="exact", peek=False, wild=False)
    state = game.new_initial_state().child(0)
    onlooker = state.recall(None)
    assert state.recall(0, private=False) is onlooker
    state.apply_action(state.legal_actions()[0])
    assert state.recall(None).steps == len(state.kit.history) == 1


def test_transpositions_reach_one_position_by_two_information_states():
    """X a1, O b2, X c3 and X c3, O b2, X a1: one position (OpenSpiel's state string), two pasts."""
    import pyspiel

    from tictac_nb.adapters import openspiel  # noqa: F401 (registers the games)

    registered("tic-tac-toe")
    try:
        game = pyspiel.load_game("tictac_nb_tic_tac_toe")
        states = []
        for order in (("a1", "b2", "c3"), ("c3", "b2", "a1")):
            state = game.new_initial_state()
            for square in order:
                state.apply_action(game.numbering.index(square))
            states.append(state)
    finally:
        tictac_nb.unregister("tic-tac-toe")
    first, second = states
    assert str(first) == str(second) and first.observation_tensor(1) == second.observation_tensor(1)
    for seat in (0, 1):
        assert first.information_state_string(seat) != second.information_state_string(seat)
        assert first.information_state_tensor(seat) != second.information_state_tensor(seat)


@pytest.mark.parametrize("name", HIDDEN)
def test_openspiel_strings_and_tensors_hold_only_what_the_player_knows(name):
    """A resampled world (what the player cannot tell apart) gives that player the same strings and tensors;
    where seats hold hands (a copy cannot replay: made-up hands), the other seats' information states differ
    somewhere along the game."""
    from tictac_nb.adapters import openspiel

    hands = not tictac_nb.GAMES[name].copies_replay

    game = openspiel.load(name, rng_seed=2)
    rng = random.Random(2)
    state = deal(game.new_initial_state(), rng)
    tensors = game.get_type().provides_information_state_tensor
    differs = False
    for _ in range(40):
        if state.is_terminal():
            break
        player = state.current_player()
        twin = state.resample_from_infostate(player, None)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.observation_string(player) == state.observation_string(player)
        assert not tensors or twin.information_state_tensor(player) == state.information_state_tensor(player)
        assert twin.observation_tensor(player) == state.observation_tensor(player)
        others = [p for p in range(game.num_players()) if p != player]
        differs |= any(twin.information_state_string(p) != state.information_state_string(p) for p in others)
        onward = twin.clone()  # the made-up world plays on, as IS-MCTS plays it
        onward.apply_action(rng.choice(onward.legal_actions()))
        assert onward.clone().history() == onward.history() and str(onward.clone()) == str(onward)
        state.apply_action(rng.choice(state.legal_actions()))
    assert differs or not hands
    assert json.loads(state.observation_string(0))["viewer"] == 0


SHORT_GAMES = [name for name, game in tictac_nb.GAMES.items() if game.move_cap < 1000]
"""The games that declare every game ends within a few hundred actions (`move_cap`): 20 whole games are cheap."""


@pytest.mark.parametrize("name", SHORT_GAMES)
def test_openspiel_observation_tensors_kept_move_by_move_match_the_encoded_views(name):
    from tictac_nb.adapters import openspiel

    game = openspiel.load(name)
    for seed in range(20):
        rng = random.Random(seed)
        state = deal(game.new_initial_state(), rng)
        while True:
            for seat in range(game.num_players()):
                assert state.observation_tensor(seat) == encoded(state.kit, seat)
            if state.is_terminal():
                break
            state = state.child(rng.choice(state.legal_actions()))


FASTER_SEEDS = (0, 1, 2)
"""Random games over which each faster path is compared with the slow one it stands for."""
FASTER_STEPS = 120
"""Steps of each such game compared (K.O.'s and Trek's run longer)."""


def test_pettingzoo_observations_equal_the_views_encoded_afresh_over_random_play(variant):
    """Property, for every game and variant: whatever way an observation is made (kept move by move by
    `adapters.incremental`, read from the state's counts, or the view encoded), it equals the seat's view
    encoded from scratch, for every seat at every step of random games."""
    import numpy as np

    from tictac_nb.adapters.pettingzoo import raw_env

    name, _, options = variant
    e = raw_env(name, **options)
    for seed in FASTER_SEEDS:
        e.reset(seed=seed)
        rng = random.Random(seed)
        for _ in range(FASTER_STEPS):
            for agent in e.possible_agents:
                afresh = np.array(e.encoder.encode(e.game_state.view(e.seat(agent))), np.float32)
                assert e.observe(agent)["observation"].tolist() == afresh.tolist()
            if e.game_state.outcome is not None:
                break
            e.step(rng.choice(e.numbering.legal(e.game_state)))


def test_pettingzoo_action_masks_are_the_movers_legal_actions_over_random_play(variant):
    """Every seat's mask at every step of random games: the mover's legal actions, none for the others or
    once the game is over; read-only, whether made afresh or shared from the cache."""
    import numpy as np

    from tictac_nb.adapters.pettingzoo import raw_env

    name, _, options = variant
    e = raw_env(name, **options)
    for seed in FASTER_SEEDS:
        e.reset(seed=seed)
        rng = random.Random(seed)
        for _ in range(FASTER_STEPS):
            state = e.game_state
            for agent in e.possible_agents:
                mask = e.observe(agent)["action_mask"]
                moving = state.outcome is None and state.to_move == e.seat(agent)
                assert np.flatnonzero(mask).tolist() == (e.numbering.legal(state) if moving else [])
                assert mask.dtype == np.int8 and not mask.flags.writeable
            if state.outcome is not None:
                break
            e.step(rng.choice(e.numbering.legal(state)))


def test_openspiel_tensors_of_clones_that_part_equal_the_views_encoded_afresh(variant):
    """Property, for every game and variant: a state and its clone (which copies the kept observations) each
    go their own random way, and at every step each player's observation tensor in each equals the view
    encoded from scratch, so neither's observations leak into or lag behind the other's (and a list handed
    out, changed by its caller, changes no later one)."""
    from tictac_nb.adapters import openspiel

    name, _, options = variant
    game = openspiel.load(name, **options)
    for seed in FASTER_SEEDS:
        rng = random.Random(seed)
        state = deal(game.new_initial_state(), rng)
        twin = None
        for step in range(FASTER_STEPS):
            for branch in (state, twin):
                if branch is None or branch.is_terminal():
                    continue
                for player in range(game.num_players()):
                    tensor = branch.observation_tensor(player)
                    assert tensor == encoded(branch.kit, player)
                    tensor[:] = [2.0] * len(tensor)  # the caller's own list: the next is made afresh
                branch.apply_action(rng.choice(branch.legal_actions()))
            if step % 10 == 0 and not state.is_terminal():
                twin = state.clone()
            if state.is_terminal():
                break


def test_openspiel_answers_given_in_python_equal_those_of_its_cpp_side(variant):
    """Property, for every game and variant: the tensors, legal actions and chance nodes a KitState answers
    in python equal what OpenSpiel's C++ side (`pyspiel.State`'s own methods, through the observers and
    `_legal_actions`) answers, for every player at every step of random games, chance nodes included."""
    import pyspiel

    from tictac_nb.adapters import openspiel

    name, _, options = variant
    game = openspiel.load(name, **options)
    base = pyspiel.State
    for seed in FASTER_SEEDS:
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(FASTER_STEPS):
            assert state.is_chance_node() == base.is_chance_node(state)
            assert state.legal_actions() == base.legal_actions(state)
            for player in range(game.num_players()):
                assert state.legal_actions(player) == base.legal_actions(state, player)
                assert state.observation_tensor(player) == base.observation_tensor(state, player)
                assert state.information_state_tensor(player) == base.information_state_tensor(state, player)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        with pytest.raises(pyspiel.SpielError):
            state.observation_tensor(game.num_players())


def test_openspiel_returns_follow_the_outcome():
    from tictac_nb.adapters import openspiel

    game = openspiel.load("tic-tac-two", tiles="XOXOCOPWX")
    state = game.new_initial_state()
    assert game.get_type().chance_mode.name == "DETERMINISTIC" and not state.is_chance_node()
    for square in ("1", "4", "2", "5", "3"):
        state.apply_action(game.numbering.index(square))
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert "I play 3: " in state.information_state_string(0).splitlines()[-1]


def test_a_legal_action_outside_the_numbering_is_named():
    space = numbering("tic-tac-two", {"peek": False})
    state = tictac_nb.new_game("tic-tac-two", seed=1, tiles="PXOXCOWXO")  # with the Peek tile
    state.play("1")
    with pytest.raises(ValueError, match="legal action 'peek 2' has no number"):
        space.legal(state)
