"""A new game is a folder and nothing else: a small game with a secret per seat (`tests/newgame/secretgrid`),
copied into a copy of the package, passes every test of the suite that iterates over the games, with no edit
anywhere else (a game with no notebook and no exercises is left out of those, as the README says)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUITE = ["tests", "--ignore=tests/browser", "--ignore=tests/test_new_game.py"]
"""The suite but the browser tests (which need the built site) and this test itself: every test that iterates
over the registered games (its tables come from `GAMES` and what a game declares) meets the new one."""
GAME_ITERATING = 127
"""The game-iterating tests a sixth game met when last counted (114 before the tests chose their games by what
each declares): fewer means a test went back to naming the kit's five."""


def test_a_game_folder_copied_into_the_package_passes_the_game_iterating_tests(tmp_path):
    shutil.copytree(ROOT / "tictac_nb", tmp_path / "tictac_nb", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "widgets", tmp_path / "widgets")
    shutil.copytree(ROOT / "tests" / "newgame" / "secretgrid", tmp_path / "tictac_nb" / "games" / "secretgrid")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    where = "import tictac_nb; print(tictac_nb.__file__, *tictac_nb.GAMES)"
    check = subprocess.run([sys.executable, "-P", "-c", where], env=env, cwd=ROOT, capture_output=True, text=True,
                           check=True)
    assert check.stdout.startswith(str(tmp_path)) and "secretgrid" in check.stdout.split()
    run = subprocess.run([sys.executable, "-P", "-m", "pytest", *SUITE, "-q", "-n", "0", "-p",
                          "no:cacheprovider", "-k", "secretgrid"], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=1200)
    summary = run.stdout.strip().splitlines()[-1]
    assert run.returncode == 0, run.stdout[-4000:]
    assert " passed" in summary and int(summary.split()[0]) >= GAME_ITERATING, summary
