"""Exercises that answer back: a question on a scripted position, and a check that says right, or what is
wrong and where to look.

    >>> from tictac_nb import exercises
    >>> question = exercises.for_game("tic-tac-two")[0]
    >>> question                      # the question and the board, as the player asking sees it
    >>> question.check(["4"])         # Right, on your 1st try: ... / Not yet (try 1): ...

An exercise holds only what its player may know: `view`, that seat's view of the position (less what the
question asks for, such as Tyc's scores). The verdict of every answer is worked out from the engine when
the exercise is made, and the position is dropped: each answer and its hint are kept only under a salted
hash of that answer, masked with a stream drawn from it, so that reading the exercise shows neither. Code
that sets out to dig can still hash every possible answer, which is asking `check` without saying so; and
`check` counts the tries and says so, so an answer found by trying everything shows as such.

Each game's exercises live in its own folder (`tictac_nb/games/<game>/exercises.py`, an `EXERCISES` tuple of
`Script`s built from the pieces here: `Items`, `Values`, `Verdict`, `words_of`, `one_of`, `scripted`, ...);
this module is the machinery they share, and `for_game` finds them beside the game's rules.

The design lab's exercise, a claim about a variant weighed against the noise, is `tictac_nb.lab.check_claim`.
"""

from __future__ import annotations

import hashlib
import html
import importlib
import importlib.util
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from ..core.engine import Game, IllegalAction, InvalidOption, State, excerpt
from ..core.registry import GAMES, new_game

S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class Verdict:
    """The answer to a check: right or not, and a sentence saying why or where to look."""

    right: bool
    message: str
    heading: str | None = None

    def __bool__(self) -> bool:
        return self.right

    def __repr__(self) -> str:
        return (self.heading or ("Right!" if self.right else "Not yet:")) + " " + self.message


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


# ---- sealed verdicts ----------------------------------------------------------------------------------
def _xor(data: bytes, mask: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(mask, "big")).to_bytes(len(data), "big")


class _Sealed:
    """Texts filed under answers and readable only with the answer: each is stored under a salted hash of its
    answer and masked with a stream drawn from that answer, so the store shows neither answers nor texts."""

    def __init__(self) -> None:
        self._salt = secrets.token_bytes(16)
        self._box: dict[bytes, bytes] = {}

    def _stream(self, key: str, purpose: bytes, size: int) -> bytes:
        return hashlib.shake_256(purpose + self._salt + key.encode("utf-8", "surrogatepass")).digest(size)

    def put(self, key: str, text: str) -> None:
        data = text.encode("utf-8")
        self._box[self._stream(key, b"file", 16)] = _xor(data, self._stream(key, b"mask", len(data)))

    def get(self, key: str) -> str | None:
        masked = self._box.get(self._stream(key, b"file", 16))
        return None if masked is None else _xor(masked, self._stream(key, b"mask", len(masked))).decode("utf-8")


def _order(word: str) -> tuple[int, str]:
    return len(word), word


class Items:
    """The verdicts of a question answered by a set of short words (squares, cells, players, spaces): which
    words belong, and the hint for each wrong word the position has one for, all sealed; `other(word,
    belongs)` words the hint for any other wrong word and `missing` the one for a word left out, and neither
    knows anything of the position."""

    def __init__(self, right: Iterable[str], hints: Mapping[str, str], other: Callable[[str, Callable[[str], bool]],
                 str], missing: str) -> None:
        right = set(right)
        self._sealed = _Sealed()
        for word in right:
            self._sealed.put("word " + word, "")
        for word, hint in hints.items():
            if word not in right:
                self._sealed.put("word " + word, "-" + hint)
        self._sealed.put("count", str(len(right)))
        self._other, self._missing = other, missing

    def _belongs(self, word: str) -> bool:
        return self._sealed.get("word " + word) == ""

    def verdict(self, found: frozenset[str]) -> Verdict:
        """Right if `found` holds every word and nothing else; else the hint for its first wrong word, or
        for a missing one."""
        wrong = sorted((word for word in found if not self._belongs(word)), key=_order)
        if wrong:
            hint = self._sealed.get("word " + wrong[0])
            return Verdict(False, hint[1:] if hint else self._other(wrong[0], self._belongs))
        count = int(self._sealed.get("count") or 0)
        if len(found) == count:
            return Verdict(True, "that is every one of them, and nothing else.")
        return Verdict(False, f"{self._missing} ({count - len(found)} missing)")


