"""Copies share nothing that can change with the real game, and the rules cannot change at all.

`clone()` and `determinize()` hand a position to bots and notebooks: whatever they do to the copy, the
real game, its record and every later game stay as they were. A copy may share only read-only things
(tuples, FrozenDicts, frozen dataclasses such as K.O.'s decks) and the `Game` itself, which is read-only
too (its option table, bots and variants with it).
"""

from __future__ import annotations

import dataclasses
import random
import types

import pytest
from helpers import variant_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb import Game
from tictac_nb.core.engine import Option, State
from tictac_nb.core.frozen import FrozenDict, freeze, thaw
from tictac_nb.games.tic_tac_ko.cards import builtin_decks, decks_with

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
LEAVES = (str, int, float, bool, complex, bytes, type(None), range, types.FunctionType, types.BuiltinFunctionType,
          types.MethodType, types.ModuleType, type)
MUTABLE = (list, dict, set, bytearray)


def is_frozen_dataclass(value: object) -> bool:
    return dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen


def attributes(value: object) -> dict[str, object]:
    """An object's attributes: its `__dict__` and its slots (a compiled core keeps the position there)."""
    if isinstance(value, State):
        return value.__getstate__()
    found = dict(getattr(value, "__dict__", {}))
    for klass in type(value).__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if slot not in ("__dict__", "__weakref__") and hasattr(value, slot):
                found[slot] = getattr(value, slot)
    return found


def mutable_parts(root: object) -> dict[int, tuple[str, object]]:
    """Every object that can change and that `root` reaches through attributes and containers, by id, with
    the path to it. The `Game` and read-only things (tuples, FrozenDicts, frozen dataclasses) are walked
    through; lists, dicts, sets and any other object with attributes count as changeable."""
    found: dict[int, tuple[str, object]] = {}
    seen: set[int] = set()
    todo: list[tuple[str, object]] = [("copy", root)]
    while todo:
        path, value = todo.pop()
        if id(value) in seen or isinstance(value, LEAVES) or isinstance(value, Game):
            continue
        seen.add(id(value))
        if type(value) is FrozenDict:
            todo.extend((f"{path}[{key!r}]", item) for key, item in value.items())
        elif isinstance(value, tuple | frozenset):
            todo.extend((f"{path}[{i}]", item) for i, item in enumerate(value))
        elif isinstance(value, dict):
            found[id(value)] = (path, value)
            todo.extend((f"{path}[{key!r}]", item) for key, item in value.items())
            todo.extend((f"{path} key {key!r}", key) for key in value)
        elif isinstance(value, MUTABLE):
            found[id(value)] = (path, value)
            todo.extend((f"{path}[{i}]", item) for i, item in enumerate(value))
        else:
            if not is_frozen_dataclass(value):
                found[id(value)] = (path, value)
            todo.extend((f"{path}.{name}", item) for name, item in attributes(value).items())
    return found


def copies(state: State, seed: int) -> list[tuple[str, State]]:
    rng = random.Random(seed)
    return [("clone", state.clone())] + [(f"determinize({p})", state.determinize(p, rng))
                                         for p in [None, *range(state.num_players)]]


def fingerprint(state: State) -> tuple:
    return state.key(), state.record(), state.legal_actions(), state.view(None)


