"""What users and stored files named before the kit moved into layer folders still works.

The files in tests/fixtures/before_layers/ were made by the kit at commit 1c5c768, the last before the move:
three bots saved for the arena (a kit bot object, a partial of a kit bot, a student's class whose base class a
pickle names `tictac_nb.bots.RandomBot`), a K.O. record, a shared grid game's link and document, and an arena's
data folder with an assignment and two students' submissions.
"""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path

import pytest

import tictac_nb
from tictac_nb.core.moved import MOVED
from tictac_nb.rooms.arena import Arena, Submission, play_match, trial
from tictac_nb.rooms.keys import Keys
from tictac_nb.rooms.store import Store
from tictac_nb.web.sharing import document, open_shared, read_payload

BEFORE = Path(__file__).parent / "fixtures" / "before_layers"


@pytest.mark.parametrize("old, new", sorted(MOVED.items()))
def test_an_old_module_name_is_the_moved_module_itself(old, new):
    moved = importlib.import_module(f"tictac_nb.{new}")
    assert importlib.import_module(f"tictac_nb.{old}") is moved
    assert getattr(importlib.import_module(f"tictac_nb.{old}".rpartition(".")[0]), old.rpartition(".")[2]) is moved


def test_old_imports_as_notebooks_wrote_them():
    from tictac_nb.bots import MCTSBot
    from tictac_nb.engine import Option
    from tictac_nb.sandbox import as_bot
    from tictac_nb.widget import Board

    assert (MCTSBot, Option, as_bot, Board) == (tictac_nb.MCTSBot, tictac_nb.Option, tictac_nb.as_bot,
                                                tictac_nb.Board)


def test_a_name_that_never_was_is_still_missing():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("tictac_nb.nothing_here")
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        tictac_nb.nothing_here  # noqa: B018


def saved(name: str) -> Submission:
    return Submission.of_json(json.dumps({**json.loads((BEFORE / f"{name}.bot.json").read_text()),
                                          "name": name}).encode())


@pytest.mark.parametrize("name", ["kit-object", "kit-partial", "student-class"])
def test_a_bot_pickled_before_the_move_passes_the_arenas_trial(name):
    submission = saved(name)
    assert b"tictac_nb.bots" in submission.payload and b"tictac_nb.core" not in submission.payload
    assert trial(submission, "tic-tac-two", {}) is None


def test_a_record_made_before_the_move_replays_to_the_same_position():
    record = json.loads((BEFORE / "tic-tac-ko.record.json").read_text())
    state = tictac_nb.from_record(record)
    assert record["moves"] and state.record() == record
    assert tictac_nb.from_record(state.record()).view(None) == state.view(None)


def test_a_shared_link_and_document_made_before_the_move_open():
    link = (BEFORE / "five-in-a-row.link.txt").read_text().strip()
    shared = open_shared(link)
    assert shared.document == read_payload(link) == json.loads((BEFORE / "five-in-a-row.document.json").read_text())
    assert document(shared.game)["digest"] == shared.document["digest"]
    state = shared.game.new_game(seed=1)
    assert len(state.legal_actions()) == 49


def test_an_arena_folder_made_before_the_move_opens_and_plays_its_submissions(tmp_path):
    data = shutil.copytree(BEFORE / "arena-data", tmp_path / "data")
    store = Store(data)
    try:
        arena = Arena(store.db, Keys.of_folder(data))
        [assignment] = arena.assignments()
        assert (assignment.game, assignment.title) == ("tic-tac-two", "Before the move")
        entries = [row[0] for row in store.db.execute("SELECT id FROM entries ORDER BY number")]
        assert [arena.entry_name(entry) for entry in entries] == ["Ada", "Ben"]
        entrants, versions = arena.entrants(entries)
        assert versions == [1, 1]
        games = play_match(assignment.game, assignment.options, entrants, seed=5)
        assert len(games) == 2 and all(game["forfeit"] is None for game in games)
    finally:
        store.close()

