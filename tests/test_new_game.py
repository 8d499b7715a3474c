"""A new game is a folder and nothing else: a small game with a secret per seat (`tests/newgame/secretgrid`),
copied into a copy of the package, passes the suite's game-iterating tests with no edit anywhere else."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME_ITERATING = ["tests/test_protocol.py", "tests/test_check_game.py", "tests/test_bots.py",
                  "tests/test_printing.py", "tests/test_coach.py", "tests/test_exercises.py"]
"""The test files that play every registered game (those whose tables come from `GAMES` and what a game declares)."""


def test_a_game_folder_copied_into_the_package_passes_the_game_iterating_tests(tmp_path):
    shutil.copytree(ROOT / "tictac_nb", tmp_path / "tictac_nb", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "widgets", tmp_path / "widgets")
    shutil.copytree(ROOT / "tests" / "newgame" / "secretgrid", tmp_path / "tictac_nb" / "games" / "secretgrid")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    where = "import tictac_nb; print(tictac_nb.__file__, *tictac_nb.GAMES)"
    check = subprocess.run([sys.executable, "-P", "-c", where], env=env, cwd=ROOT, capture_output=True, text=True,
                           check=True)
    assert check.stdout.startswith(str(tmp_path)) and "secretgrid" in check.stdout.split()
    run = subprocess.run([sys.executable, "-P", "-m", "pytest", *GAME_ITERATING, "-q", "-n", "0", "-p",
                          "no:cacheprovider", "-k", "secretgrid"], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=1200)
    summary = run.stdout.strip().splitlines()[-1]
    assert run.returncode == 0, run.stdout[-4000:]
    assert " passed" in summary and int(summary.split()[0]) >= 20, summary
