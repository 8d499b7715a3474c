"""The cards of Tic Tac K.O. as data: decks and Objectives read from TOML files a teacher can edit.

A deck file holds a `[deck]` table (`name`, `title`) and one `[[card]]` table per card:

    [[card]]
    name = "King Creepy"          # unique in its deck; it is also the card's name in the notation
    type = "special"              # basic | special | magic | instant
    count = 2                     # copies in the deck
    design = "rulebook"           # rulebook (named in the rulebook) | kit (this kit's design) | your own word
    text = "When this card enters the Grid, you may DESTROY any Character card on the Grid."
    enter = [ { verb = "destroy", target = "any", optional = true } ]

Effects are lists of steps, done in order. A step is one verb of the rulebook, or a choice of steps:
    draw, discard      count = N (default 1)
    destroy            an opposing card on the Grid        (owner is always "opponent")
    sacrifice          one of your team's cards on the Grid  (owner is always "own")
    displace           a card, then an open space to move it to
    repel              a card back to the hand of a player of its team
    hypnotize          flip a face-up card face down (then Instants answering "hypnotize" may be played)
    awaken             flip a hypnotized card face up
    swap               two cards exchange places: `target` and `with`
    play               play a card from your hand: card = "basic" | "special" | "character"
    stop               (Instants answering "play") stop the card being played: it goes to its discard pile
    one_of = [ ... ]   choose one of these steps (each a single verb with a target)
Target keys: `target` = "any" (any space of the Grid), "adjacent" (next to this card), "self" (this card),
"trigger" (the card that the Instant's trigger names); `owner` = "any" | "own" | "opponent";
`kind` = "character" | "basic" | "special"; `optional = true` ("you may"); `if_previous = true` (only if the
step before was done: "if you do").
Card kinds: Special Characters have `enter` (when this card enters the Grid) and/or `ongoing`
(`protect` = verbs the opposing team cannot use on them, `scope` = ["self", "adjacent"]); Magic and
Instant cards have `effect`; Instants have `trigger` = "play" | "hypnotize", optionally
`trigger_types` (for "play": which card types they answer) and `unstoppable = true`.

Anything malformed raises `CardError`, naming the card and the problem.
"""

from __future__ import annotations

import functools
import tomllib
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ...core.frozen import FrozenDict

HERE = Path(__file__).parent
TYPES = ("basic", "special", "magic", "instant")
CHARACTER_TYPES = ("basic", "special")
TYPE_WORDS = {"basic": "Basic Character", "special": "Special Character", "magic": "Magic", "instant": "Instant"}
VERBS = ("draw", "discard", "destroy", "displace", "sacrifice", "repel", "hypnotize", "awaken", "swap", "play",
         "stop")
GRID_VERBS = ("destroy", "displace", "sacrifice", "repel", "hypnotize", "awaken", "swap")
PROTECTABLE = ("destroy", "displace", "repel", "hypnotize", "swap")
TARGETS = ("any", "adjacent", "self", "trigger")
OWNERS = ("any", "own", "opponent")
KINDS = ("character", "basic", "special")
TRIGGERS = ("play", "hypnotize")
TARGET_WORDS = {"any": "any", "adjacent": "adjacent", "self": "itself", "trigger": "that card"}
STEP_KEYS = {
    "draw": {"count"}, "discard": {"count"}, "stop": set(), "play": {"card"},
    "swap": {"target", "owner", "kind", "with"},
}
GRID_KEYS = {"target", "owner", "kind"}
CARD_KEYS = {"name", "type", "count", "design", "text", "enter", "ongoing", "effect", "trigger", "trigger_types",
             "unstoppable", "deck"}


class CardError(ValueError):
    """A card or Objective file that cannot be played: the message names the card and the problem."""


