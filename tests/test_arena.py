"""Bots of your own: they see only what their seat knows, a bot at fault forfeits, and tournaments rate them."""

from __future__ import annotations

import random
import time
import zlib
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pandas as pd
import pytest
from helpers import InterruptedExecutor, random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb import IllegalAction, MCTSBot, RandomBot, lab
from tictac_nb.core.bots import Forfeit, SeatBot, seat_copy
from tictac_nb.lab import tournaments
from tictac_nb.trust import entrant
from tictac_nb.trust.sandbox import as_bot, decide

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def pick(state, secret) -> str:
    """A legal action chosen by a hash of `secret`: whatever the secret changes, the choice follows."""
    legal = state.legal_actions()
    return legal[zlib.crc32(repr(secret).encode()) % len(legal)]


# Bots that try to peek at the real game through what they are given. Module-level: a process pool pickles them.
def peeks_at_the_key(state):
    return pick(state, state.key())


def rebuilds_the_deal_from_the_seed(state):
    return pick(state, state.game.new_game(state.seed, **state.options).key())


def reads_the_record(state):
    return pick(state, state.record())


def undoes_to_the_start(state):
    copy = state.clone()
    while copy.history:
        copy.undo()
    return pick(state, copy.key())


def refused_undo(bot, state) -> str:
    with pytest.raises(IllegalAction, match="cannot undo"):
        bot.choose(state)
    return "refused"


class PeekingObject:
    """An object bot keeping the states it is given: a later move could read an earlier secret."""

    def __init__(self):
        self.seen = []

    def choose(self, state):
        self.seen.append(state)
        return pick(state, [s.key() for s in self.seen])


CHEATERS = [peeks_at_the_key, rebuilds_the_deal_from_the_seed, reads_the_record]


def lookalike(state, rng):
    """A state the mover cannot tell from `state`: every secret resampled, the seed (which would rebuild
    the deal) too."""
    other = state.determinize(state.to_move, rng)
    other.seed = rng.getrandbits(32)
    return other


def positions(game_name, count=4):
    for seed in range(count):
        state = random_game(game_name, seed, stop_after=6 + seed)
        if state.outcome is None:
            yield seed, state


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 200), other=st.integers(0, 2**16))
def test_wrapped_bots_choose_the_same_on_states_their_seat_cannot_tell_apart(game_name, seed, cut, other):
    state = random_game(game_name, seed, stop_after=cut)
    if state.outcome is not None:
        return
    twin = lookalike(state, random.Random(other))
    for cheater in [*CHEATERS, PeekingObject]:
        bots = [as_bot(cheater() if cheater is PeekingObject else cheater, 5) for _ in range(2)]
        assert bots[0].choose(state) == bots[1].choose(twin), cheater
    if state.history:  # undo would replay the deal from the seed: the copy a bot gets refuses it
        assert refused_undo(as_bot(undoes_to_the_start), state) == refused_undo(as_bot(undoes_to_the_start), twin)


def answer(bot, state):
    try:
        return bot(state)
    except Exception as error:  # replaying the real moves on another deal may break anywhere
        return type(error)


def test_the_check_catches_a_bot_that_is_not_wrapped():
    """Without the wrapper, the cheaters above do see the secrets: the check has teeth."""
    caught = set()
    for _, state in positions("tic-tac-two", 12):
        for attempt in range(5):
            other = lookalike(state, random.Random(attempt))
            caught |= {cheater for cheater in [*CHEATERS, undoes_to_the_start]
                       if answer(cheater, state) != answer(cheater, other)}
    assert caught == {*CHEATERS, undoes_to_the_start}


def test_a_bot_cannot_change_the_real_game(game_name):
    def vandal(state):
        action = state.legal_actions()[0]
        while state.outcome is None:
            state.play(state.legal_actions()[-1])
        state.history.clear()
        return action

    for _, state in positions(game_name):
        before, record = state.key(), state.record()
        assert decide(as_bot(vandal, 1), state) in state.legal_actions()
        assert state.key() == before and state.record() == record


