"""The benchmark scripts run, measure what they say, and name every game they time."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import types
from pathlib import Path

import pytest
from helpers import ALL_GAMES

import tictac_nb

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(name):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # so that its functions reach worker processes by name
    spec.loader.exec_module(module)
    return module


def test_the_harness_counts_every_move_of_its_games(game_name):
    benchmark = load("benchmark")
    moves, games, elapsed = benchmark.kit_playouts(game_name, games=3)
    choice, expected = random.Random(0).choice, 0
    for seed in range(3):
        state = tictac_nb.new_game(game_name, seed=seed)
        while state.outcome is None:
            state.play(choice(state.legal_actions()))
            expected += 1
    assert (moves, games) == (expected, 3) and elapsed > 0


class FakeState:
    """Stands in for an OpenSpiel state: three legal actions, over after five of them."""

    def __init__(self):
        self.taken = []

    def legal_actions(self):
        return [0, 1, 2]

    def apply_action(self, action):
        assert action in (0, 1, 2)
        self.taken.append(action)

    def is_terminal(self):
        return len(self.taken) == 5


def test_openspiel_runs_in_the_same_harness(monkeypatch):
    loaded = []
    fake = types.SimpleNamespace(load_game=lambda name: loaded.append(name) or types.SimpleNamespace(
        new_initial_state=FakeState))
    monkeypatch.setitem(sys.modules, "pyspiel", fake)
    benchmark = load("benchmark")
    moves, games, elapsed = benchmark.openspiel_playouts("tic_tac_toe", games=4)
    assert (moves, games, loaded) == (20, 4, ["tic_tac_toe"]) and elapsed > 0
    moves, games, _ = benchmark.openspiel_playouts("tic_tac_toe", seconds=0.01)
    assert moves == 5 * games and games >= 1


def test_quick_benchmark_prints_a_line_per_game_and_the_aims(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # as if open_spiel were not installed
    benchmark = load("benchmark")
    names = ALL_GAMES[:2]
    benchmark.main(["--quick", "--games", *names])
    out = capsys.readouterr().out
    lines = out.splitlines()
    for name in names:
        [line] = [line for line in lines if line.startswith(name)]
        assert len(line.split()) == 9  # moves/s, moves/game, MCTS ms (positions), two timings
    assert "OpenSpiel comparison skipped: open_spiel is not installed" in out
    assert "aims:" in out and "tic-tac-two moves/s >= 150,000" in out
    costs = [line.split() for line in lines if line.startswith("  ") and line.split()[0] in names and "ms" in line]
    assert [row[0] for row in costs] == names and all(float(row[5]) == pytest.approx(
        float(row[3]) - float(row[1]), abs=0.002) for row in costs)  # the sandbox's cost: the difference
    assert "sandbox cost <= 1 ms a decision" in out and "class tournament: 4 student functions" in out


def test_benchmark_sets_the_kit_against_openspiel(capsys, monkeypatch):
    fake = types.SimpleNamespace(load_game=lambda name: types.SimpleNamespace(new_initial_state=FakeState))
    monkeypatch.setitem(sys.modules, "pyspiel", fake)
    load("benchmark").main(["--quick", "--games", "tic-tac-two", "--no-sandbox"])
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.startswith("tic-tac-two ") and "tic_tac_toe" in line]
    assert [row[1] for row in rows] == ["compiled", "plain"]  # the compiled core, then its plain source
    for row in rows:
        kit, theirs, ratio = (float(x.replace(",", "")) for x in row[3:6])
        assert ratio == pytest.approx(kit / theirs, abs=0.006)  # printed with two decimals
        assert f"tic-tac-two / tic_tac_toe ratio >= 0.5 ({row[1]} core)" in out


def test_strength_prints_wins_draws_and_losses_per_seat(capsys):
    load("strength").main(["--games", "4", "--iterations", "10", "--workers", "1"])
    out = capsys.readouterr().out
    assert "MCTS as X" in out and "MCTS as O" in out
    for line in out.splitlines()[1:]:
        counts = [int(line.split(word)[1].split()[0]) for word in ("wins", "draws", "shared", "losses")]
        assert sum(counts) == 4


def test_the_calibration_keeps_the_sharpest_of_the_calibrated_maps_else_of_those_that_meet_the_aim():
    coach = load("coach")
    scores = {"raw": {"brier": 0.2070, "largest gap": 8.4, "outside": 3},
              "platt": {"brier": 0.2091, "largest gap": 6.0, "outside": 0},
              "isotonic": {"brier": 0.2079, "largest gap": 3.9, "outside": 1},
              "phased": {"brier": 0.2085, "largest gap": 4.8, "outside": 0}}
    assert coach.chosen(scores) == "phased"  # inside every interval, though isotonic's Brier is better
    scores["phased"]["outside"] = 1
    assert coach.chosen(scores) == "platt"  # 6 points off in a tenth its games' spread explains
    scores["platt"]["outside"] = 2
    assert coach.chosen(scores) == "isotonic"  # none calibrated: the best Brier within 5 points
    for score in scores.values():
        score["largest gap"] += 5  # none meets the aim either: the best by Brier
    assert coach.chosen(scores) == "raw"
    level = {method: {"brier": 0.1, "largest gap": 1.0, "outside": 0} for method in coach.METHODS}
    assert coach.chosen(level) == "raw"  # the simplest on a tie
    hinted = {coach.ANALYSIS_MAP: {"brier": 0.1, "largest gap": 4.0, "outside": 0}, **level}
    assert coach.chosen(hinted) == coach.ANALYSIS_MAP  # a hint's own map must beat the analysis's to be kept


def test_a_held_out_tenth_outside_its_interval_counts_against_its_map():
    coach = load("coach")
    right = [(0.3, float(k % 10 < 3), k) for k in range(2_000)]  # said 30%, won 30%
    low = [(0.27, outcome, game) for _, outcome, game in right]  # said 27%: 3 points off, on 2,000 games
    judged = {"phased": (*coach.reliability(low), len(low)), "isotonic": (*coach.reliability(right), len(right))}
    scores = coach.scores_of(judged)
    assert scores["phased"] == {"brier": pytest.approx(0.2109, abs=1e-4), "largest gap": 3.0, "outside": 1}
    assert scores["isotonic"] == {"brier": pytest.approx(0.21, abs=1e-4), "largest gap": 0.0, "outside": 0}
    assert coach.chosen(scores) == "isotonic"


def test_the_calibration_plays_the_same_games_in_two_processes_and_keeps_them(tmp_path, monkeypatch):
    coach = load("coach")
    alone = coach.hinted_games("tic-tac-two", 30, 30_000)
    both = coach.played("tic-tac-two", 30, str(tmp_path), 30_000, 2, twice=False, kind="hint", jobs=2)
    assert both == alone and len(alone) >= 20 and sum(len(game["points"]) for game in alone) >= 30
    [stored] = tmp_path.iterdir()
    assert stored.name == "tic-tac-two-2-30000-hint.json"
    assert json.loads(stored.read_text()) == json.loads(json.dumps(alone))
    monkeypatch.setattr(coach, "hinted_game", lambda *_, **__: pytest.fail("a kept game was played again"))
    assert coach.played("tic-tac-two", 30, str(tmp_path), 30_000, 2, twice=False, kind="hint") == \
        json.loads(json.dumps(alone))


def test_a_calibration_set_holds_the_games_asked_for_the_first_of_those_kept(tmp_path, monkeypatch):
    coach = load("coach")
    first = coach.played("tic-tac-two", 0, str(tmp_path), 30_000, 2, twice=False, kind="hint", games=22)
    assert len(first) == 22
    assert first[:20] == coach.hinted_games("tic-tac-two", 0, 30_000)  # the same games, numbered from the seed
    monkeypatch.setattr(coach, "hinted_game", lambda *_, **__: pytest.fail("a kept game was played again"))
    fewer = coach.played("tic-tac-two", 0, str(tmp_path), 30_000, 2, twice=False, kind="hint", games=21)
    assert fewer == json.loads(json.dumps(first[:21]))  # a set asked of fewer games than kept takes the first


def test_the_unseen_games_are_as_many_as_asked_else_as_many_as_each_half(monkeypatch):
    coach = load("coach")
    asked = []
    monkeypatch.setattr(coach, "fit_all", lambda *args: asked.append(("fit", args[-1])))
    monkeypatch.setattr(coach, "unseen_report", lambda *args: asked.append(("unseen", args[-1])))
    common = ["coach.py", "--fit", "--unseen", "--kind", "hint", "--game", "tic-toc", "--judged-games", "300"]
    for extra, unseen in (([], 300), (["--unseen-games", "40"], 40)):
        asked.clear()
        monkeypatch.setattr(sys, "argv", common + extra)
        coach.main()
        assert asked == [("fit", 300), ("unseen", unseen)]


def test_a_fit_or_a_report_on_games_analysed_once_keeps_the_stored_noise(tmp_path, monkeypatch, capsys):
    coach = load("coach")
    calibration = coach.calibration
    data = tmp_path / "calibration.json"
    data.write_text(calibration.DATA.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(calibration, "DATA", data)
    calibration.table.cache_clear()
    before = calibration.noise("tic-tac-two")
    rng = random.Random(5)

    def once() -> list[dict]:  # no move analysed twice: "pairs" is empty
        chances = [[rng.random() for _ in range(20)] for _ in range(60)]
        return [{"players": 2, "points": [(c, float(rng.random() < c)) for c in game], "played": list(range(20)),
                 "length": 20, "pairs": []} for game in chances]

    monkeypatch.setattr(coach, "halves", lambda *_, **__: (once(), once()))
    try:
        coach.fit_all(["tic-tac-two"], 0, None, None)
        assert "noise is not measured" in capsys.readouterr().out
        assert calibration.noise("tic-tac-two") == before > 0
        assert calibration.fitted("tic-tac-two", 2)["positions"] == 2 * 60 * 20  # the maps were fitted anew
        assert coach.calibration_report("tic-tac-two", 0, None, None) is None  # so --store-noise keeps it too
        assert "noise is not measured" in capsys.readouterr().out
    finally:
        calibration.table.cache_clear()


def test_the_reliability_table_says_how_likely_a_map_exactly_right_meets_the_aim():
    coach = load("coach")
    assert coach.within_by_chance(0.45, 0.55) == pytest.approx(0.95, abs=1e-4)  # an interval of +-5 points
    assert coach.within_by_chance(0.5, 0.5) == 1.0
    rng = random.Random(7)
    points = [(0.25, float(rng.random() < 0.25), game) for game in range(400)]  # one position a game, said right
    points += [(0.75, float(rng.random() < 0.75), 400 + game // 2) for game in range(60)]  # two a game
    points += [(0.95, 1.0, 500 + game) for game in range(10)]  # too thin to judge
    table, _, _ = coach.reliability(points)
    column = table.set_index("chance")["exact map within 5"]
    quarter = [point for point in points if point[0] == 0.25]
    low, high = coach.by_games(quarter, sum(outcome for _, outcome, _ in quarter) / len(quarter))
    assert column["20-30%"] == round(100 * coach.within_by_chance(low, high), 1) > column["70-80%"]
    assert column.isna()["90-100%"]  # 10 positions: not judged
    assert coach.meets_by_chance(table) == pytest.approx(column["20-30%"] * column["70-80%"] / 100 ** 2)