@dataclass(frozen=True)
class Step:
    """One step of an effect: a verb and what it may take."""

    verb: str
    target: str = "any"
    owner: str = "any"
    kind: str = "character"
    count: int = 1
    optional: bool = False
    if_previous: bool = False
    with_: str | None = None
    card: str = "basic"
    alternatives: tuple[Step, ...] = ()

    def words(self) -> str:
        if self.alternatives:
            return " or ".join(a.verb.upper() for a in self.alternatives)
        return self.verb.upper()

    def short(self) -> str:
        """A few words for the Grid: "may DESTROY any", "DRAW 3", "SWAP itself/adjacent"."""
        may = "may " if self.optional else ""
        if self.alternatives:
            return may + "/".join(a.verb.upper() for a in self.alternatives) + " any"
        verb = self.verb.upper()
        if self.verb in ("draw", "discard"):
            return f"{may}{verb} {self.count}"
        if self.verb == "play":
            return f"{may}play {self.card}"
        if self.verb == "stop":
            return "STOP it"
        what = TARGET_WORDS[self.target] + ("" if self.kind == "character" else f" {self.kind}")
        if self.with_:
            what += "/" + TARGET_WORDS[self.with_]
        return f"{may}{verb} {what}"


@dataclass(frozen=True)
class Card:
    """One card of a deck (all its copies share it)."""

    name: str
    type: str
    count: int
    design: str
    text: str
    enter: tuple[Step, ...] = ()
    effect: tuple[Step, ...] = ()
    protect: frozenset[str] = frozenset()
    protect_scope: frozenset[str] = frozenset()
    trigger: str | None = None
    trigger_types: frozenset[str] = frozenset(TYPES)
    unstoppable: bool = False

    @property
    def short(self) -> str:
        """The effect in a few words, for a card on the Grid."""
        if self.type == "basic":
            return "Basic: no effect"
        parts = []
        if self.enter:
            parts.append("Enters: " + ", then ".join(step.short() for step in self.enter))
        if self.protect:
            who = " & ".join("itself" if s == "self" else "neighbours" for s in sorted(self.protect_scope,
                                                                                   reverse=True))
            parts.append(f"Ongoing: {who} safe from " + "/".join(v.upper() for v in sorted(self.protect)))
        if self.effect:
            parts.append(", then ".join(step.short() for step in self.effect))
        return "; ".join(parts)

    @property
    def is_character(self) -> bool:
        return self.type in CHARACTER_TYPES

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.enter if self.type == "special" else self.effect


