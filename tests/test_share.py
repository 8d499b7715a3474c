"""Sharing a student's game (`tictac_nb.share`): the document round-trips for the three kinds of game (the
same rules, options and seeded moves), and every altered, cut, newer or malformed link or file is refused
in one sentence, never an exception of another kind."""

from __future__ import annotations

import base64
import json
import random
import sys
import zlib

import pytest
import share_scratch
from hypothesis import given, settings
from hypothesis import strategies as st
from share_games import CARDS, CHASE

import tictac_nb
from tictac_nb.core import registry
from tictac_nb.grid import GridState, grid_game
from tictac_nb.web import sharing
from tictac_nb.web.shared_file import site_files
from tictac_nb.web.sharing import SharedPage, ShareError, open_shared, read_payload, share

GAMES = {"grid": CHASE, "cards": CARDS, "scratch": share_scratch.GAME}


def moves_of(game, seed: int) -> list[tuple[tuple[str, ...], str]]:
    """A seeded random game: each position's legal actions and the move chosen."""
    state, rng, seen = game.new_game(seed), random.Random(seed), []
    while state.outcome is None:
        legal = state.legal_actions()
        seen.append((legal, rng.choice(legal)))
        state.play(seen[-1][1])
    return seen + [((), repr(state.outcome))]


@pytest.mark.parametrize("kind", GAMES)
def test_a_shared_game_opens_as_the_same_game_with_its_source(kind):
    game = GAMES[kind]
    shared = open_shared(share(game))
    assert shared.document["kind"] == kind and shared.game.name == game.name and shared.game.title == game.title
    assert shared.game.rules == game.rules
    assert {n: o.default for n, o in shared.game.options.items()} == {n: o.default for n, o in game.options.items()}
    if kind == "scratch":
        assert shared.source == open(share_scratch.__file__).read()
    else:
        assert shared.source.startswith(("class Chase(GridState):", "def bonus(state, seat):"))
    assert moves_of(shared.game, 3) == moves_of(game, 3)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), kind=st.sampled_from(sorted(GAMES)))
def test_a_rebuilt_game_plays_every_seeded_game_move_for_move(seed, kind):
    rebuilt = sharing.open_document(sharing.document(GAMES[kind]))
    assert moves_of(rebuilt, seed) == moves_of(GAMES[kind], seed)


def test_the_link_holds_the_game_after_a_hash_readable_and_on_the_site_given():
    link = share(CHASE, site="http://127.0.0.1:8000/")
    assert link.startswith("http://127.0.0.1:8000/play/shared.html#")
    doc = read_payload(link)
    assert "class Chase(GridState)" in doc["source"] and doc["hook"] == "Chase" and doc["kit"] == tictac_nb.__version__
    assert "next to the last one placed" in doc["rules"]
    assert "Mark,14,place" in sharing.document(CARDS)["table"]


def test_in_jupyterlite_a_link_opens_on_the_site_the_notebook_runs_from(monkeypatch):
    from types import SimpleNamespace

    from tictac_nb.core import browser
    worker = "https://school.example/lite/extensions/@jupyterlite/pyodide-kernel-extension/static/worker.js"
    monkeypatch.setattr(browser, "IN_A_PAGE", True)
    monkeypatch.setitem(sys.modules, "js", SimpleNamespace(location=SimpleNamespace(href=worker)))
    assert share(CHASE).startswith("https://school.example/lite/play/shared.html#")
    monkeypatch.setitem(sys.modules, "js", SimpleNamespace())
    assert share(CHASE).startswith(sharing.SITE + "play/shared.html#")


def test_the_students_own_rules_text_travels_as_written():
    doc = read_payload(share(CHASE, rules="Play next to the last mark. <b>Have fun!</b>"))
    assert doc["rules"] == "Play next to the last mark. <b>Have fun!</b>"