def wreck(parts: dict[int, tuple[str, object]]) -> None:
    """Empty every list, dict and set, and blank every attribute of every other changeable object."""
    for _, value in parts.values():
        if isinstance(value, MUTABLE):
            value.clear()
    for _, value in parts.values():
        if not isinstance(value, (*MUTABLE, State)):
            for name in attributes(value):
                try:
                    setattr(value, name, None)
                except (AttributeError, TypeError):
                    pass


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), moves=st.one_of(st.integers(0, 80), st.none()))
def test_copies_share_nothing_changeable_and_wrecking_one_changes_nothing(variant, seed, moves):
    name, _, options = variant
    state = variant_game(variant, seed, stop_after=moves)
    real = mutable_parts(state)
    before, fresh = fingerprint(state), fingerprint(tictac_nb.new_game(name, seed=seed, **options))
    for kind, copy in copies(state, seed):
        parts = mutable_parts(copy)
        shared = [path for key, (path, _) in parts.items() if key in real]
        assert not shared, f"{kind} of {name} shares with the real game: {', '.join(sorted(shared)[:5])}"
        wreck(parts)
        assert fingerprint(state) == before, f"wrecking its {kind} changed the real game"
        assert fingerprint(tictac_nb.new_game(name, seed=seed, **options)) == fresh, f"{kind} wrecked: new games differ"
    again = tictac_nb.from_record(state.record())
    assert again == state
    if state.outcome is None:
        action = state.legal_actions()[0]
        state.play(action)
        again.play(action)
        assert fingerprint(state) == fingerprint(again)


def test_the_walk_finds_what_is_shared():
    """The check above can fail: a copy that shares a list with the real game is caught, by its path."""
    state = tictac_nb.new_game("tic-tac-trek", seed=3)
    leaky = state.clone()
    leaky.bag = state.bag
    shared = [path for key, (path, _) in mutable_parts(leaky).items() if key in mutable_parts(state)]
    assert shared == ["copy.bag"]


# ---- the mutations: refused, and later games play by the same rules -----------------------------
def later_games() -> list:
    return [fingerprint(tictac_nb.new_game(name, seed=11)) for name in tictac_nb.GAMES]


def test_a_copy_cannot_change_the_deck_the_options_or_the_rules():
    before = later_games()
    toc = tictac_nb.new_game("tic-toc", seed=5)
    copy = toc.determinize(0, random.Random(1))
    record = toc.record()
    with pytest.raises(TypeError, match="read-only"):
        copy.options["deck"]["Croc"] = 40
    with pytest.raises(TypeError, match="read-only"):
        copy.options["turn_cap"] = 1
    with pytest.raises(TypeError, match="read-only"):
        copy.game.options["turn_cap"] = Option(1, int, "one turn")
    with pytest.raises(TypeError, match="read-only"):
        copy.game.options["deck"].default["Croc"] = 40
    with pytest.raises(TypeError, match="read-only"):
        copy.game.options |= {"turn_cap": Option(1, int, "one turn")}
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.game.options["turn_cap"].default = 1  # type: ignore[misc]
    for field, value in (("options", {}), ("title", "TOC TIC"), ("bots", {}), ("variants", {}),
                         ("default_bot", None), ("state_class", object)):
        with pytest.raises(AttributeError):
            setattr(copy.game, field, value)
    with pytest.raises(TypeError):
        copy.game.bots["TicTocBot"] = None
    with pytest.raises(TypeError):
        copy.game.variants["4 players"]["players"] = 9
    ko = tictac_nb.new_game("tic-tac-ko", seed=5).determinize(1, random.Random(2))
    with pytest.raises(TypeError, match="read-only"):
        ko.decks[0].index.clear()
    with pytest.raises(AttributeError):
        ko.decks[0].index = {}
    with pytest.raises(TypeError):
        decks_with(None)["evil"] = ko.decks[1]
    with pytest.raises(TypeError):
        builtin_decks().clear()
    assert tictac_nb.from_record(record) == toc and toc.record() == record
    assert later_games() == before


def test_records_stay_plain_json_data_and_editing_one_changes_nothing(game_name):
    state = variant_game((game_name, "", {}), 4, stop_after=10)
    record = state.record()
    plain = (dict, list, str, int, float, bool, type(None))

    def check(value):
        assert type(value) in plain, type(value)
        for item in value.values() if type(value) is dict else value if type(value) is list else ():
            check(item)
    check(record)
    before = state.key()
    for part in (record["options"], record["setup"]):
        for key in list(part):
            if isinstance(part[key], list | dict):
                part[key].clear()
        part.clear()
    assert state.key() == before and state.record() != record