def test_the_kit_bots_are_not_wrapped_and_others_are():
    assert type(as_bot(RandomBot(1))) is RandomBot and type(as_bot(MCTSBot(5))) is MCTSBot
    for own in tictac_nb.GAMES["tic-toc"].bots.values():
        assert type(as_bot(own(seed=1))) is own
    assert isinstance(as_bot(peeks_at_the_key), SeatBot) and isinstance(as_bot(PeekingObject()), SeatBot)

    class Sneaky(RandomBot):  # a subclass of a kit bot is somebody else's bot
        def choose(self, state):
            return peeks_at_the_key(state)

    assert isinstance(as_bot(Sneaky()), SeatBot)
    with pytest.raises(TypeError, match="function of a state"):
        as_bot(42)


def test_the_copy_a_bot_gets_and_its_clones_refuse_undo(game_name):
    state = random_game(game_name, 4, stop_after=5)
    copy = seat_copy(state, state.to_move, random.Random(2))
    for sample in (copy, copy.clone(), copy.clone().clone()):
        assert sample.seed == copy.seed != state.seed
        with pytest.raises(IllegalAction, match="look ahead with clone"):
            sample.undo()


def test_the_copy_a_bot_gets_holds_its_view_and_legal_actions_but_not_the_seed():
    state = random_game("tic-tac-two", 3, stop_after=3)
    copy = seat_copy(state, state.to_move, random.Random(1))
    assert copy.view(state.to_move) == state.view(state.to_move)
    assert copy.legal_actions() == state.legal_actions() and copy.history == state.history
    assert copy.seed != state.seed


# ---- forfeits -------------------------------------------------------------------------------------------
def raises(state):
    raise ZeroDivisionError("my bug")


def answers_nonsense(state):
    return "square ten"


def answers_a_number(state):
    return 5


def slow(state):
    time.sleep(0.05)
    return state.legal_actions()[0]


def first_legal(state):
    return state.legal_actions()[0]


@pytest.mark.parametrize(("bot", "reason"), [
    (raises, "raised ZeroDivisionError: 'my bug'"),
    (answers_nonsense, "answered the illegal action 'square ten': "),
    (answers_a_number, "answered the illegal action "),
])
def test_a_bot_at_fault_forfeits_with_its_reason(bot, reason):
    state = tictac_nb.new_game("tic-tac-two", seed=1)
    with pytest.raises(Forfeit) as forfeit:
        decide(as_bot(bot), state)
    assert forfeit.value.seat == 0 and forfeit.value.reason.startswith(reason)
    row = lab.play_game("tic-tac-two", 1, bots=["random", bot], variant="v")  # in its sandbox
    if bot is answers_a_number:
        assert "an action is written in Tic Tac Two notation as text" in row["reason"]
    assert row["forfeit"] == 1 and row["winners"] == (0,) and row["shares"] == (1.0, 0.0)
    assert row["reason"].startswith(f"O ({bot.__name__}) forfeits: {reason}")
    assert not row["completed"] and not row["draw"]
    assert lab.final_state(row).history == list(row["moves"])


def test_a_move_over_the_time_limit_forfeits_after_the_fact():
    state = tictac_nb.new_game("tic-tac-two", seed=1)
    assert decide(as_bot(slow), state, time_limit=1.0) == "1"
    with pytest.raises(Forfeit, match=r"took 0\.\d\d s for a move, over the limit of 0\.01 s"):
        decide(as_bot(slow), state, time_limit=0.01)
    row = lab.play_game("tic-tac-two", 1, bots=[slow, "random"], time_limit=0.01)
    assert row["forfeit"] == 0 and row["actions"] == 0 and "over the limit" in row["reason"]


def test_a_bot_that_cannot_be_made_forfeits():
    def factory(seed):
        raise RuntimeError("no model file")

    row = lab.play_game("tic-tac-two", 1, bots=[factory, "random"])
    assert row["forfeit"] == 0 and "could not be made: RuntimeError: 'no model file'" in row["reason"]