@dataclass(frozen=True)
class Deck:
    name: str
    title: str
    cards: tuple[Card, ...]
    index: FrozenDict = field(init=False, compare=False, repr=False)
    """Card number (position in `cards`) by name; read-only, like the deck: decks are cached and shared."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", FrozenDict({card.name: i for i, card in enumerate(self.cards)}))

    @property
    def size(self) -> int:
        return sum(card.count for card in self.cards)

    def contents(self) -> list[int]:
        """Every copy in the deck, as card numbers (positions in `cards`), in card order."""
        return [i for i, card in enumerate(self.cards) for _ in range(card.count)]


@dataclass(frozen=True)
class Objective:
    name: str
    design: str
    standard: tuple[str, ...]
    advanced: tuple[str, ...]


# ---- reading and checking ---------------------------------------------------------------------
def _fail(where: str, name: str | None, problem: str) -> CardError:
    who = f"card {name!r}" if name else "a card"
    return CardError(f"{who} ({where}): {problem}")


def _step(raw: Any, where: str, name: str, card_type: str, trigger: str | None) -> Step:
    if not isinstance(raw, dict):
        raise _fail(where, name, f"each step is a table like {{ verb = \"draw\" }}, not {raw!r}")
    if "one_of" in raw:
        extra = set(raw) - {"one_of", "optional", "if_previous"}
        if extra:
            raise _fail(where, name, f"a one_of step takes no {', '.join(sorted(extra))}")
        options = raw["one_of"]
        if not isinstance(options, list) or len(options) < 2:
            raise _fail(where, name, "one_of lists two or more steps to choose from")
        alternatives = tuple(_step(o, where, name, card_type, trigger) for o in options)
        for alt in alternatives:
            if alt.verb not in GRID_VERBS or alt.verb == "swap" or alt.optional or alt.if_previous:
                raise _fail(where, name, f"one_of may choose only among single-target Grid verbs, not {alt.verb!r}")
        return Step(verb="one_of", alternatives=alternatives, optional=_flag(raw, "optional", where, name),
                    if_previous=_flag(raw, "if_previous", where, name))
    verb = raw.get("verb")
    if not isinstance(verb, str) or verb.lower() not in VERBS:
        raise _fail(where, name, f"unknown verb {verb!r}; the verbs are {', '.join(v.upper() for v in VERBS)}")
    verb = verb.lower()
    allowed = STEP_KEYS.get(verb, GRID_KEYS) | {"verb", "optional", "if_previous"}
    extra = set(raw) - allowed
    if extra:
        raise _fail(where, name, f"{verb.upper()} takes no {', '.join(sorted(extra))}")
    values: dict[str, Any] = {"verb": verb, "optional": _flag(raw, "optional", where, name),
                              "if_previous": _flag(raw, "if_previous", where, name)}
    if verb in ("draw", "discard"):
        count = raw.get("count", 1)
        if type(count) is not int or not 1 <= count <= 10:
            raise _fail(where, name, f"{verb.upper()} count must be a whole number from 1 to 10, not {count!r}")
        values["count"] = count
    if verb == "play":
        kind = raw.get("card", "basic")
        if kind not in KINDS:
            raise _fail(where, name, f"PLAY card must be one of {', '.join(KINDS)}, not {kind!r}")
        values["card"] = kind
    if verb == "stop" and trigger != "play":
        raise _fail(where, name, "STOP is only for Instants whose trigger is \"play\"")
    if verb in GRID_VERBS:
        for key, choices in (("target", TARGETS), ("owner", OWNERS), ("kind", KINDS)):
            value = raw.get(key, "any" if key != "kind" else "character")
            if value not in choices:
                raise _fail(where, name, f"{verb.upper()} {key} must be one of {', '.join(choices)}, not {value!r}")
            values[key] = value
        if verb == "destroy":
            if values["owner"] == "own":
                raise _fail(where, name, "DESTROY takes only the opposing team's cards (use SACRIFICE for your own)")
            values["owner"] = "opponent"
        if verb == "sacrifice":
            if values["owner"] == "opponent":
                raise _fail(where, name, "SACRIFICE takes only your own team's cards (use DESTROY)")
            values["owner"] = "own"
        if verb == "swap":
            other = raw.get("with")
            if other not in ("any", "adjacent"):
                raise _fail(where, name, f"SWAP needs with = \"any\" or \"adjacent\", not {other!r}")
            values["with_"] = other
        _check_target(values, where, name, card_type, trigger)
    return Step(**values)


def _check_target(values: dict, where: str, name: str, card_type: str, trigger: str | None) -> None:
    target = values["target"]
    if target in ("adjacent", "self") or values.get("with_") == "adjacent":
        if card_type != "special":
            raise _fail(where, name, f"only Special Characters have a place on the Grid, so only they can say "
                                     f"{target!r} ({values['verb'].upper()})")
    if target == "trigger" and trigger != "hypnotize":
        raise _fail(where, name, "target = \"trigger\" names the hypnotized card, so only Instants whose "
                                 "trigger is \"hypnotize\" can use it")


def _flag(raw: dict, key: str, where: str, name: str) -> bool:
    value = raw.get(key, False)
    if type(value) is not bool:
        raise _fail(where, name, f"{key} must be true or false, not {value!r}")
    return value


def _steps(raw: Any, key: str, where: str, name: str, card_type: str, trigger: str | None) -> tuple[Step, ...]:
    if not isinstance(raw, list) or not raw:
        raise _fail(where, name, f"{key} is a list of one or more steps")
    steps = tuple(_step(s, where, name, card_type, trigger) for s in raw)
    if steps[0].if_previous:
        raise _fail(where, name, "the first step cannot say if_previous: there is no step before it")
    return steps


def _control(text: str, allowed: str = "") -> str | None:
    """The first control character (or U+FFFE, U+FFFF) in `text` that is not in `allowed`, in words; None if
    there is none. A TOML escape such as \\u0000 puts one in, and it would make every SVG and page showing
    the card unreadable."""
    for char in text:
        if char not in allowed and (unicodedata.category(char) == "Cc" or char in "\ufffe\uffff"):
            return {"\t": "a tab", "\n": "a line break", "\r": "a carriage return"}.get(char, f"U+{ord(char):04X}")
    return None


def card_from_table(raw: Any, where: str) -> Card:
    """One `[[card]]` table, checked."""
    if not isinstance(raw, dict):
        raise CardError(f"a card ({where}) is a table, not {raw!r}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise _fail(where, None, f"every card needs a name (text without spaces around it), not {name!r}")
    if "@" in name or len(name) > 40:
        raise _fail(where, name, "a name may not contain '@' and has at most 40 letters")
    extra = set(raw) - CARD_KEYS
    if extra:
        raise _fail(where, name, f"unknown field {sorted(extra)[0]!r} (fields: {', '.join(sorted(CARD_KEYS))})")
    kind = raw.get("type")
    if kind not in TYPES:
        raise _fail(where, name, f"type must be one of {', '.join(TYPES)}, not {kind!r}")
    count = raw.get("count")
    if type(count) is not int or not 0 <= count <= 40:
        raise _fail(where, name, f"count must be a whole number from 0 to 40, not {count!r}")
    design, text = raw.get("design", "custom"), raw.get("text")
    if not isinstance(design, str) or not design:
        raise _fail(where, name, f"design must be a word like \"kit\", not {design!r}")
    if not isinstance(text, str) or not text.strip():
        raise _fail(where, name, "every card needs its text (the words printed on it)")
    for part, value in (("name", name), ("design", design), ("text", text)):
        if (char := _control(value, "\t\n" if part == "text" else "")) is not None:
            rule = ("a text may break lines and hold tabs, but holds no other control character" if part == "text"
                    else f"a {part} is one line of plain text")
            raise _fail(where, name, f"its {part} holds the control character {char}; {rule}")
    allowed = {"basic": set(), "special": {"enter", "ongoing"}, "magic": {"effect"},
               "instant": {"effect", "trigger", "trigger_types", "unstoppable"}}[kind]
    wrong = {"enter", "ongoing", "effect", "trigger", "trigger_types", "unstoppable"} & set(raw) - allowed
    if wrong:
        raise _fail(where, name, f"a {TYPE_WORDS[kind]} card has no {sorted(wrong)[0]!r}")
    values: dict[str, Any] = {"name": name, "type": kind, "count": count, "design": design, "text": text}
    if kind == "instant":
        trigger = raw.get("trigger")
        if trigger not in TRIGGERS:
            raise _fail(where, name, f"an Instant needs trigger = one of {', '.join(TRIGGERS)}, not {trigger!r}")
        values["trigger"] = trigger
        types = raw.get("trigger_types", list(TYPES))
        if trigger != "play" and "trigger_types" in raw:
            raise _fail(where, name, "trigger_types is only for the \"play\" trigger")
        if not isinstance(types, list) or not types or any(t not in TYPES for t in types):
            raise _fail(where, name, f"trigger_types lists card types from {', '.join(TYPES)}, not {types!r}")
        values["trigger_types"] = frozenset(types)
        values["unstoppable"] = _flag(raw, "unstoppable", where, name)
        values["effect"] = _steps(raw.get("effect"), "effect", where, name, kind, trigger)
    elif kind == "magic":
        values["effect"] = _steps(raw.get("effect"), "effect", where, name, kind, None)
    elif kind == "special":
        if "enter" not in raw and "ongoing" not in raw:
            raise _fail(where, name, "a Special Character needs an enter effect or an ongoing effect (or is basic)")
        if "enter" in raw:
            values["enter"] = _steps(raw["enter"], "enter", where, name, kind, None)
        if "ongoing" in raw:
            values["protect"], values["protect_scope"] = _ongoing(raw["ongoing"], where, name)
    return Card(**values)


def _ongoing(raw: Any, where: str, name: str) -> tuple[frozenset[str], frozenset[str]]:
    if not isinstance(raw, dict) or set(raw) != {"protect", "scope"}:
        raise _fail(where, name, "ongoing is a table { protect = [verbs], scope = [\"self\", \"adjacent\"] }")
    protect, scope = raw["protect"], raw["scope"]
    if not isinstance(protect, list) or not protect or any(v not in PROTECTABLE for v in protect):
        raise _fail(where, name, f"ongoing protect lists verbs from {', '.join(PROTECTABLE)}, not {protect!r}")
    if not isinstance(scope, list) or not scope or any(s not in ("self", "adjacent") for s in scope):
        raise _fail(where, name, f"ongoing scope lists \"self\" and/or \"adjacent\", not {scope!r}")
    return frozenset(protect), frozenset(scope)


def deck_from_table(data: dict, where: str) -> Deck:
    head = data.get("deck")
    if not isinstance(head, dict) or not isinstance(head.get("name"), str) or not isinstance(head.get("title"), str):
        raise CardError(f"{where}: a deck file starts with [deck] name = \"...\" title = \"...\"")
    for part in ("name", "title"):
        if (char := _control(head[part])) is not None:
            raise CardError(f"{where}: the [deck] {part} holds the control character {char}; it is one line of "
                            f"plain text")
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardError(f"{where}: the deck has no [[card]] tables")
    cards = [card_from_table(raw, where) for raw in raw_cards]
    return _deck(head["name"], head["title"], cards, where)


def _deck(name: str, title: str, cards: list[Card], where: str) -> Deck:
    seen = set()
    for card in cards:
        if card.name in seen:
            raise _fail(where, card.name, f"two cards of the {title} deck have this name")
        seen.add(card.name)
    deck = Deck(name, title, tuple(c for c in cards if c.count > 0))
    if not any(c.is_character for c in deck.cards):
        raise CardError(f"{where}: the {title} deck has no Character cards")
    return deck


@functools.cache
def builtin_decks() -> FrozenDict:
    """The kit's decks by name, read from the TOML files beside this module (read-only: it is cached)."""
    decks = {}
    for path in sorted(HERE.glob("*.toml")):
        if path.stem == "objectives":
            continue
        with path.open("rb") as handle:
            deck = deck_from_table(tomllib.load(handle), path.name)
        decks[deck.name] = deck
    return FrozenDict(decks)


