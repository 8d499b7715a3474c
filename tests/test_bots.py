"""MCTS with pluggable leaf evaluators, each game's default bot, and the engine's cheap new games."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import ALL_GAMES

import tictac_nb
from tictac_nb import MCTSBot
from tictac_nb.core.bots import RandomRollout, default_bot, payoff, score_value
from tictac_nb.core.engine import SetupRandom, seed_bits
from tictac_nb.games.tic_tac_two.rules import box_tiles, layouts


def positions(name: str, count: int = 3) -> list:
    rng, found = random.Random(5), []
    state = tictac_nb.new_game(name, seed=3)
    while state.outcome is None and len(found) < count:
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        for _ in range(3):
            if state.outcome is None:
                state.play(rng.choice(state.legal_actions()))
    return found


# ---- each game's default bot ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ALL_GAMES)
def test_every_game_names_a_default_bot_that_plays_legally_and_repeats_itself_by_seed(name):
    game = tictac_nb.GAMES[name]
    for position in positions(name, 2):
        before = position.key()
        action = game.default_bot(seed=4).choose(position)
        assert action in position.legal_actions()
        assert game.default_bot(seed=4).choose(position) == action
        assert position.key() == before  # deciding changes nothing


def test_the_default_bots_are_the_games_own_choices():
    games = tictac_nb.GAMES
    assert type(games["tic-toc"].default_bot(seed=1)).__name__ == "TicTocBot"
    assert type(games["tic-tac-ko"].default_bot(seed=1)).__name__ == "KOBot"
    two, tyc = games["tic-tac-two"].default_bot(seed=1), games["tyc"].default_bot(seed=1)
    assert two.iterations > MCTSBot.classic().iterations
    assert isinstance(tyc.evaluator, RandomRollout) and tyc.evaluator.value is not None


def test_a_game_that_names_no_default_bot_gets_mcts():
    game = tictac_nb.GAMES["tyc"]
    bare = tictac_nb.Game(game.name, game.title, game.state_class, game.render, game.options)
    bot = default_bot(bare, seed=2)
    assert bare.default_bot is MCTSBot and isinstance(bot, MCTSBot) and bot.iterations == MCTSBot().iterations
    assert isinstance(bare.default_bot(seed=1), MCTSBot)  # the game holds it: no None to call
    assert type(default_bot(tictac_nb.GAMES["tic-toc"], seed=2)).__name__ == "TicTocBot"  # a game's own, as it is


def test_the_classic_bot_is_the_first_default():
    classic = MCTSBot.classic(seed=1)
    assert (classic.iterations, classic.exploration) == (500, 0.7)
    assert isinstance(classic.evaluator, RandomRollout) and classic.evaluator.depth >= 10_000
    assert classic.evaluator.value is None


def test_the_default_bot_takes_a_win_in_one():
    state = tictac_nb.new_game("tic-tac-two", seed=1, tiles="OXOXCWOPX")
    for move in ("1", "4", "2", "7"):  # X on 1 and 2, O on 4 and 7: no line on either board yet
        state.play(move)
    assert state.to_move == 0 and state.outcome is None
    assert tictac_nb.GAMES["tic-tac-two"].default_bot(seed=3).choose(state) == "3"


# ---- evaluators ------------------------------------------------------------------------------------

def test_a_cut_rollout_plays_depth_actions_then_asks_the_value():
    seen = []

    def value(state):
        seen.append(state.to_move)
        return [0.9, 0.1]

    state = tictac_nb.new_game("tyc", seed=1)
    moves_before = sum(1 for g in state.owner if g >= 0)
    rewards = RandomRollout(depth=5, value=value).evaluate(state, random.Random(1))
    assert list(rewards) == [0.9, 0.1] and len(seen) == 1
    assert sum(1 for g in state.owner if g >= 0) == moves_before + 5


def test_a_rollout_to_the_end_scores_the_outcome():
    state = tictac_nb.new_game("tic-tac-two", seed=2)
    rewards = RandomRollout().evaluate(state, random.Random(2))
    assert state.outcome is not None and list(rewards) == payoff(state.outcome, 2)


def test_a_cut_rollout_without_a_value_is_a_draw():
    state = tictac_nb.new_game("tyc", seed=1)
    assert list(RandomRollout(depth=1).evaluate(state, random.Random(0))) == [0.5, 0.5]


def test_score_value_favours_the_leader_and_sums_to_one():
    class Scored:
        def __init__(self, scores):
            self.scores = scores

        def current_scores(self):
            return self.scores

    value = score_value(4.0)
    ahead, behind, even = value(Scored((10, 6))), value(Scored((6, 10))), value(Scored((7, 7)))
    assert ahead[0] == pytest.approx(behind[1]) and ahead[0] > 0.7
    assert sum(ahead) == pytest.approx(1) and even == [0.5, 0.5]
    assert value(Scored((10_000, 0)))[0] == pytest.approx(1)  # no overflow on a huge lead


def test_mcts_follows_its_evaluator():
    class WantsCellOne:
        """Values a leaf by whether Blue has written in cell 1 of board 5."""

        def evaluate(self, state, rng):
            return [0.0, 1.0] if state.owner[4 * 9] == 1 else [1.0, 0.0]

    state = tictac_nb.new_game("tyc", seed=0, first_player=0)
    state.play("15E")  # Red's cell 5 sends Blue to board 5
    assert MCTSBot(300, seed=1, evaluator=WantsCellOne()).choose(state).startswith("51")


# ---- cheap new games --------------------------------------------------------------------------------

def test_setup_random_is_random_random_seeded_late():
    late, early = SetupRandom(12345), random.Random(12345)
    cards, same = list(range(30)), list(range(30))
    late.shuffle(cards)
    early.shuffle(same)
    assert cards == same and late.randrange(7) == early.randrange(7)


def test_seed_bits_mixes_neighbouring_seeds():
    bits = [seed_bits(seed) for seed in range(2000)]
    assert len(set(bits)) == 2000 and all(0 <= b < 2**64 for b in bits)
    assert 0.45 < sum(b & 1 for b in bits) / 2000 < 0.55
    assert seed_bits(2**64 - 1) == seed_bits(2**64 - 1)


@pytest.mark.parametrize(("peek", "wild", "count"), [(True, True, 1120), (False, True, 1120), (False, False, 560)])
def test_the_layouts_are_every_distinct_shuffle_of_the_box_once(peek, wild, count):
    box = box_tiles(peek, wild)
    found = layouts(box)
    assert len(found) == len(set(found)) == count
    assert all(t[4] == "C" and sorted(t[:4] + t[5:]) == sorted(box) for t in found)


def test_seeds_pick_layouts_evenly():
    tally = Counter(tictac_nb.new_game("tic-tac-two", seed=seed).tiles for seed in range(22_400))
    assert len(tally) == 1120 and max(tally.values()) < 60  # 20 expected per layout


def test_new_game_still_refuses_bad_seeds_and_options():
    with pytest.raises(tictac_nb.InvalidOption, match="seed must be a whole number"):
        tictac_nb.new_game("tyc", seed=True)
    with pytest.raises(tictac_nb.InvalidOption, match="seed must be a whole number"):
        tictac_nb.new_game("tyc", seed=2**64)
    with pytest.raises(tictac_nb.InvalidOption, match="no option 'peak'"):
        tictac_nb.new_game("tic-tac-two", seed=1, peak=False)


# ---- the match runner (bench/strength.py) ------------------------------------------------------------

def load_strength():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / "strength.py"
    spec = importlib.util.spec_from_file_location("bench_strength", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_match_game_scores_the_bot_on_its_side(seed):
    strength = load_strength()
    row = strength.play_match_game("tic-tac-two", "random", "mcts:30", seed)
    assert row["side"] == seed % 2 and row["bot_n"] > 0 and row["other_n"] > 0
    state = tictac_nb.new_game("tic-tac-two", seed=seed)
    bots = {seat: strength.make_bot("tic-tac-two", "random" if seat == seed % 2 else "mcts:30", seed * 8 + seat)
            for seat in (0, 1)}
    while state.outcome is None:
        state.play(bots[state.to_move].choose(state))
    winners = state.outcome.winners
    assert row["score"] == (0.5 if not winners else float(winners == (seed % 2,)))


def test_a_team_game_seats_the_bot_by_team():
    strength = load_strength()
    state = tictac_nb.new_game("tic-tac-ko", seed=0)
    assert [strength.side_of(state, seat) for seat in range(state.num_players)] == list(state.team_of)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_default_is_a_bot_name_in_the_lab(name):
    from tictac_nb.lab.selfplay import bot_label, play_game

    row = play_game(name, 3, bots={0: "default"}, max_actions=4)
    assert row["bots"].split(" vs ")[0] == bot_label(tictac_nb.GAMES[name].default_bot)
