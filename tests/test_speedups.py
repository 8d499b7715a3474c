"""The compiled cores (`make speedups`, mypyc) against their pure-Python sources: the same games, move by move.

A game's `core.py` is the reference. These tests load it once more as plain Python, build the game's
rules on it, and play both the compiled and the plain game side by side; they also check that the
compiled state copies, pickles, undoes and restores in place like any other.
"""

from __future__ import annotations

import copy
import importlib.machinery
import itertools
import os
import pickle
import random
from pathlib import Path

import pytest
from helpers import random_game
from hypothesis import given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb import IllegalAction
from tictac_nb.core.speedups import compiled, has_core, plain_game, plain_module, stale

COMPILED = [name for name, game in tictac_nb.GAMES.items() if has_core(game)]
PLAIN = {name: plain_game(tictac_nb.GAMES[name]) for name in COMPILED}


def test_the_games_that_need_speed_have_a_core():
    assert COMPILED == ["tic-tac-two", "tyc"]


@pytest.mark.parametrize("name", COMPILED)
def test_the_core_is_compiled(name):
    """`make test` builds the speed-ups first; a plain core here means they were not built."""
    assert compiled(tictac_nb.GAMES[name]), "the core runs as plain Python: run `make speedups`"
    assert not compiled(PLAIN[name])
    assert not hasattr(PLAIN[name].state_class.__mro__[1], "__mypyc_attrs__")


def same(compiled, plain) -> None:
    assert compiled.key() == plain.key()
    assert compiled.legal_actions() == plain.legal_actions()
    assert compiled.view(None) == plain.view(None)
    assert compiled.outcome == plain.outcome and compiled.to_move == plain.to_move
    assert compiled.record() == plain.record()


def answer(state, action) -> str:
    """What playing `action` on a copy of `state` gives: "legal", or the refusal."""
    try:
        state.clone().play(action)
    except IllegalAction as error:
        return str(error)
    return "legal"


@pytest.mark.parametrize("name", COMPILED)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), junk=st.lists(st.text(max_size=4), max_size=3))
def test_compiled_and_plain_play_the_same_games(name, seed, junk):
    """Move by move: the same position, moves, view, record and outcome; the same answer to junk, to a
    move legal at the start, and (where the core checks moves itself) to every move of the start."""
    compiled, plain = tictac_nb.new_game(name, seed=seed), PLAIN[name].new_game(seed)
    rng = random.Random(seed)
    everything = compiled.legal_actions()
    probes = [*junk, *rng.sample(everything, 3)]
    same(compiled, plain)
    while compiled.outcome is None:
        for probe in probes:
            assert answer(compiled, probe) == answer(plain, probe), probe
        if hasattr(compiled, "is_legal"):
            legal = set(compiled.legal_actions())
            assert [a for a in everything if compiled.is_legal(a)] == [a for a in everything if a in legal]
        action = rng.choice(compiled.legal_actions())
        compiled.play(action)
        plain.play(action)
        same(compiled, plain)
    assert compiled.current_scores() == plain.current_scores()


@pytest.mark.parametrize("name", COMPILED)
def test_a_compiled_state_copies_pickles_undoes_and_restores_like_any_other(name):
    state = next(s for s in (random_game(name, seed, stop_after=4) for seed in range(50)) if s.outcome is None)
    for twin in (state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert twin == state and twin.legal_actions() == state.legal_actions()
        twin.play(twin.legal_actions()[0])
        assert twin != state and len(state.history) == 4, "a copy shares a list with its original"
    before = state.clone()
    last = state.history[-1]
    assert state.undo() == last and len(state.history) == 3
    state.play(last)
    assert state == before
    held = state
    state._become(tictac_nb.new_game(name, seed=4))
    assert held is state and state == tictac_nb.new_game(name, seed=4)


def test_a_core_edited_after_it_was_compiled_is_named(tmp_path):
    """Python imports a compiled module before its source, so an edit would not count until rebuilt."""
    for game, age in (("fresh", 10), ("edited", -10), ("plain", None)):
        folder = tmp_path / game
        folder.mkdir()
        (folder / "core.py").write_text("")
        if age is not None:
            compiled_module = folder / f"core{importlib.machinery.EXTENSION_SUFFIXES[0]}"
            compiled_module.write_bytes(b"")
            at = (folder / "core.py").stat().st_mtime + age
            os.utime(compiled_module, (at, at))
    assert stale(tmp_path.glob("*/core.py")) == [tmp_path / "edited" / "core.py"]
    kit = Path(tictac_nb.__file__).parent
    assert stale([*kit.glob("games/*/core.py"), kit / "core" / "tracker.py", *kit.glob("games/*/tracker.py")]) == [], \
        "make speedups is out of date"


def tracked() -> list[str]:
    """The games whose observation declares a tracker (`Encoding.tracker`, in the game's `tracker.py`)."""
    from tictac_nb.adapters.observations import encoder

    return [name for name in tictac_nb.GAMES if encoder(name).tracker is not None]


def test_the_observation_trackers_run_compiled_and_agree_with_their_source():
    """The observation trackers (`core/tracker.py` and each game folder's `tracker.py`) run compiled;
    compiled and plain, keeping their numbers as a list or as an array, and copied along the way, each gives
    its seat's view encoded afresh at every step of random games."""
    import sys

    import numpy as np

    from tictac_nb.adapters.incremental import tracker
    from tictac_nb.adapters.observations import encoder, observe
    from tictac_nb.core import tracker as base

    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    assert base.__file__.endswith(suffix), "run `make speedups`"
    plain_base = plain_module(base)
    names = tracked()
    assert names, "no game declares a tracker"
    for name in names:
        encoding = encoder(name)
        places_of, tracker_of = encoding.tracker
        compiled_module = sys.modules[tracker_of.__module__]
        assert compiled_module.__file__.endswith(suffix), f"{name}'s tracker runs as plain Python: make speedups"
        plain = plain_module(compiled_module, {base.__name__: plain_base})
        assert plain.__file__.endswith("tracker.py")
        plain_places, plain_tracker = getattr(plain, places_of.__name__), getattr(plain, tracker_of.__name__)
        for seed in range(3):
            state, rng = tictac_nb.new_game(name, seed=seed), random.Random(seed)
            kept = [tracker(state, seat, encoding, listed) for listed in (True, False)
                    for seat in range(state.num_players)]
            kept += [plain_tracker(plain_places(state, encoding), seat, listed) for listed in (True, False)
                     for seat in range(state.num_players)]
            for step in itertools.count():
                for follow in kept:
                    follow.update(state)
                    assert follow.numbers() == np.array(observe(state, follow.seat), np.float32).tolist(), \
                        (name, seed, step, type(follow).__module__, follow.listed)
                if state.outcome is not None:
                    break
                if step % 7 == 3:
                    kept = [follow.copy() for follow in kept]
                state.play(rng.choice(state.legal_actions()))