@functools.cache
def builtin_objectives() -> tuple[Objective, ...]:
    with (HERE / "objectives.toml").open("rb") as handle:
        return objectives_from_table(tomllib.load(handle), "objectives.toml")


ADVANCED_SPACES = ("1", "2", "3", "A", "4", "5", "6", "B", "7", "8", "9", "C", "D", "E", "F", "G")
STANDARD_SPACES = ADVANCED_SPACES[:3] + ADVANCED_SPACES[4:7] + ADVANCED_SPACES[8:11]


def objectives_from_table(data: dict, where: str) -> tuple[Objective, ...]:
    raw = data.get("objective")
    if not isinstance(raw, list) or not raw:
        raise CardError(f"{where}: no [[objective]] tables")
    found = []
    for table in raw:
        name = table.get("name") if isinstance(table, dict) else None
        if not isinstance(name, str) or not name:
            raise CardError(f"an Objective ({where}) needs a name")
        standard, advanced = table.get("standard"), table.get("advanced")
        for key, spaces, allowed in (("standard", standard, STANDARD_SPACES), ("advanced", advanced, ADVANCED_SPACES)):
            if not isinstance(spaces, list) or not spaces or any(s not in allowed for s in spaces) \
                    or len(set(spaces)) != len(spaces):
                raise CardError(f"Objective {name!r} ({where}): {key} lists distinct spaces from "
                                f"{' '.join(allowed)}, not {spaces!r}")
        if not set(standard) <= set(advanced):
            raise CardError(f"Objective {name!r} ({where}): the advanced pattern keeps the standard spaces and "
                            f"adds lettered ones")
        found.append(Objective(name, table.get("design", "kit"), tuple(standard), tuple(advanced)))
    if len({o.name for o in found}) != len(found):
        raise CardError(f"{where}: two Objectives share a name")
    return tuple(found)