def test_forfeits_in_a_multiplayer_game_leave_every_other_seat_winning():
    row = lab.play_game("tic-toc", 2, options={"players": 3}, bots=["random", raises, "random"])
    assert row["forfeit"] == 1 and row["winners"] == (0, 2) and row["shares"] == (0.5, 0.0, 0.5)


def raises_on_seed_3(seed):
    """A student's factory (it plays in a sandbox), raising in game 3 of a batch with seed 0."""
    return raises if seed == entrant.draw(entrant.game_key(0, 3), "bot", 1) else RandomBot(seed)


def random_factory(seed):
    return RandomBot(seed)


def test_a_failing_game_is_recorded_and_the_batch_goes_on(capsys):
    clean = lab.play_games("tic-tac-two", 6, bots=["random", random_factory], progress=False)
    games = lab.play_games("tic-tac-two", 6, bots=["random", raises_on_seed_3], progress=False)
    assert list(games["forfeit"].isna()) == [True, True, True, False, True, True]
    failed = games.iloc[3]
    assert failed["seed"] == 3 and failed["forfeit"] == 1 and "raised ZeroDivisionError" in failed["reason"]
    kept = [0, 1, 2, 4, 5]
    assert list(games["moves"].iloc[kept]) == list(clean["moves"].iloc[kept])
    assert "1 of 6 games ended by a forfeit" in capsys.readouterr().out


def test_a_forfeit_is_an_ending_of_its_own_in_the_metrics_and_plots():
    games = lab.play_games("tic-tac-two", 6, bots=["random", raises_on_seed_3], progress=False)
    shares = lab.outcome_shares(games)
    assert shares["forfeit"] == pytest.approx(1 / 6) and shares.sum() == pytest.approx(1)
    assert lab.completion(games) == pytest.approx(5 / 6) and "forfeit" not in lab.outcome_shares(games.drop(3))


def test_a_failing_game_in_a_sweep_names_its_variant_and_seed():
    variants = [lab.Variant("tic-tac-two", {}, "random", "plain"),
                lab.Variant("tic-tac-two", {"peek": False}, ["random", raises_on_seed_3], "no peek")]
    table = lab.sweep(variants, 5, workers=1, chunk=2, progress=False)
    assert len(table) == 10
    failed = table[table["forfeit"].notna()]
    assert list(failed["variant"]) == ["no peek"] and list(failed["seed"]) == [3]
    assert lab.completion(table[table["variant"] == "no peek"]) == 0.8


def test_other_errors_name_the_game_variant_and_seed(monkeypatch):
    def broken(self, action):
        raise KeyError("a bug in the rules")

    monkeypatch.setattr(type(tictac_nb.new_game("tic-tac-two", seed=0)), "apply", broken)
    with pytest.raises(KeyError) as error:
        lab.play_game("tic-tac-two", 7, variant="mine")
    assert "in the lab's game of tic-tac-two (mine), seed 7" in "\n".join(error.value.__notes__)


# ---- tournaments --------------------------------------------------------------------------------------
def centre_first(state):
    legal = state.legal_actions()
    return "5" if "5" in legal else legal[0]


def last_legal(state):
    return state.legal_actions()[-1]


CLASS = {"centre first": centre_first, "first legal": first_legal, "last legal": last_legal,
         "random": "random", "mcts": "mcts:10"}


@pytest.fixture(scope="module")
def local_standings():
    return lab.tournament(CLASS, "tic-tac-two", 4, seed=3, workers=1, progress=False)


def test_a_round_robin_swaps_seats_fairly(local_standings):
    games = local_standings.games
    assert len(games) == 10 * 4  # 10 pairs, each deal played in both seat orders
    pairs = games.groupby(games["seats"].map(lambda seats: tuple(sorted(seats))))
    for _, group in pairs:
        assert group["seats"].map(lambda seats: seats[0]).value_counts().tolist() == [2, 2]
        firsts = group[group["seats"] == group["seats"].iloc[0]]["seed"].tolist()
        seconds = group[group["seats"] != group["seats"].iloc[0]]["seed"].tolist()
        assert firsts == seconds  # the same deals, seats swapped
    assert set(local_standings.ratings["games"]) == {16}