def encode(doc: dict) -> str:
    raw = json.dumps(doc).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def test_an_altered_a_cut_and_a_newer_link_each_get_their_sentence():
    good = sharing.payload(sharing.document(CHASE))
    doc = sharing.document(CHASE)
    with pytest.raises(ShareError, match="changed after it was shared"):
        read_payload(encode({**doc, "source": doc["source"].replace("next", "near")}))
    with pytest.raises(ShareError, match="cut short"):
        read_payload(good[: len(good) // 2])
    with pytest.raises(ShareError, match="newer tictac_nb"):
        read_payload(encode(sharing.seal({**doc, "format": sharing.FORMAT + 1, "kit": "9.0"})))
    with pytest.raises(ShareError, match="not a game document"):
        read_payload(base64.urlsafe_b64encode(zlib.compress(b"{not json")).decode().rstrip("="))
    with pytest.raises(ShareError, match="holds no game"):
        read_payload("https://example.org/play/shared.html#")
    with pytest.raises(ShareError, match="characters a shared game never has"):
        read_payload(good + "%3Cscript%3E")


def test_a_hook_that_raises_as_it_loads_is_told_in_a_sentence():
    doc = sharing.document(CHASE)
    broken = sharing.seal({**doc, "source": doc["source"] + "\nraise RuntimeError('boom')\n"})
    with pytest.raises(ShareError, match="Python failed as it loaded: RuntimeError: boom"):
        sharing.open_document(broken)
    page = json.loads(SharedPage(sharing.payload(broken), print).opened())
    assert page == {"error": "This game's Python failed as it loaded: RuntimeError: boom"}


def test_a_class_from_a_notebook_cell_is_found_in_the_cells_text(monkeypatch):
    import linecache

    cell = ('import tictac_nb\n\nclass Near(GridState):\n    """Near: next to the last mark."""\n\n'
            '    def may_place(self, cell):\n        return self.last < 0 or cell in self.neighbours(self.last)\n'
            '\n\nnear = grid_game("near", "Near", state_class=Near)\n')
    name = "/tmp/ipykernel_1/1234.py"  # as IPython names a cell and keeps its text
    monkeypatch.setitem(linecache.cache, name, (len(cell), None, cell.splitlines(True), name))
    space = {"GridState": GridState, "grid_game": grid_game, "__name__": "__main__"}
    exec(compile(cell, name, "exec"), space)
    doc = read_payload(share(space["near"]))
    assert doc["source"] == cell.split("\n\n", 1)[1].split("\n\n\n")[0] + "\n"


def test_a_game_whose_source_cannot_be_found_asks_for_it_in_words():
    made = {}
    exec("from tictac_nb.grid import GridState\nclass Ghost(GridState):\n    pass\n", made)
    ghost = grid_game("ghost", "Ghost", state_class=made["Ghost"])
    with pytest.raises(ShareError, match=r"pass it as share\(game, source=\.\.\.\)"):
        share(ghost)
    link = share(ghost, source="class Ghost(GridState):\n    pass\n")
    assert open_shared(link).game.state_class.__name__ == "Ghost"
    assert issubclass(open_shared(link).game.state_class, GridState)


BROKEN_AFTER_ONE = ('class Chase(GridState):\n    """Chase."""\n\n    def may_place(self, cell):\n'
                    '        if self.last >= 0:\n            raise ZeroDivisionError("my hook broke")\n'
                    '        return True\n')
"""A hook that breaks once a mark is on the grid."""


def test_a_hook_that_raises_in_play_is_told_by_the_board_and_the_position_stays(monkeypatch):
    monkeypatch.setattr(registry, "HOOKS", [])  # as in a visitor's page: no adapter plays the game as it registers
    pushed: list[str] = []
    page = SharedPage(sharing.payload(sharing.seal({**sharing.document(CHASE), "source": BROKEN_AFTER_ONE})),
                      pushed.append)
    dealt = json.loads(page.deal(json.dumps({"options": {}, "seats": ["human", "human"], "seed": "3"})))
    page.receive(json.dumps({"type": "act", "target": "a1", "turn": dealt["state"]["turn"]}))
    said = [json.loads(update)["message"] for update in pushed if json.loads(update).get("message")]
    assert said == ["the board could not handle that: ZeroDivisionError: my hook broke"]
    assert page.page.board.state.record()["moves"] == []


def test_a_hook_that_raises_as_the_game_registers_is_told_in_a_sentence(monkeypatch):
    def plays(game):  # a registration hook that plays the game (the OpenSpiel adapter's does)
        state = game.new_game(seed=1)
        state.play(state.legal_actions()[0])
        state.legal_actions()

    monkeypatch.setattr(registry, "HOOKS", [plays])
    page = SharedPage(sharing.payload(sharing.seal({**sharing.document(CHASE), "source": BROKEN_AFTER_ONE})),
                      [].append)
    said = "This game's Python failed as it loaded: ZeroDivisionError: my hook broke"
    assert json.loads(page.opened()) == {"error": said}
    assert json.loads(page.deal("{}"))["error"] == json.loads(page.opened())["error"]


def test_tictac_nb_exports_share_and_open_shared():
    assert tictac_nb.share is share and tictac_nb.open_shared is open_shared


def test_a_game_too_big_for_a_link_points_to_the_file_and_a_notebooks_scratch_game_asks_for_its_source(
        monkeypatch):
    monkeypatch.setattr(sharing, "MAX_LINK", 100)
    with pytest.raises(ShareError, match=r"too big for a link .* share\(game, 'game.html'\)"):
        share(CHASE)
    monkeypatch.setattr(share_scratch.LastStone, "__module__", "__main__")
    with pytest.raises(ShareError, match=r"written from scratch in a notebook: pass share\(game, source=\.\.\.\)"):
        sharing.document(share_scratch.GAME)


def test_the_page_object_opens_a_good_game_and_refuses_a_builtin_name_in_words():
    pushed = []
    page = SharedPage(sharing.payload(sharing.document(CHASE)), pushed.append)
    opened = json.loads(page.opened())
    assert opened["title"] == "Chase" and opened["page"]["seats"][0]["name"] == "X"
    dealt = json.loads(page.deal(json.dumps({"options": {}, "seats": ["human", "human"], "seed": "4"})))
    assert dealt["state"]["game_number"] == "4" and "svg" in dealt["state"]
    doc = sharing.seal({**sharing.document(CHASE), "name": "tyc"})
    assert "one of the kit's own games" in json.loads(SharedPage(sharing.payload(doc), print).opened())["error"]


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=300),
    st.binary(max_size=300).map(lambda b: base64.urlsafe_b64encode(b).decode()),
    st.binary(max_size=300).map(lambda b: base64.urlsafe_b64encode(zlib.compress(b)).decode()),
    st.tuples(st.integers(0, 2000), st.integers(0, 63)).map(
        lambda cut: (lambda p: p[: cut[0] % len(p)] + "-_AZaz09"[cut[1] % 8] + p[cut[0] % len(p) + 1:])(
            sharing.payload(sharing.document(CHASE)))),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
                 max_leaves=12).map(lambda value: encode(value) if not isinstance(value, dict) else encode(
                     {**sharing.document(CHASE), **value})),
))
def test_any_malformed_payload_is_a_sentence_never_a_crash(text):
    try:
        doc = read_payload(text)
    except ShareError as error:
        words = str(error)
        assert words[0].isupper() and words.endswith((".", ")")) and len(words) < 400
    else:
        assert doc["digest"] == sharing.digest_of(doc)
    assert json.loads(SharedPage(text, print).opened())  # the page always has something to say