# ---- home-made cards: the `cards` option ------------------------------------------------------
MAX_TEXT, MAX_CARDS, MAX_DEPTH, MAX_WORDS = 50_000, 60, 8, 400


def _check_plain(value: Any, where: str, depth: int) -> None:
    """TOML data as the cards text may hold it: shallow, with whole numbers and texts of sensible size."""
    if depth > MAX_DEPTH:
        raise CardError(f"{where} nests tables or lists more than {MAX_DEPTH} deep")
    if isinstance(value, dict):
        for key, item in value.items():
            _check_plain(item, f"{where}: {key[:30]!r}", depth + 1)
    elif isinstance(value, list):
        if len(value) > 100:
            raise CardError(f"{where} lists {len(value)} items; at most 100")
        for item in value:
            _check_plain(item, where, depth + 1)
    elif isinstance(value, str):
        if len(value) > MAX_WORDS:
            raise CardError(f"{where} is a text of {len(value)} characters; at most {MAX_WORDS}")
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        if not -1000 <= value <= 1000:
            raise CardError(f"{where} is a number out of range ({str(value)[:12]}); numbers are small whole numbers")
    else:
        raise CardError(f"{where} holds a {type(value).__name__}; cards use texts, whole numbers, true/false, "
                        f"lists and tables")