def test_three_and_four_players_play_every_seat_order():
    assert len(tournaments.seatings("abc", 3)) == 6 and len(tournaments.seatings("abcd", 3)) == 24
    assert len(tournaments.seatings("abcd", 4)) == 24
    with pytest.raises(ValueError, match="needs at least 3 bots"):
        tournaments.seatings("ab", 3)
    standings = lab.tournament({"a": first_legal, "b": "random", "c": last_legal}, "tic-toc", 1,
                               options={"players": 3, "turn_cap": 30}, workers=1, progress=False)
    assert sorted(standings.games["seats"]) == sorted(tournaments.seatings(["a", "b", "c"], 3))
    assert set(standings.ratings["games"]) == {6}
    assert list(standings.ratings.columns[-3:]) == ["score as Player 1", "score as Player 2", "score as Player 3"]


def test_the_ratings_table(local_standings):
    table = local_standings.ratings
    assert list(table.columns[:8]) == ["rating", "error", "games", "wins", "draws", "losses", "forfeits", "score"]
    assert set(table.index) == set(CLASS) and table["rating"].is_monotonic_decreasing
    assert (table["wins"] + table["draws"] + table["losses"] == table["games"]).all()
    assert table["rating"].mean() == pytest.approx(1500)
    assert (table["error"] > 0).all()
    assert table.loc["mcts", "rating"] > table.loc["random", "rating"]
    assert list(table.columns[-2:]) == ["score as X", "score as O"]


def test_same_seed_same_standings_on_a_process_pool_and_a_dask_cluster(local_standings):
    from dask import distributed

    with ProcessPoolExecutor(2) as pool:
        pooled = lab.tournament(CLASS, "tic-tac-two", 4, seed=3, executor=pool, progress=False)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) \
            as cluster, distributed.Client(cluster) as client:
        on_dask = lab.tournament(CLASS, "tic-tac-two", 4, seed=3, executor=client.get_executor(), progress=False)
    for other in (pooled, on_dask):
        pd.testing.assert_frame_equal(other.games, local_standings.games)
        pd.testing.assert_frame_equal(other.ratings, local_standings.ratings)
    changed = lab.tournament(CLASS, "tic-tac-two", 4, seed=4, workers=1, progress=False)
    assert list(changed.games["moves"]) != list(local_standings.games["moves"])


def test_a_forfeiting_bot_loses_and_the_tournament_goes_on():
    standings = lab.tournament({"buggy": raises, "centre": centre_first, "random": "random"}, "tic-tac-two", 2,
                               workers=1, progress=False)
    table = standings.ratings
    assert table.loc["buggy", "forfeits"] == table.loc["buggy", "games"] == table.loc["buggy", "losses"] == 4
    assert table.index[-1] == "buggy" and len(standings.games) == 6
    assert standings.games["forfeit"].notna().sum() == 4


def test_bradley_terry_matches_the_closed_form_for_two_bots():
    score = np.array([[0.0, 3.0], [1.0, 0.0]])
    played = np.array([[0.0, 4.0], [4.0, 0.0]])
    strength, errors = tournaments.bradley_terry(score, played, prior=1e-9)
    assert strength[0] - strength[1] == pytest.approx(np.log(3), rel=1e-6)
    # one standard error of the difference is 1 / sqrt(n p (1 - p)); each centred rating carries half of it
    assert errors == pytest.approx([0.5 / np.sqrt(4 * 0.75 * 0.25)] * 2, rel=1e-4)
    strength, _ = tournaments.bradley_terry(np.array([[0.0, 4.0], [0.0, 0.0]]), played)
    assert np.isfinite(strength).all() and strength[0] > strength[1]  # a clean sweep stays finite


def test_a_multiplayer_game_splits_into_weighted_pairs():
    games = pd.DataFrame({"seats": [("a", "b", "c"), ("a", "b", "c", "d")], "winners": [(0,), (0, 2)],
                          "players": [3, 4]})
    score, played = tournaments.pairwise(games, ["a", "b", "c", "d"])
    third = 1 / 3
    assert played[0, 1] == pytest.approx(0.5 + third) and played[0, 3] == pytest.approx(third)
    assert score[0, 1] == pytest.approx(0.5 + third)  # a won both games against b
    assert score[1, 2] == pytest.approx(0.25)  # a draw between two losers of the first game, a loss in the second
    assert score[0, 2] == pytest.approx(0.5 + third / 2)  # teammates who won together draw
    assert (score + score.T == pytest.approx(played))


