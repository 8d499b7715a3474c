"""Self-play batches: reproducible, faithful to the games they summarize, interruptible."""

from __future__ import annotations

import collections
import functools
import math
import random

import pandas as pd
import pytest
from helpers import random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb import MCTSBot, RandomBot, lab
from tictac_nb.lab import selfplay
from tictac_nb.trust import entrant

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_same_seeds_same_table(game_name):
    first = lab.play_games(game_name, 3, seed=40, progress=False)
    again = lab.play_games(game_name, 3, seed=40, progress=False)
    pd.testing.assert_frame_equal(first, again)
    assert list(first["seed"]) == [40, 41, 42]
    assert list(first.columns) == list(selfplay.COLUMNS)


def test_different_seeds_give_different_games():
    games = lab.play_games("tic-tac-two", 20, progress=False)
    assert games["moves"].nunique() > 10


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_a_row_tells_the_truth_about_its_game(game_name, seed):
    row = lab.play_game(game_name, seed)
    state = lab.final_state(row)
    assert state.outcome is not None
    assert row["winners"] == state.outcome.winners and row["reason"] == state.outcome.reason
    assert row["scores"] == state.outcome.scores
    assert row["actions"] == len(row["moves"]) == len(state.history)
    assert row["completed"] == (not lab.ended_by_turn_cap(state))
    assert row["draw"] == (not state.outcome.winners and row["completed"])
    assert sum(row["shares"]) == pytest.approx(1)
    # recount turns and branching from a replay, independently of the lab's loop
    replay = tictac_nb.new_game(game_name, seed=seed)
    movers, widths = [], []
    for move in row["moves"]:
        movers.append(replay.to_move)
        widths.append(len(replay.legal_actions()))
        replay.play(move)
    if not movers:  # decided before the first move (e.g. a winning deal)
        assert row["first_mover"] is None and row["turns"] == 0
        return
    assert row["first_mover"] == movers[0]
    assert row["turns"] == 1 + sum(a != b for a, b in zip(movers, movers[1:], strict=False))
    assert row["branching_max"] == max(widths)
    assert row["branching_mean"] == pytest.approx(sum(widths) / len(widths))


def test_margin_is_the_winners_lead_at_the_end(game_name):
    row = lab.play_game(game_name, 5)
    if row["scores"] is None:
        assert math.isnan(row["margin"])
    elif row["winners"] and len(row["winners"]) < row["players"]:
        best_other = max(s for p, s in enumerate(row["scores"]) if p not in row["winners"])
        assert row["margin"] == max(row["scores"][w] for w in row["winners"]) - best_other
    else:
        assert row["margin"] == sorted(row["scores"])[-1] - sorted(row["scores"])[-2]


def test_options_reach_the_games():
    row = lab.play_game("tic-tac-two", 3, options={"tiles": "XOWPCOXXO"})
    assert row["options"] == {"tiles": "XOWPCOXXO"} and row["variant"] == "tiles='XOWPCOXXO'"
    assert lab.final_state(row).setup_record() == {"tiles": "XOWPCOXXO"}
    no_peek = lab.play_games("tic-tac-two", 30, options={"peek": False}, progress=False)
    assert not any(move.startswith("peek") for moves in no_peek["moves"] for move in moves)
    assert (no_peek["actions"] == no_peek["turns"]).all()


def test_bad_game_or_option_is_refused_before_playing():
    with pytest.raises(tictac_nb.InvalidOption, match="unknown game"):
        lab.play_games("tic-tac-nine", 2, progress=False)
    with pytest.raises(tictac_nb.InvalidOption, match="peek"):
        lab.play_games("tic-tac-two", 2, options={"peek": "no"}, progress=False)
    with pytest.raises(ValueError, match="whole number"):
        lab.play_games("tic-tac-two", -1, progress=False)


@pytest.mark.parametrize(("spec", "label"), [
    ("random", "random"), ("mcts", "mcts(200)"), ("MCTS:30", "mcts(30)"), ("mcts(40)", "mcts(40)"),
    (lab.BotFactory("mcts", 7), "mcts(7)"),
])
def test_bot_specs(spec, label):
    factory = lab.bot_factory(spec)
    assert selfplay.bot_label(factory) == label
    bot = factory(seed=3)
    assert isinstance(bot, RandomBot if label == "random" else MCTSBot)
    if label != "random":
        assert bot.iterations == int(label[5:-1])


def test_bot_classes_and_partials_are_factories():
    assert isinstance(lab.bot_factory(RandomBot)(seed=1), RandomBot)
    assert lab.bot_factory(MCTSBot)(seed=1).iterations == 500
    assert selfplay.bot_label(lab.bot_factory(RandomBot)) == "RandomBot"
    assert selfplay.bot_label(functools.partial(MCTSBot, iterations=40)) == "MCTSBot(iterations=40)"
    games = lab.play_games("tic-tac-two", 2, bots=[RandomBot, functools.partial(MCTSBot, iterations=5)],
                           progress=False)
    assert set(games["bots"]) == {"RandomBot vs MCTSBot(iterations=5)"}


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 200), sample=st.integers(0, 2**32 - 1))
def test_the_lab_random_bot_decides_only_from_what_its_seat_knows(game_name, seed, cut, sample):
    state = random_game(game_name, seed, stop_after=cut)
    if state.outcome is not None:
        return
    seen = state.determinize(state.to_move, random.Random(sample))
    assert RandomBot(seed).choose(state) == RandomBot(seed).choose(seen)
    assert RandomBot(seed).choose(state) in state.legal_actions()