@functools.lru_cache(maxsize=64)
def decks_with(extra: str | None) -> FrozenDict:
    """The kit's decks changed by the TOML text `extra` (the `cards` option).

    Each `[[card]]` in `extra` names its `deck`. A new name adds a card (all fields needed); the name of a
    card already in that deck changes only the fields given (e.g. `count = 6`, or `count = 0` to take it
    out). A `[deck]`-headed text defines a whole new deck instead.
    """
    if extra is None:
        return builtin_decks()
    decks = dict(builtin_decks())
    data = _read_cards_text(extra)
    if "deck" in data:
        deck = deck_from_table(data, "cards option")
        decks[deck.name] = deck
        return FrozenDict(decks)
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardError("the cards text has no [[card]] tables")
    if len(raw_cards) > MAX_CARDS:
        raise CardError(f"the cards text has {len(raw_cards)} [[card]] tables; at most {MAX_CARDS}")
    changed: dict[str, list[Card]] = {}
    for raw in raw_cards:
        name = raw.get("name") if isinstance(raw, dict) else None
        deck_name = raw.get("deck") if isinstance(raw, dict) else None
        if not isinstance(deck_name, str) or deck_name not in decks:
            raise _fail("cards option", name, f"deck must be one of {', '.join(sorted(decks))}, not {deck_name!r}")
        cards = changed.setdefault(deck_name, list(decks[deck_name].cards))
        _change(cards, {k: v for k, v in raw.items() if k != "deck"})
    for deck_name, cards in changed.items():
        old = decks[deck_name]
        decks[deck_name] = _deck(old.name, old.title, cards, "cards option")
    return FrozenDict(decks)


def _change(cards: list[Card], fields: dict) -> None:
    """Add the card `fields` describe to `cards`, or change the card of that name (a new `count` only, or all)."""
    name = fields.get("name")
    names = [c.name for c in cards]
    if name not in names:
        cards.append(card_from_table(fields, "cards option"))
    elif set(fields) == {"name", "count"}:
        if type(fields["count"]) is not int or not 0 <= fields["count"] <= 40:
            raise _fail("cards option", name, f"count must be a whole number from 0 to 40, not {fields['count']!r}")
        cards[names.index(name)] = replace(cards[names.index(name)], count=fields["count"])
    else:
        cards[names.index(name)] = card_from_table(fields, "cards option")


def _read_cards_text(extra: str) -> dict:
    """The cards text as TOML data, refused if too long, too deep, malformed or holding odd values."""
    if len(extra) > MAX_TEXT:
        raise CardError(f"the cards text has {len(extra)} characters; at most {MAX_TEXT} are read")
    try:
        data = tomllib.loads(extra)
    except tomllib.TOMLDecodeError as error:
        raise CardError(f"the cards text is not valid TOML: {str(error)[:120]}") from None
    except RecursionError:
        raise CardError("the cards text nests arrays or tables too deeply") from None
    _check_plain(data, "the cards text", 0)
    unknown = set(data) - {"card", "deck"}
    if unknown:
        raise CardError(f"the cards text has {sorted(unknown)[0]!r}; it holds [[card]] tables (and maybe [deck])")
    return data