@pytest.mark.parametrize("name", list(tictac_nb.GAMES))
def test_new_games_share_their_read_only_default_options(name):
    """The defaults are checked once per game and shared: nothing can change them in place."""
    game = tictac_nb.GAMES[name]
    a, b = game.new_game(1), game.new_game(2)
    assert type(a.options) is FrozenDict and a.options is b.options
    assert game.check_options({}) == a.options


def test_an_option_holding_a_table_is_read_only():
    trek = tictac_nb.new_game("tic-tac-trek", seed=1, mix={"lake": 4})
    assert type(trek.options["mix"]) is FrozenDict and trek.options["mix"]["lake"] == 4
    with pytest.raises(TypeError):
        trek.options["mix"]["lake"] = 9
    assert tictac_nb.new_game("tic-tac-trek", seed=1).options["mix"]["lake"] == 2


def test_another_game_is_made_by_replace_and_leaves_the_registered_one_alone():
    game = tictac_nb.GAMES["tic-toc"]
    mine = dataclasses.replace(game, title="TIC TOC (class rules)")
    assert mine.title != game.title and type(mine.options) is FrozenDict
    assert mine.new_game(3).key() == game.new_game(3).key() and game.title == "TIC TOC"


def test_frozen_data_reads_as_a_dict_pickles_and_thaws_to_json_data():
    import json
    import pickle

    frozen = freeze({"deck": {"Croc": 6}, "order": ["Boy", "Pan"], "kinds": {"a"}})
    assert frozen == {"deck": {"Croc": 6}, "order": ("Boy", "Pan"), "kinds": frozenset({"a"})}
    assert isinstance(frozen, dict) and type(frozen["deck"]) is FrozenDict and {**frozen}["deck"] is frozen["deck"]
    assert pickle.loads(pickle.dumps(frozen)) == frozen and type(pickle.loads(pickle.dumps(frozen))) is FrozenDict
    assert FrozenDict(frozen, order=None)["order"] is None and frozen["order"] == ("Boy", "Pan")
    assert json.loads(json.dumps(frozen["deck"])) == {"Croc": 6}
    thawed = thaw(FrozenDict(deck=frozen["deck"], order=frozen["order"]))
    assert thawed == {"deck": {"Croc": 6}, "order": ["Boy", "Pan"]} and type(thawed["deck"]) is dict
    for change in (lambda: frozen.update(x=1), lambda: frozen.pop("deck"), lambda: frozen.popitem(),
                   lambda: frozen.setdefault("x", 1), lambda: frozen.__delitem__("deck"), lambda: frozen.clear()):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert frozen["deck"] == {"Croc": 6} and len(frozen) == 3
    assert FrozenDict.fromkeys("ab", 0) == {"a": 0, "b": 0} and type(FrozenDict.fromkeys("ab")) is FrozenDict
    assert type(frozen | {"x": 1}) is dict and type(frozen.copy()) is dict and "x" not in frozen


def test_every_game_object_is_read_only(game_name):
    game = tictac_nb.GAMES[game_name]
    for field in dataclasses.fields(game):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(game, field.name, getattr(game, field.name))
    for table in (game.options, game.bots, game.variants, *game.variants.values()):
        assert type(table) is FrozenDict
        with pytest.raises(TypeError, match="read-only"):
            table.clear()
    for option in game.options.values():
        assert freeze(option.default) == option.default and hash(option.default) is not None


def test_pickled_and_deep_copied_states_keep_read_only_options(game_name):
    import copy
    import pickle

    state = variant_game((game_name, "", {}), 6, stop_after=4)
    before = fingerprint(state)
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert twin == state and twin.record() == state.record() and type(twin.options) is FrozenDict
        twin.play(twin.legal_actions()[0])
        assert fingerprint(state) == before and len(twin.history) == len(state.history) + 1
