"""Actions and records are plain built-in data wherever they enter: a str that lies never passes the rules.

The issue's Spoof is a str subclass that claims to be a str (`__class__`) and equals anything: it passes
`action.__class__ is str` and `action in legal_actions()`, and the rules then applied moves no rulebook
allows. Every entry (`State.play`, each game's own `play`, `from_record`, replays) checks `type(x) is str`.
"""

from __future__ import annotations

import random

import pytest
from helpers import variant_game

import tictac_nb
from tictac_nb import IllegalAction, InvalidOption, InvalidRecord
from tictac_nb.notebook.timeline import Timeline


class Spoof(str):
    __class__ = property(lambda self: str)  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = str.__hash__


class Hostile(str):
    """Text whose every method of its own raises: refusing it must not call them."""

    def _fail(self, *args, **kwargs):
        raise RuntimeError("a method of the action ran")

    __getitem__ = __len__ = __iter__ = __str__ = __repr__ = strip = lower = upper = split = isprintable = _fail


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("repr ran")


def positions(variant, count: int = 4):
    """Positions of random games of `variant`, from the start to the end, and a determinized copy of each."""
    rng = random.Random(5)
    for seed in range(count):
        state = variant_game(variant, seed, stop_after=rng.choice([0, 3, 20, 60, None]))
        yield state
        yield state.determinize(state.to_move, random.Random(seed))


def test_a_spoof_string_is_refused_by_every_game_and_changes_nothing(variant):
    for state in positions(variant):
        legal = state.legal_actions()
        if legal:  # the spoof does pass the old checks
            assert Spoof("zzz").__class__ is str and Spoof("zzz") in legal
        before = (state.key(), list(state.history), state.record() if state.replayable else None)
        for text in ("zzz", "", *legal[:2]):
            with pytest.raises(IllegalAction, match="plain text") as error:
                state.play(Spoof(text))
            assert "Spoof" in str(error.value) and len(str(error.value)) < 200
        for strange in (Hostile("5"), BadRepr()):
            with pytest.raises(IllegalAction):
                state.play(strange)
        assert (state.key(), state.history, state.record() if state.replayable else None) == before


def test_a_legal_move_written_as_a_str_subclass_is_refused_too():
    """Not only liars: any subclass of str is refused, since the rules cannot tell an honest one."""

    class Note(str):
        pass

    state = tictac_nb.new_game("tyc", seed=1)
    with pytest.raises(IllegalAction, match="text of the kind Note: write it as str"):
        state.play(Note("51A"))
    state.play(str(Note("51A")))
    assert state.history == ["51A"] and type(state.history[0]) is str


@pytest.fixture(params=tictac_nb.GAMES)
def record(request) -> dict:
    return variant_game((request.param, "", {}), 2, stop_after=8).record()


def test_a_record_with_spoof_moves_is_refused_naming_the_move(record):
    for number in (1, len(record["moves"])):
        moves = list(record["moves"])
        moves[number - 1] = Spoof("zzz")
        with pytest.raises(InvalidRecord, match=f"move {number} must be plain text.*Spoof"):
            tictac_nb.from_record({**record, "moves": moves})
        with pytest.raises(InvalidRecord, match=f"move {number} must be plain text"):
            Timeline({**record, "moves": moves})
    assert tictac_nb.from_record(record).record() == record


def test_a_record_of_other_types_than_the_built_in_ones_is_refused(record):
    class Record(dict):
        pass

    class Moves(list):
        pass

    for bad, words in (
        (Record(record), "a record is a dict"),
        ({**record, "moves": Moves(record["moves"])}, "moves must be a list"),
        ({**record, "options": Record(record["options"])}, "options must be a dict"),
        ({**record, "game": Spoof(record["game"])}, "unknown game"),
        ({**record, "options": {Spoof(k): v for k, v in record["options"].items()}}, "options must be a dict"),
        ({**record, "setup": {**record["setup"], "first_player": Spoof("0")}}, "setup must be plain text"),
    ):
        with pytest.raises(InvalidRecord, match=words):
            tictac_nb.from_record(bad)


@pytest.mark.parametrize("name, option, value", [
    ("tic-tac-two", "tiles", "XOWPCOXXO"), ("tic-tac-trek", "bag", "FGMLD"), ("tic-toc", "deck_order", ["Croc"]),
    ("tic-toc", "deck", {"Croc": 6}), ("tic-tac-ko", "grid", "advanced"), ("tic-tac-ko", "decks", ["evil", "cute"]),
    ("tic-tac-ko", "layout", {"5": "Scutters"}),
])
def test_text_in_options_must_be_plain_text_in_a_record_and_in_new_game(name, option, value):
    def spoofed(item):
        if isinstance(item, str):
            return Spoof(item)
        if isinstance(item, list):
            return [spoofed(v) for v in item]
        if isinstance(item, dict):
            return {Spoof(k): spoofed(v) for k, v in item.items()}
        return item

    honest = tictac_nb.new_game(name, seed=3, **{option: value}).record()
    assert tictac_nb.from_record(honest).record() == honest
    lie = spoofed(value)
    with pytest.raises(InvalidRecord, match=f"option '{option}' must (be plain text|have plain text keys)"):
        tictac_nb.from_record({**honest, "options": {**honest["options"], option: lie}})
    with pytest.raises(InvalidOption, match=f"option '{option}' must (be plain text|have plain text keys)"):
        tictac_nb.new_game(name, seed=3, **{option: lie})
    with pytest.raises(InvalidOption, match="an option's name is plain text"):
        tictac_nb.GAMES[name].start(3, {Spoof(option): value})


def test_options_nested_without_end_are_refused_in_words():
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(InvalidOption, match="nest lists or dicts more than"):
        tictac_nb.new_game("tic-toc", seed=1, deck_order=deep)