def test_builtin_bots_are_ready_opponents():
    assert list(lab.builtin_bots("tic-tac-two")) == ["RandomBot", "MCTSBot(30)", "MCTSBot(100)", "MCTSBot(300)",
                                                     "default bot"]
    assert "TicTocBot" in lab.builtin_bots("tic-toc") and "KOBot" in lab.builtin_bots("tic-tac-ko", mcts=())


@pytest.mark.parametrize("game", list(tictac_nb.GAMES))
def test_the_default_bot_is_always_among_the_builtin_bots_once(game):
    """The game's default bot is offered once: under its own name when it is one of the game's bots (K.O.'s
    KOBot), else as "default bot"."""
    rules = tictac_nb.GAMES[game]
    bots = lab.builtin_bots(game, mcts=())
    assert list(bots.values()).count(rules.default_bot) == 1
    name = next(name for name, bot in bots.items() if bot is rules.default_bot)
    assert name == "default bot" or rules.bots[name] is rules.default_bot
    with pytest.raises(tictac_nb.InvalidOption):
        lab.builtin_bots("chess")


def test_bad_tournaments_are_refused():
    with pytest.raises(ValueError, match="games_per_pair"):
        lab.tournament(CLASS, "tic-tac-two", 0, workers=1, progress=False)
    with pytest.raises(ValueError, match="share a name"):
        lab.tournament([first_legal, first_legal], "tic-tac-two", 1, workers=1, progress=False)
    with pytest.raises(tictac_nb.InvalidOption, match="peek"):
        lab.tournament(CLASS, "tic-tac-two", 1, options={"peek": 1}, workers=1, progress=False)


def test_the_leaderboard_plot(local_standings):
    figure = local_standings.plot()
    axes = figure.axes[0]
    labels = [tick.get_text() for tick in axes.get_yticklabels()]
    assert labels[-1].startswith(local_standings.ratings.index[0]) and len(labels) == len(CLASS)


def reads_every_attribute(state):
    return pick(state, sorted((name, repr(value)) for name, value in vars(state).items()))


def twins(game_name, tries=400):
    """Two new games (different seeds) the first mover cannot tell apart, though their secrets differ."""
    seen = {}
    for seed in range(tries):
        state = tictac_nb.new_game(game_name, seed=seed)
        if state.outcome is not None:
            continue
        public = repr((state.to_move, state.view(state.to_move), state.legal_actions()))
        if public in seen and seen[public].key() != state.key():
            return seen[public], state
        seen.setdefault(public, state)
    return None


@pytest.mark.parametrize("game_name", ["tic-tac-two", "tic-tac-trek"])
def test_wrapped_bots_choose_the_same_in_two_real_games_their_seat_cannot_tell_apart(game_name):
    """Two real deals with the same view: nothing a bot is given, any attribute of it, tells them apart."""
    pair = twins(game_name)
    assert pair is not None
    for cheater in [*CHEATERS, reads_every_attribute]:
        assert as_bot(cheater, 5).choose(pair[0]) == as_bot(cheater, 5).choose(pair[1]), cheater


def test_an_interrupted_tournament_keeps_both_seat_orders(capsys):
    standings = lab.tournament({"a": first_legal, "b": last_legal}, "tic-tac-two", 40,
                               executor=InterruptedExecutor(), progress=False)
    games = standings.games
    assert games.attrs["interrupted"] and "interrupted" in capsys.readouterr().out
    counts = games["seats"].value_counts()
    assert set(counts.index) == {("a", "b"), ("b", "a")} and counts.nunique() == 1 and 0 < len(games) < 40
    assert list(games[games["seats"] == ("a", "b")]["seed"]) == list(games[games["seats"] == ("b", "a")]["seed"])
