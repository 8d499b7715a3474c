"""The kit works from a plain wheel install, and the launch setup is complete."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import tictac_nb
from tictac_nb.core.registry import BUILTIN

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_carries_the_front_end_and_every_game(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"tictac_nb/widgets/board.js", "tictac_nb/widgets/board.css", "tictac_nb/widgets/replay.js",
            "tictac_nb/widgets/replay.css"} <= names
    assert "tictac_nb/py.typed" in names, "the wheel must mark the package as typed (PEP 561)"
    for game in (tictac_nb.GAMES[name] for name in BUILTIN):  # the kit's own: others a test registered may be here
        package = game.state_class.__module__.rsplit(".", 1)[0].replace(".", "/")
        assert f"{package}/__init__.py" in names
    data = [p.relative_to(ROOT).as_posix() for p in (ROOT / "tictac_nb").rglob("*")
            if p.is_file() and p.suffix not in {".py", ".pyc", ".so"} and "__pycache__" not in p.parts]
    assert set(data) <= names, f"data files missing from the wheel: {set(data) - names}"
    assert not [n for n in names if n.endswith(".so")], "the wheel must stay pure Python (Pyodide installs it)"


def test_installed_wheel_plays_and_finds_its_front_end(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                    str(wheel)], check=True)
    probe = (
        "import json, tictac_nb; from tictac_nb.notebook.widget import Board; "
        "from tictac_nb.core.front_end import FRONTEND;"
        "s = tictac_nb.new_game('tic-tac-two', seed=1); b = Board(s); b.act(s.legal_actions()[0]);"
        "print(json.dumps([tictac_nb.__file__, str(FRONTEND), list(tictac_nb.GAMES), b.turn]))"
    )
    result = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                            env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    package, frontend, games, turn = json.loads(result.stdout)
    assert package.startswith(str(target)) and frontend == str(target / "tictac_nb" / "widgets")
    assert games == [name for name in tictac_nb.GAMES if name in BUILTIN] and turn == 1


def test_binder_pins_what_the_kit_needs_and_installs_it():
    pins = dict(line.split("==") for line in (ROOT / "binder/requirements.txt").read_text().splitlines()
                if line and not line.startswith("#"))
    runtime = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    needed = {re.split(r"[<>=\[]", dep)[0] for dep in runtime} | {"jupyterlab"}
    assert needed <= set(pins)
    assert all(re.fullmatch(r"\d+(\.\d+)*", version) for version in pins.values())
    assert "pip install --no-deps ." in (ROOT / "binder/postBuild").read_text()


def test_readme_links_every_notebook_to_binder():
    readme = (ROOT / "README.md").read_text()
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"urlpath=lab/tree/notebooks/{notebook.name}" in readme, notebook.name
