"""The house: the layers and the other import contracts hold (and catch a break), no module reaches up to the
package for its games, and a game registered by a notebook is served by every tool as the five are."""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import json
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest
import sandbox_attacks as attacks

import tictac_nb
from tictac_nb import RandomBot, lab
from tictac_nb.core.bots import MCTSBot, default_bot, seat_copy
from tictac_nb.core.registry import GAMES
from tictac_nb.trust import pool, sandbox, wire
from tictac_nb.trust.sandbox import decide

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("house", ROOT / "tools" / "house.py")
house = importlib.util.module_from_spec(spec)
sys.modules["house"] = house
spec.loader.exec_module(house)

TWIN = "tic-tac-twin"


# ---- the import graph ------------------------------------------------------------------------------------
def lint_imports(root: Path) -> subprocess.CompletedProcess:
    """import-linter's contracts (pyproject.toml) on the package found from `root`, as `lint-imports` runs them."""
    return subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
                           "sys.exit(lint_imports_command())", str(ROOT / "pyproject.toml"), "--no-cache"],
                          cwd=root, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(root)})


def test_the_layers_hold_with_no_exception_listed():
    """Each layer imports only its own and those below (lazy imports too), no circle, no game imports another,
    the rules load no widget, plot or server, and the room server loads no widget, pandas, numpy or lab."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert not any("ignore_imports" in contract for contract in config["contracts"])
    ran = lint_imports(ROOT)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "0 broken" in ran.stdout and f"Contracts: {len(config['contracts'])} kept" in ran.stdout


@pytest.mark.parametrize("module, line, contract", [
    ("classroom/printing.py", "def _up():\n    from ..trust import syscalls\n", "Layers"),
    ("grid/rules.py", "from ..games.tyc import rules as _other\n", "Layers"),
    ("games/tyc/render.py", "from ..tic_toc import rules as _other\n", "A game is its folder"),
    ("coach/words.py", "def _back():\n    from . import hints\n", "No import circles"),
    ("cards/rules.py", "def _plot():\n    import matplotlib\n", "The rules run anywhere"),
    ("rooms/store.py", "def _frame():\n    import pandas\n", "The room server"),
])
def test_the_contracts_catch_a_break_planted_in_a_copy(tmp_path, module, line, contract):
    """Each contract fails on a copy of the package with one import that breaks it, made inside a function
    where it can be: the contracts see what a reader might miss."""
    shutil.copytree(ROOT / "tictac_nb", tmp_path / "tictac_nb", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    path = tmp_path / "tictac_nb" / module
    path.write_text(path.read_text() + "\n\n" + line)
    ran = lint_imports(tmp_path)
    assert ran.returncode == 1
    broken = ran.stdout.split("Broken contracts")[1]
    assert contract in broken and "1 broken" in ran.stdout, ran.stdout


def write_package(folder: Path, files: dict[str, str]) -> Path:
    package = folder / "pkg"
    package.mkdir()
    for name, text in {"__init__.py": "", **files}.items():
        (package / name).write_text(textwrap.dedent(text))
    return package


def test_no_module_reaches_up_to_the_package_for_its_games():
    """Games come from `tictac_nb.core.registry` (`GAMES`, `game_named`, `new_game`, `from_record`), imported at the
    top of a module, never from the package itself; only the sandbox's worker, a process of its own, loads the
    whole kit (the games its seat copies need) before it drops its rights."""
    reaching = [f"{e.importer}:{e.line} ({e.function or 'top'}) imports {', '.join(e.names) or 'tictac_nb'}"
                for e in house.imports() if e.imported == "tictac_nb" and e.importer != "tictac_nb.trust.worker"]
    assert not reaching, reaching
    inner = [f"{e.importer}:{e.line} in {e.function}" for e in house.imports()
             if e.imported == "tictac_nb.core.registry" and e.function]
    assert not inner, inner


def test_the_walk_sees_a_function_reaching_up_for_games(tmp_path):
    package = write_package(tmp_path, {"printing.py": "def _game(name):\n    from . import GAMES\n"})
    assert [(e.importer, e.imported, e.names, e.function) for e in house.imports(package)] == [
        ("pkg.printing", "pkg", ("GAMES",), "_game")]


# ---- a game of a notebook's own, served like the five -------------------------------------------------------
@pytest.fixture
def twin():
    """Tic Tac Two under another name, with no default bot of its own, registered for one test."""
    game = tictac_nb.register(dataclasses.replace(GAMES["tic-tac-two"], name=TWIN, title="Tic Tac Twin",
                                                  default_bot=None))
    yield game
    tictac_nb.unregister(TWIN)
    assert TWIN not in GAMES


def played(game_name: str = TWIN, moves: int = 3, seed: int = 4) -> tictac_nb.State:
    state = tictac_nb.new_game(game_name, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.play(rng.choice(state.legal_actions()))
    return state


def test_new_game_and_records_serve_a_registered_game(twin):
    state = played()
    assert state.game is twin and state.record()["game"] == TWIN
    again = tictac_nb.from_record(json.loads(json.dumps(state.record())))
    assert again.game is twin and again.history == state.history
    assert type(default_bot(twin, seed=1)) is MCTSBot  # it names none: MCTS plays it
    tictac_nb.unregister(TWIN)
    with pytest.raises(tictac_nb.InvalidRecord, match="unknown game"):
        tictac_nb.from_record(state.record())
    with pytest.raises(tictac_nb.InvalidOption, match=f"unknown game '{TWIN}'; the kit has tic-tac-two"):
        tictac_nb.new_game(TWIN)
    tictac_nb.register(twin)


def test_a_board_replay_and_export_serve_a_registered_game(twin, tmp_path):
    board = tictac_nb.Board(tictac_nb.new_game(TWIN, seed=2), bots={1: RandomBot(seed=1)})
    board.handle({"type": "act", "target": board.state.legal_actions()[0], "turn": board.turn})
    assert board.state.game is twin and len(board.state.history) == 2 and board.message == ""
    board.handle({"type": "hint", "turn": board.turn})  # the coach: MCTS, as the game names no bot of its own
    assert board.message == "" and board.hint_words.startswith("Hint for X: ")
    replay = tictac_nb.Replay.of_board(board)
    assert replay.record["game"] == TWIN and replay.step == 2
    path = tictac_nb.export_html(board.state, tmp_path / "twin.html", viewer=0)
    assert "Tic Tac Twin" in path.read_text() or TWIN in path.read_text()


def test_print_and_play_and_the_play_page_serve_a_registered_game(twin, tmp_path):
    path = tictac_nb.print_and_play(TWIN, tmp_path / "twin.print.html")
    assert "Tic Tac Twin" in path.read_text()
    page = tictac_nb.PlayPage(TWIN, seed=3)
    assert page.game is twin and page.board is not None and page.board.state.game is twin
    assert next(iter(page.dealer.bots))  # its default bot, MCTS, sits first
    assert type(next(iter(page.dealer.bots.values()))(1)) is MCTSBot


def test_the_design_lab_and_tournaments_serve_a_registered_game(twin):
    rows = lab.play_games(TWIN, 4, bots="random", seed=1, progress=False)
    assert list(rows["game"].unique()) == [TWIN] and len(rows) == 4
    standings = lab.tournament({"random": RandomBot, "mcts": "mcts:5"}, TWIN, 2, seed=5, workers=1, progress=False)
    assert len(standings.games) == 2 and set(standings.ratings.index) == {"random", "mcts"}
    assert dict(lab.builtin_bots(TWIN)).keys() >= {"RandomBot"}
    picker = lab.DesignLab(TWIN, games=2).picker
    assert picker.value == TWIN and (twin.title, TWIN) in picker.options


def test_a_pool_of_spawned_processes_plays_a_registered_game(twin, monkeypatch):
    """A spawned process (Python's default on macOS, a forkserver's on Linux from 3.14) starts without the
    notebook's registrations: the lab's pool registers them as each process starts."""
    spawn = multiprocessing.get_context("spawn")
    monkeypatch.setattr(pool, "ProcessPoolExecutor", functools.partial(pool.ProcessPoolExecutor, mp_context=spawn))
    standings = lab.tournament({"random": RandomBot, "mcts": "mcts:5"}, TWIN, 2, seed=5, workers=2, progress=False)
    assert len(standings.games) == 2 and list(standings.games["game"].unique()) == [TWIN]


def test_a_students_bot_plays_a_registered_game_from_a_worker_that_never_had_it(twin):
    """The worker imports the kit but not the notebook's registrations: the seat copy carries the game by value."""
    state = played(moves=2)
    packed = wire.pack(seat_copy(state, state.to_move, random.Random(1)))
    assert b"kit_game" not in packed
    assert wire.pack(seat_copy(played("tic-tac-two", 2), 0, random.Random(1))).count(b"kit_game") == 1
    with sandbox.SandboxBot(attacks.first_legal, time_limit=30.0) as bot:
        bot.start_game(7, b"k" * 32, state.to_move, None)
        assert decide(bot, state, 30.0) in state.legal_actions()