class Values:
    """The verdicts of a question with one answer (a result, a number, a list of cards): the verdict of every
    answer the position has words for, sealed under `key(answer)`, and `other(answer)` for any other answer,
    which knows nothing of the position."""

    def __init__(self, verdicts: Iterable[tuple[Any, Verdict]], other: Callable[[Any], Verdict],
                 key: Callable[[Any], str] = str) -> None:
        self._sealed = _Sealed()
        self._other, self._key = other, key
        for answer, verdict in verdicts:   # the first verdict given for an answer is its verdict
            if self._sealed.get(key(answer)) is None:
                self._sealed.put(key(answer), ("+" if verdict.right else "-") + verdict.message)

    def verdict(self, answer: Any) -> Verdict:
        filed = self._sealed.get(self._key(answer))
        return self._other(answer) if filed is None else Verdict(filed[0] == "+", filed[1:])


class Exercise:
    """A question asked from `viewer`'s seat; `check(answer)` returns a `Verdict` and counts the tries.

    It holds that seat's `view` of the position (less what the question asks for) and sealed verdicts,
    never the position itself: nothing on it gives an answer away."""

    def __init__(self, title: str, question: str, game: Game, viewer: int | None, view: dict,
                 read: Callable[[Any], Any], how: str, verdicts: Items | Values) -> None:
        self.title, self.question, self.game, self.viewer, self.view = title, question, game, viewer, view
        self.how = how
        self._tries = 0
        self._read, self._verdicts = read, verdicts

    @property
    def tries(self) -> int:
        """How many answers were checked (None and answers that cannot be read do not count)."""
        return self._tries

    @property
    def state(self) -> State:
        raise AttributeError("an exercise holds no position, only what its player may know: its view "
                             "(exercise.view) and its picture; work the answer out from them")

    def check(self, answer: Any) -> Verdict:
        """The verdict on `answer`. An answer that cannot be read says how to write one and is not counted;
        every other answer is a try, and the verdict says which one."""
        if answer is None:
            return Verdict(False, "replace None with your answer, then run the cell.", "No answer yet:")
        try:
            value = self._read(answer)
        except BadAnswer as problem:
            return Verdict(False, f"{problem}. Answer {self.how}.", "How to answer:")
        except Exception:  # an object whose own methods fail: its value cannot be read
            return Verdict(False, f"that answer cannot be read. Answer {self.how}.", "How to answer:")
        self._tries += 1
        verdict = self._verdicts.verdict(value)
        heading = f"Right, on your {ordinal(self._tries)} try:" if verdict.right else f"Not yet (try {self._tries}):"
        return Verdict(verdict.right, verdict.message, heading)

    def picture(self) -> str:
        """The position as the viewer sees it, with no click targets (they would show the legal moves)."""
        return self.game.render(self.view, (), None, None)

    def _repr_html_(self) -> str:
        return f"<h4>{html.escape(self.title)}</h4><p>{html.escape(self.question)}</p>" + self.picture()

    def __repr__(self) -> str:
        return f"{self.title}: {self.question}"


@dataclass(frozen=True)
class Script:
    """How an exercise is made: its scripted `position`, the seat it is asked from, how an answer is read
    (`read`) and written (`how`, for the student), and how its verdicts are worked out from the position.
    `question` and `verdicts` are given a state of the script's own game, so each may take that game's state
    class (`Tyc`, `TicToc`, ...): hence `Any` in their types."""

    title: str
    question: str | Callable[[Any], str]
    viewer: int
    position: Callable[[], State]
    read: Callable[[Any], Any]
    how: str
    verdicts: Callable[[Any], Items | Values]
    conceal: Callable[[dict], dict] | None = None

    def __call__(self) -> Exercise:
        return self.on(self.position())

    def on(self, state: State) -> Exercise:
        """The exercise asked on `state`; a seat copy of the position gives the same verdicts, since they
        depend only on what the seat may know."""
        view = state.view(self.viewer)
        if self.conceal is not None:
            view = self.conceal(view)
        question = self.question(state) if callable(self.question) else self.question
        return Exercise(self.title, question, state.game, self.viewer, view, self.read, self.how,
                        self.verdicts(state))


# ---- reading answers ----------------------------------------------------------------------------------
class BadAnswer(ValueError):
    """An answer in a form the question cannot read; the message says what is wrong with it."""


MAX_ITEMS = 100
"""Items an answer may list: more than any question has."""
MAX_WORD = 40
"""Characters of one item: more than any square, cell, player, card or result takes."""
CONTAINERS = (list, tuple, set, frozenset)


