"""The benchmark scripts run, measure what they say, and name every game they time."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from helpers import ALL_GAMES

import tictac_nb

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(name):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
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


def test_openspiel_runs_in_the_same_harness():
    pyspiel = pytest.importorskip("pyspiel")
    benchmark = load("benchmark")
    moves, games, _ = benchmark.openspiel_playouts("tic_tac_toe", games=4)
    choice, expected = random.Random(0).choice, 0
    for _ in range(4):
        state = pyspiel.load_game("tic_tac_toe").new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            expected += 1
    assert (moves, games) == (expected, 4)


def test_quick_benchmark_prints_a_line_per_game_and_the_aims(capsys):
    benchmark = load("benchmark")
    names = ALL_GAMES[:2]
    benchmark.main(["--quick", "--games", *names])
    out = capsys.readouterr().out
    lines = out.splitlines()
    for name in names:
        assert any(line.startswith(name) for line in lines)
    assert "aims:" in out and ("ratio" in out or "OpenSpiel comparison skipped" in out)


def test_strength_prints_wins_draws_and_losses_per_seat(capsys):
    load("strength").main(["--games", "4", "--iterations", "10", "--workers", "1"])
    out = capsys.readouterr().out
    assert "MCTS as X" in out and "MCTS as O" in out
    for line in out.splitlines()[1:]:
        counts = [int(line.split(word)[1].split()[0]) for word in ("wins", "draws", "shared", "losses")]
        assert sum(counts) == 4