def test_a_room_serves_a_registered_game(twin):
    from tictac_nb.rooms import Hall, pages

    hall = Hall()
    room = hall.open(TWIN, bots={1: "default"})
    assert room.state.game is twin and type(room.bots[1]) is MCTSBot
    assert pages.game_forms()[TWIN]["title"] == "Tic Tac Twin"
    with pytest.raises(tictac_nb.InvalidOption, match="unknown game"):
        hall.open("tic-tac-nobody")


def students_default_bot(seed=None):
    return attacks.first_legal


def test_the_default_bot_a_registered_game_names_is_a_students_and_plays_from_a_sandbox(twin):
    from tictac_nb.rooms import Hall

    own = tictac_nb.register(dataclasses.replace(twin, default_bot=students_default_bot))
    room = Hall().open(TWIN, bots={1: "default"}, seed=1)
    try:
        assert room.state.game is own and type(room.bots[1]) is sandbox.SandboxBot
    finally:
        room.bots[1].close()
    assert type(Hall().open("tic-tac-two", bots={1: "default"}).bots[1]) is MCTSBot  # the kit's own, as it is


# ---- a board copies its game only for a message that may change it ---------------------------------------
@pytest.mark.parametrize(("message", "copies"), [
    ({"type": "width", "width": 400}, 0), ({"type": "cancel"}, 0), ({"type": "reveal", "turn": 0}, 0),
    ({"type": "act", "target": "5", "turn": 0}, 1), ({"type": "undo", "turn": 0}, 1), ({"type": "new", "turn": 0}, 1),
    ({"type": "nonsense"}, 0), ([1, 2], 0),
])
def test_a_board_copies_its_game_only_for_a_message_that_may_change_it(monkeypatch, message, copies):
    board = tictac_nb.Board(tictac_nb.new_game("tyc", seed=1, first_player=0))
    made = []
    real = type(board.state).clone
    monkeypatch.setattr(type(board.state), "clone", lambda self: made.append(1) or real(self))
    board.handle(message)
    assert len(made) == copies


def test_a_renderer_failing_on_a_width_leaves_the_board_as_it_was(monkeypatch):
    board = tictac_nb.Board(tictac_nb.new_game("tic-tac-two", seed=1))
    before = (board.svg, board.width, board.turn, board.state.history[:])

    def broken(*_args, **_kwargs):
        raise RuntimeError("the renderer broke")

    monkeypatch.setattr(type(board.state), "render_svg", broken)
    board.handle({"type": "width", "width": 300})
    assert (board.svg, board.width, board.turn, board.state.history) == before
    assert "RuntimeError: the renderer broke" in board.message