def quote(value: Any) -> str:
    """A short quote of an answer that runs none of its own code."""
    if type(value) in (str, int, float, bool, type(None)):
        return excerpt(value, 40)
    return f"a {type(value).__name__}"


def bare(word: str) -> str:
    """A word of an answer (at most `MAX_WORD` characters) as it may be shown: unprintable characters as ?."""
    return "".join(c if c.isprintable() else "?" for c in word)


def answer_items(answer: Any) -> list[Any]:
    """The items of a list, tuple or set (through the built-in type, whatever a subclass does), else the one
    answer; at most `MAX_ITEMS`."""
    kind = next((k for k in CONTAINERS if issubclass(type(answer), k)), None)
    if kind is None:
        return [answer]
    if kind.__len__(answer) > MAX_ITEMS:
        raise BadAnswer(f"that lists {kind.__len__(answer)} items; no answer has more than {MAX_ITEMS}")
    return list(kind.__iter__(answer))


def answer_text(item: Any) -> str | None:
    """`item` as plain text with its spaces tidied (a str subclass read as the str it holds); None if it is
    no text. A text over `MAX_WORD` characters is refused."""
    if not issubclass(type(item), str):
        return None
    text = str.__str__(item)
    if len(text) > MAX_WORD:
        raise BadAnswer(f"{excerpt(text, 20)} is {len(text):,} characters long; no item of an answer is longer "
                        f"than {MAX_WORD}")
    return " ".join(text.split())


def _whole(item: Any) -> int | None:
    """`item` as a plain whole number (an int subclass read as the int it holds); None if it is none. A number
    of more than 18 digits is refused."""
    if not issubclass(type(item), int) or issubclass(type(item), bool):
        return None
    number = int.__int__(item)
    if number.bit_length() > 60:
        raise BadAnswer(f"{excerpt(number)} is far too large for this question")
    return number


def words_of(what: str) -> Callable[[Any], frozenset[str]]:
    """The reader of a set of short answers (squares, cells, players) from a list, a tuple, a set or one value."""
    def read(answer: Any) -> frozenset[str]:
        words = set()
        for item in answer_items(answer):
            text, number = answer_text(item), _whole(item)
            if text is None and number is None:
                inside = " in your list" if item is not answer else ""
                raise BadAnswer(f"{quote(item)}{inside} is not one of the {what}")
            words.add(text if text is not None else str(number))
        return frozenset(words)
    return read


def points(answer: Any) -> int:
    number = _whole(answer)
    if number is None:
        raise BadAnswer(f"{quote(answer)} is not a whole number of points")
    return number


def one_of(results: tuple[str, ...]) -> Callable[[Any], str]:
    def read(answer: Any) -> str:
        text = answer_text(answer)
        if text is None or text not in results:
            raise BadAnswer(f"{quote(answer)} is none of the results")
        return text
    return read


def played(state: S, action: str) -> S:
    """A copy of `state` after `action`."""
    copy = state.clone()
    copy.play(action)
    return copy


def scripted(name: str, moves: list[str], seed: int = 1, **options: Any) -> State:
    state = new_game(name, seed=seed, **options)
    for move in moves:
        try:
            state.play(move)
        except IllegalAction as error:  # pragma: no cover - a broken script is a bug of this module
            raise RuntimeError(f"exercise script for {name} broke at {move!r}: {error}") from None
    return state


def exercises_of(game: Game) -> tuple[Script, ...]:
    """`game`'s exercises: the `EXERCISES` of the `exercises.py` in its folder, beside its rules (none without one)."""
    package = game.state_class.__module__.rpartition(".")[0]
    if package and importlib.util.find_spec(f"{package}.exercises") is not None:
        return tuple(importlib.import_module(f"{package}.exercises").EXERCISES)
    return ()


def games_with_exercises() -> dict[str, tuple[Script, ...]]:
    """Every registered game that has exercises, with them."""
    found = {name: exercises_of(game) for name, game in GAMES.items()}
    return {name: scripts for name, scripts in found.items() if scripts}


def for_game(name: str) -> list[Exercise]:
    """The exercises of game `name`, in the order its notebook asks them (each made afresh: new tries, new salt)."""
    scripts = exercises_of(GAMES[name]) if type(name) is str and name in GAMES else ()
    if not scripts:
        raise InvalidOption(f"no exercises for {excerpt(name)}; games with exercises: "
                            f"{', '.join(games_with_exercises())}")
    return [script() for script in scripts]