def test_the_lab_random_bot_is_uniform():
    state = tictac_nb.new_game("tic-tac-two", seed=0)
    bot = RandomBot(5)
    counts = collections.Counter(bot.choose(state) for _ in range(9000))
    assert set(counts) == set(state.legal_actions())
    assert all(800 < count < 1200 for count in counts.values())


@pytest.mark.parametrize("spec", ["alphazero", "mcts:", "mcts:0", 5, None])
def test_unknown_bot_specs_are_refused(spec):
    with pytest.raises(ValueError):
        lab.bot_factory(spec)


def test_bots_per_seat():
    assert [str(f) for f in selfplay.seat_factories("mcts:9", 2)] == ["mcts(9)", "mcts(9)"]
    assert [str(f) for f in selfplay.seat_factories(["random", "mcts:9"], 2)] == ["random", "mcts(9)"]
    assert [str(f) for f in selfplay.seat_factories({1: "mcts:9"}, 2)] == ["random", "mcts(9)"]
    with pytest.raises(ValueError, match="3 bots given for 2 seats"):
        selfplay.seat_factories(["random"] * 3, 2)
    with pytest.raises(ValueError, match="seat 2 does not exist"):
        selfplay.seat_factories({2: "random"}, 2)


def says_its_seed(seed):
    """A student's factory whose bot forfeits at once, saying the seed it was made with."""
    def bot(state):
        raise ValueError(seed)
    return bot


def test_custom_factories_get_a_fresh_seeded_bot_per_game():
    games = lab.play_games("tic-tac-two", 3, bots=[says_its_seed, "random"], progress=False)
    made = [int(reason.rsplit("'", 2)[1]) for reason in games["reason"]]
    assert len(set(made)) == 3
    assert made == [entrant.draw(entrant.game_key(0, seed), "bot", 0) for seed in range(3)]  # from the game's secret
    assert set(games["bots"]) == {"says_its_seed vs random"}


def test_bot_seeds_differ_by_game_and_seat():
    seeds = {selfplay.bot_seed(game, seat) for game in range(200) for seat in range(4)}
    assert len(seeds) == 800


def test_a_stronger_bot_wins_more_and_the_batch_is_reproducible():
    games = lab.play_games("tic-tac-two", 24, bots=["mcts:60", "random"], progress=False)
    again = lab.play_games("tic-tac-two", 24, bots=["mcts:60", "random"], progress=False)
    pd.testing.assert_frame_equal(games, again)
    assert set(games["bots"]) == {"mcts(60) vs random"}
    assert (games["winner"] == 0).mean() > (games["winner"] == 1).mean()


def test_the_lab_cap_stops_a_long_game_as_a_turn_cap():
    row = lab.play_game("tic-tac-two", 1, max_actions=2)
    assert row["actions"] == 2 and not row["completed"] and not row["draw"]
    assert row["winners"] == () and row["shares"] == (0.5, 0.5)
    assert "turn cap" in row["reason"]
    assert lab.completion(selfplay.results_frame([row])) == 0


@pytest.mark.parametrize(("name", "cap"), [("tic-toc", {"turn_cap": 1}), ("tic-tac-ko", {"action_cap": 50})])
def test_turn_caps_are_read_from_the_outcome(name, cap):
    games = lab.play_games(name, 3, options=cap, progress=False)
    assert not games["completed"].any() and games["draw"].eq(False).all()
    assert lab.play_games("tic-tac-two", 3, progress=False)["completed"].all()


def test_interrupting_keeps_the_finished_games(monkeypatch, capsys):
    real = selfplay.play_game
    calls = []

    def flaky(*args, **kwargs):
        calls.append(args)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(selfplay, "play_game", flaky)
    games = lab.play_games("tic-tac-two", 10, progress=False)
    assert len(games) == 3 and list(games["seed"]) == [0, 1, 2]
    assert games.attrs["interrupted"]
    assert "kept the 3 finished games of 10" in capsys.readouterr().out


def test_progress_bar_counts_the_games(monkeypatch):
    class Bar:
        def __init__(self, total, description):
            self.total, self.description, self.count, self.closed = total, description, 0, False
            bars.append(self)

        def update(self, k):
            self.count += k

        def close(self):
            self.closed = True

    bars = []
    monkeypatch.setattr(selfplay, "_progress_bar", Bar)
    lab.play_games("tic-tac-two", 5, options={"wild": False}, progress=True)
    lab.play_games("tic-tac-two", 5, progress=False)
    [bar] = bars
    assert (bar.total, bar.count, bar.closed) == (5, 5, True)
    assert bar.description == "tic-tac-two: wild=False"


def test_the_real_progress_bar_is_tqdm():
    bar = selfplay._progress_bar(3, "x")
    try:
        assert type(bar).__module__.startswith("tqdm") and bar.total == 3
    finally:
        bar.close()