def fake_site(folder):
    """The few files a shared file is made of, as a built site holds them (tiny stand-ins)."""
    (folder / "play").mkdir(parents=True)
    (folder / "static" / "pyodide").mkdir(parents=True)
    (folder / "play" / "shared.template.html").write_text("<head>{csp}{styles}</head><body>{script}</body>")
    for name in ("board.js", "shared.js", "shared-worker.js", "board.css", "play.css"):
        (folder / "play" / name).write_text(f"/* {name} */")
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "kit.whl"):
        (folder / "static" / "pyodide" / name).write_bytes(b"x")
    lock = {"packages": {"tictac-nb": {"file_name": "kit.whl"}}}
    (folder / "static" / "pyodide" / "play-lock.json").write_text(json.dumps(lock))
    return folder


def test_a_shared_file_holds_the_page_pyodide_and_the_game_and_opens_again(tmp_path):
    site = fake_site(tmp_path / "site")
    path = share(share_scratch.GAME, tmp_path / "stones", files=site)
    assert path.endswith("stones.html")
    text = open(path).read()
    assert "Content-Security-Policy" not in text or "script-src 'sha256-" in text
    assert "sha256-" in text and '"kit.whl"' in text and '"pyodide.asm.wasm"' in text
    assert open_shared(path).game.rules == share_scratch.GAME.rules


def test_a_file_without_a_built_site_says_where_to_get_one(tmp_path):
    with pytest.raises(ShareError, match="run `make site`"):
        site_files(tmp_path)
    (tmp_path / "x.html").write_text("<html>no game</html>")
    with pytest.raises(ShareError, match="holds no shared game"):
        open_shared(tmp_path / "x.html")
