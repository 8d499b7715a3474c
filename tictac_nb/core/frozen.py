"""Read-only data: the rules' tables, a game's options and anything copies of a position share.

Copies of a position (`clone`, `determinize`) share everything that cannot change, so that MCTS copies
cheaply and no copy, bot or notebook can change the real game or the rules of later games through what
it was handed. `FrozenDict` is a dict for every reader (JSON, `isinstance(x, dict)`, `**x`, equality)
that refuses every change; `freeze` makes nested data read-only and `thaw` gives it back as plain
JSON-ready dicts and lists, for records.
"""

from __future__ import annotations

from typing import Any, NoReturn


class FrozenDict(dict):
    """A dict whose methods refuse every change (`TypeError`); `dict(x)` or `x.copy()` gives a plain dict
    to edit, `FrozenDict(x, key=value)` a changed read-only one, and it pickles like a dict. Its values
    are read-only too (`freeze` makes them so), hence `copy.copy` and `copy.deepcopy` give it back itself.

    It guards against mistakes and ordinary code, not against code set on cheating: `dict.__setitem__(x,
    ...)` or `x.__init__(...)` called on it directly still write (in-process Python has no truly
    read-only mapping; the bots' sandbox keeps such code away from the real game)."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("this table is read-only (rules, options and decks never change once made): "
                        "edit a copy, dict(table), and make a new game with it")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    @classmethod
    def fromkeys(cls, keys: Any, value: Any = None) -> FrozenDict:
        return cls(dict.fromkeys(keys, value))

    def __reduce__(self) -> tuple:
        return FrozenDict, (dict(self),)

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict) -> FrozenDict:
        return self

    def __repr__(self) -> str:
        return dict.__repr__(self)


def freeze(value: Any) -> Any:
    """`value` made read-only all the way down: dicts become FrozenDicts, lists and tuples tuples, sets
    frozensets; anything else is kept as it is."""
    kind = type(value)
    if kind is dict or kind is FrozenDict:
        return FrozenDict({key: freeze(item) for key, item in value.items()})
    if kind is list or kind is tuple:
        return tuple(freeze(item) for item in value)
    if kind is set:
        return frozenset(value)
    return value


def thaw(value: Any) -> Any:
    """Plain JSON-ready data from frozen data: mappings become dicts and tuples lists, all the way down."""
    kind = type(value)
    if kind is FrozenDict or kind is dict:
        return {key: thaw(item) for key, item in value.items()}
    if kind is tuple or kind is list:
        return [thaw(item) for item in value]
    return value
