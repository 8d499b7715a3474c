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

The design lab's exercise is checked the same way: `check_claim` plays a batch of the student's variant and
weighs the claim against the noise.
"""

from __future__ import annotations

import hashlib
import html
import math
import random
import secrets
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .engine import Game, IllegalAction, InvalidOption, State, excerpt
from .registry import GAMES, new_game


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


class _Items:
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


class _Values:
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
                 read: Callable[[Any], Any], how: str, verdicts: _Items | _Values) -> None:
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
        return self.game.render(self.view, ())

    def _repr_html_(self) -> str:
        return f"<h4>{html.escape(self.title)}</h4><p>{html.escape(self.question)}</p>" + self.picture()

    def __repr__(self) -> str:
        return f"{self.title}: {self.question}"


@dataclass(frozen=True)
class Script:
    """How an exercise is made: its scripted `position`, the seat it is asked from, how an answer is read
    (`read`) and written (`how`, for the student), and how its verdicts are worked out from the position."""

    title: str
    question: str | Callable[[State], str]
    viewer: int
    position: Callable[[], State]
    read: Callable[[Any], Any]
    how: str
    verdicts: Callable[[State], _Items | _Values]
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


def _quote(value: Any) -> str:
    """A short quote of an answer that runs none of its own code."""
    if type(value) in (str, int, float, bool, type(None)):
        return excerpt(value, 40)
    return f"a {type(value).__name__}"


def _bare(word: str) -> str:
    """A word of an answer (at most `MAX_WORD` characters) as it may be shown: unprintable characters as ?."""
    return "".join(c if c.isprintable() else "?" for c in word)


def _items(answer: Any) -> list[Any]:
    """The items of a list, tuple or set (through the built-in type, whatever a subclass does), else the one
    answer; at most `MAX_ITEMS`."""
    kind = next((k for k in CONTAINERS if issubclass(type(answer), k)), None)
    if kind is None:
        return [answer]
    if kind.__len__(answer) > MAX_ITEMS:
        raise BadAnswer(f"that lists {kind.__len__(answer)} items; no answer has more than {MAX_ITEMS}")
    return list(kind.__iter__(answer))


def _text(item: Any) -> str | None:
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


def _words(what: str) -> Callable[[Any], frozenset[str]]:
    """The reader of a set of short answers (squares, cells, players) from a list, a tuple, a set or one value."""
    def read(answer: Any) -> frozenset[str]:
        words = set()
        for item in _items(answer):
            text, number = _text(item), _whole(item)
            if text is None and number is None:
                inside = " in your list" if item is not answer else ""
                raise BadAnswer(f"{_quote(item)}{inside} is not one of the {what}")
            words.add(text if text is not None else str(number))
        return frozenset(words)
    return read


def _points(answer: Any) -> int:
    number = _whole(answer)
    if number is None:
        raise BadAnswer(f"{_quote(answer)} is not a whole number of points")
    return number


def _one_of(results: tuple[str, ...]) -> Callable[[Any], str]:
    def read(answer: Any) -> str:
        text = _text(answer)
        if text is None or text not in results:
            raise BadAnswer(f"{_quote(answer)} is none of the results")
        return text
    return read


def _after(state: State, action: str) -> State:
    copy = state.clone()
    copy.play(action)
    return copy


# ---- Tic Tac Two ------------------------------------------------------------------------------------
SQUARES = tuple(str(square) for square in range(1, 10))


def _two_result(state: State) -> str:
    """'X', 'O', 'tie', 'draw' or 'nobody yet': the result after the last move (a Peek choice made)."""
    if state.peeking:
        state = _after(state, state.legal_actions()[0])
    if state.outcome is None:
        return "nobody yet"
    if not state.outcome.winners:
        return "tie" if "tie" in state.outcome.reason else "draw"
    return "XO"[state.outcome.winners[0]]


def _no_square(square: str, _belongs: Callable[[str], bool]) -> str:
    return f"there is no square {_bare(square,)}: the squares are numbered 1 to 9."


def _two_winning_squares(state: State) -> _Items:
    right = {square for square in state.legal_actions() if _two_result(_after(state, square)) == "X"}
    hints = {}
    for square in SQUARES:
        if square not in state.legal_actions():
            hints[square] = f"square {square} is not free: marks go on empty squares."
            continue
        result = _two_result(_after(state, square))
        if result == "tie":
            hints[square] = (f"square {square} completes a line for X, but the tile it flips and the split centre "
                             f"also complete one for O: a tie. Look at the tile board's diagonals.")
        elif result == "O":
            hints[square] = f"square {square} flips a tile that completes O's line: O wins."
        else:
            hints[square] = (f"square {square} completes no line. The legend under the boards says which tiles are "
                             f"still hidden: with the tiles you see, which tile must be under each face-down square?")
    return _Items(right, hints, _no_square, "a winning square is missing: remember the tile board, and what you "
                                            "can deduce about the hidden tiles")


two_winning_square = Script(
    "Tic Tac Two: the winning square",
    "X to move. Which squares win the game for X at once? Answer a list of squares, like [\"2\"]. "
    "(X peeked at the tile under square 2.)", 0,
    lambda: _script("tic-tac-two", ["7", "1", "3", "peek 2", "6", "8", "9"], tiles="WOPXCXXOO"),
    _words("squares"), 'a list of squares, like ["2"]', _two_winning_squares)
"""Which squares win for X at once? The obvious one only ties; the winner needs a deduced tile."""

RESULTS = ("X", "O", "tie", "draw", "nobody yet")


def _two_centre(state: State) -> _Values:
    after = _after(state, "5")
    right = _two_result(after)
    verdicts = [(right, Verdict(True, f"{after.outcome.reason if after.outcome else after.status()}."))]
    for said in RESULTS:
        if said in ("X", "tie"):
            verdicts.append((said, Verdict(False, "does X complete a line? Check the main board and then the tile "
                                                  "board with the split centre: once X holds the centre it counts for "
                                                  "X on the middle row and column only.")))
        else:
            verdicts.append((said, Verdict(False, "once the centre is marked, the split centre counts for the "
                                                  "opponent on both diagonals: look at the tile board's diagonals.")))
    return _Values(verdicts, lambda said: Verdict(False, "that is none of the results."))


two_centre_result = Script(
    "Tic Tac Two: taking the centre",
    "X marks square 5 here. What is the result: 'X', 'O', 'tie', 'draw' or 'nobody yet'?", 0,
    lambda: _script("tic-tac-two", ["8", "9", "3", "peek 2", "7", "1", "2"], tiles="WOPXCXXOO"),
    _one_of(RESULTS), "one of 'X', 'O', 'tie', 'draw' or 'nobody yet'", _two_centre)
"""What happens when X takes the centre here: the split centre hands O the diagonals."""


# ---- Tyc ----------------------------------------------------------------------------------------------
def _random_game(name: str, seed: int, moves: int, **options: Any) -> State:
    state = _script(name, [], seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        state.play(rng.choice(state.legal_actions()))
    return state


def _hide_scores(view: dict) -> dict:
    return {**view, "scores": {name: ["?", "?"] for name in view["scores"]}, "totals": ["?", "?"]}


def _tyc_letter_bonus(state: State) -> _Values:
    table = state.options["letter_table"]
    counts = state.letter_counts(1)
    bonus = state.score_breakdown()["letter bonus"]
    return _Values([
        (bonus[1], Verdict(True, "each letter Blue wrote, scored by how many times Blue wrote it.")),
        (bonus[0], Verdict(False, "that is Red's letter bonus: Blue's marks are the blue squares.")),
        (sum(counts.values()), Verdict(False, "that counts Blue's marks; score each letter by looking up how many "
                                              "times Blue wrote it in the letter table.")),
        (sum(max(0, table[n]) for n in counts.values()),
         Verdict(False, "a letter written once costs 3 points and twice costs 1: the negative entries of the table "
                        "count too.")),
    ], lambda points: Verdict(False, "count how many times Blue wrote each letter A to I (the letters panel beside "
                                     "the boards lists them), look each count up in the table, and add."))


tyc_letter_bonus = Script(
    "Tyc: Blue's letter bonus", "What does Blue score for letters in this position? Answer a whole number.", 1,
    lambda: _random_game("tyc", 1, 30, first_player=0), _points, "a whole number, like 4", _tyc_letter_bonus,
    _hide_scores)
"""What Blue scores for letters: each letter's count looked up in the table, negatives included."""


def _tyc_area_majority(state: State) -> _Values:
    boards = []
    for board in range(1, 10):
        owners = [state.cell(board, c) for c in range(1, 10)]
        red, blue = (sum(1 for o in owners if o and o[1] == p) for p in (0, 1))
        boards.append((red, blue, owners.count(None)))
    majority = state.score_breakdown()["area majority"]
    return _Values([
        (majority[0], Verdict(True, "the empty cells of every board where Red has more marks than Blue.")),
        (majority[1], Verdict(False, "that is Blue's area majority: Red's marks are the red rings.")),
        (sum(empty for red, blue, empty in boards if red >= blue),
         Verdict(False, "a board where both have as many marks is a tie: it scores nothing.")),
        (sum(red for red, blue, _ in boards if red > blue),
         Verdict(False, "a board Red wins scores its EMPTY cells, not Red's marks.")),
        (sum(1 for red, blue, _ in boards if red > blue),
         Verdict(False, "a board Red wins scores as many points as it has empty cells, not 1.")),
    ], lambda points: Verdict(False, "go board by board: count Red's and Blue's marks; where Red has more, add that "
                                     "board's empty cells."))


tyc_area_majority = Script(
    "Tyc: Red's area majority", "What does Red score for area majority in this position? Answer a whole number.", 0,
    lambda: _random_game("tyc", 6, 34, first_player=0), _points, "a whole number, like 4", _tyc_area_majority,
    _hide_scores)
"""What Red scores for area majority: the empty cells of each board where Red has more marks."""


# ---- Tic Tac Trek -------------------------------------------------------------------------------------
def _not_placeable(cell: str, belongs: Callable[[str], bool]) -> str:
    if belongs(cell.replace(" ", "")):
        return f"write cells as the notation does, x,y without spaces: {_bare(cell.replace(' ', ''))!r}."
    return (f"{_bare(cell,)} is not a legal place: a tile goes on an empty cell next to (up, down, left or "
            f"right) a tile of its own terrain or a lake.")


def _trek_placements(state: State) -> _Items:
    return _Items(state.legal_actions(), {}, _not_placeable, "a cell is missing: a lake is wild, so any tile may go "
                                                             "next to a lake")


TERRAIN = {"M": "mountain", "D": "desert", "G": "grassland", "F": "forest", "L": "lake"}

trek_placements = Script(
    "Tic Tac Trek: where may the tile go?",
    lambda state: f"X drew a {TERRAIN[state.drawn]}. On which cells may X place it? Answer a list of cells, like "
                  f"[\"0,1\"].", 0,
    lambda: _script("tic-tac-trek", ["-1,0", "-1,-1"], first_player=0, bag="FDLMDG"),
    _words("cells"), 'a list of cells, like ["0,1"]', _trek_placements)
"""Where a drawn tile may go: next to its own terrain or to a lake; a lake anywhere."""


def _no_place(cell: str, _belongs: Callable[[str], bool]) -> str:
    return f"{_bare(cell,)} is not a legal place for the drawn tile."


def _trek_campfire(state: State) -> _Items:
    def lights(cell: str) -> bool:
        after = _after(state, cell)
        return after.lit[0] > state.lit[0] or after.pending is not None

    right = {cell for cell in state.legal_actions() if lights(cell)}
    hints = {cell: f"at {cell} the tile makes no three-in-a-row of free X symbols: a tile with a campfire on it no "
                   f"longer counts, and neither do O's tiles." for cell in state.legal_actions()}
    return _Items(right, hints, _no_place, "a cell is missing: the tiles of an earlier line still count, all but "
                                           "the one under its campfire")


trek_campfire = Script(
    "Tic Tac Trek: light a campfire",
    "X to place a forest. Which cells make a three-in-a-row of X and light a campfire? Answer a list of cells, like "
    "[\"0,1\"].", 0,
    lambda: _script("tic-tac-trek", ["-1,0", "1,-1", "-2,0", "2,-1", "1,1", "2,1"], first_player=0,
                    mix={"mountain": 0, "desert": 0, "grassland": 0, "forest": 16, "lake": 0}),
    _words("cells"), 'a list of cells, like ["0,1"]', _trek_campfire)
"""Which placements light a campfire: a campfire tile's symbol no longer counts, the others do."""


# ---- TIC TOC ------------------------------------------------------------------------------------------
def _toc_round() -> State:
    """Four players; Player 2 has Pirates, Player 3 Hook and Pirates, Player 4 Lost Boys; Player 1 holds Crocodiles."""
    hands = [["Croc", "Croc", "Boy"], ["Pirate", "Pirate", "Boy"], ["Hook", "Pirate", "Boy"], ["Boy", "Boy", "Pan"]]
    draws = ["Smee", "Boy", "Pirate", "Boy", "Pirate", "Boy", "Boy", "Pirate", "Tink", "Boy"]
    order = [card for hand in hands for card in hand] + ["Boy", "Pirate", "Boy", "Pirate"] + draws
    state = _script("tic-toc", [], players=4, first_player=0, deck_order=order, seed=0)
    for action in ["discard Smee", "discard Boy", "end",
                   "play Pirate", "play Pirate", "play Pirate", "discard Boy", "end",
                   "play Hook", "play Pirate", "play Pirate", "discard Boy", "end",
                   "play Pan", "play Boy", "play Boy", "play Boy", "end"]:
        state.play(action)
    return state


def _no_player(player: str, _belongs: Callable[[str], bool]) -> str:
    return f"there is no Player {_bare(player,)} at this table."


def _toc_targets(state: State) -> _Items:
    right = {action.split("@")[1] for action in state.legal_actions() if action.startswith("croc @")}
    hints = {"1": "a Crocodile is played against another player, never against your own table."}
    for player in range(2, state.num_players + 1):
        hints[str(player)] = (f"Player {player} has neither Captain Hook nor Pirates on the table: the Crocodile "
                              f"chases only those (Mr. Smee chases Peter Pan and the Lost Boys).")
    return _Items(right, hints, _no_player, "a player is missing: look again at the tables")


toc_crocodile_targets = Script(
    "TIC TOC: the Crocodile's targets",
    "Player 1 holds a Crocodile. Against which players may it be played? Answer a list of player numbers, like [2].",
    0, _toc_round, _words("player numbers"), "a list of player numbers, like [2]", _toc_targets)
"""Whom a Crocodile may chase: another player with Captain Hook or Pirates on the table."""

CARD_NAMES = {"hook": "Captain Hook", "captain hook": "Captain Hook", "pirate": "Pirate", "pirates": "Pirate"}


def _cards(answer: Any) -> Counter:
    said: Counter = Counter()
    for item in _items(answer):
        text = _text(item)
        if text is None:
            raise BadAnswer(f"{_quote(item)} is not the name of a card")
        said[CARD_NAMES.get(text.lower(), text)] += 1
    return said


def _card_key(said: Counter) -> str:
    return ", ".join(f"{name} x{count}" for name, count in sorted(said.items()))


def _toc_escapes(state: State) -> _Values:
    after = _after(state, "croc @3")
    right = +Counter({"Captain Hook": int(state.leader[2] and not after.leader[2]),
                      "Pirate": state.crew[2] - after.crew[2]})
    return _Values([(right, Verdict(True, "Captain Hook is on that table, so he escapes and his Pirates stay."))],
                   _wrong_escape, _card_key)


def _wrong_escape(said: Counter) -> Verdict:
    if set(said) - {"Captain Hook", "Pirate"}:
        return Verdict(False, "only Captain Hook and Pirates can escape from a Pirates table.")
    if said["Pirate"]:
        return Verdict(False, "when Captain Hook is on the table, the Crocodile makes only him escape: the Pirates "
                              "escape only from a table without Hook.")
    return Verdict(False, "something does escape: look at what is on Player 3's table.")


toc_what_escapes = Script(
    "TIC TOC: what escapes",
    "Player 1 plays the Crocodile against Player 3 (croc @3). Which cards of Player 3's table go to the discard pile? "
    "Answer a list of cards, like [\"Pirate\", \"Pirate\"].", 0, _toc_round, _cards,
    'a list of cards, like ["Pirate", "Pirate"]', _toc_escapes)
"""What a Crocodile makes escape: Captain Hook if he is there, otherwise every Pirate."""


# ---- Tic Tac K.O. -------------------------------------------------------------------------------------
KO_LAYOUT = {"1": "Scutters", "2": "Mumbles (hypnotized)", "3": "King Creepy", "5": "Lil' Red",
             "7": "Hare Raiser (hypnotized)", "9": "Grimble"}


def _no_space(space: str, _belongs: Callable[[str], bool]) -> str:
    return f"there is no space {_bare(space,)} on this Grid."


def _ko_claimed(state: State) -> _Items:
    right = {state.labels[i] for i, card in enumerate(state.grid) if card and card[0] == 0 and card[2]}
    hints = {}
    for space, card in zip(state.labels, state.grid, strict=True):
        if card is None:
            hints[space] = f"space {space} is empty: an empty space is claimed by nobody."
        elif card[0] != 0:
            hints[space] = f"the card on {space} belongs to {state.team_names[card[0]]}."
        else:
            hints[space] = f"the card on {space} is hypnotized (face down): it claims nothing until it is AWAKENed."
    return _Items(right, hints, _no_space, "a space is missing: every face-up Character claims its space, Special "
                                           "Characters too")


ko_claimed_spaces = Script(
    "Tic Tac K.O.: claimed spaces",
    "Which spaces of the Grid does Evil claim now? Answer a list of spaces, like [\"4\"].", 0,
    lambda: _script("tic-tac-ko", [], players=2, first_team=0, layout=KO_LAYOUT, seed=3),
    _words("spaces"), 'a list of spaces, like ["4"]', _ko_claimed)
"""Which spaces a team claims: its face-up Characters only, Special ones too."""


HARE_LAYOUT = {"1": "Scutters", "2": "Mumbles", "6": "Grimble (hypnotized)", "8": "Button", "9": "Scutters"}


def _nothing_to_displace(space: str, _belongs: Callable[[str], bool]) -> str:
    return f"there is no card on space {_bare(space,)} to DISPLACE."


def _ko_hare_raiser(state: State) -> _Items:
    after = _after(state, "play Hare Raiser @5")
    while after.to_move != 1 and "pass" in after.legal_actions():
        after.play("pass")
    right = {action.split(" ")[1] for action in after.legal_actions() if action.startswith("displace ")}
    hints = {space: f"space {space} touches 5 only at a corner: adjacent means up, down, left or right."
             for space in ("1", "3", "7", "9")}
    return _Items(right, hints, _nothing_to_displace, "a space is missing: DISPLACE takes any adjacent Character "
                                                      "card, your own and hypnotized ones too")


ko_hare_raiser = Script(
    "Tic Tac K.O.: Hare Raiser",
    "Cute plays Hare Raiser onto space 5 (\"When this card enters the Grid, you may DISPLACE any adjacent Character "
    "card\"). Which cards may it DISPLACE? Answer a list of their spaces, like [\"4\"].", 1,
    lambda: _script("tic-tac-ko", ["draw"], players=2, first_team=1, seed=4, skip_unable=True, layout=HARE_LAYOUT,
                    order=(None, ["Hare Raiser", "Lil' Red", "Lil' Red", "Button", "Dewdrop", "Dewdrop", "Lil' Red"])),
    _words("spaces"), 'a list of spaces, like ["4"]', _ko_hare_raiser)
"""Which cards Hare Raiser may DISPLACE: adjacent (never diagonal) Characters of either team, hypnotized too."""


# ---- the design lab -----------------------------------------------------------------------------------
CLAIM_GAMES = (10, 10_000)
"""How many games a claim may be weighed on: fewer give too wide a noise, more take too long in a lesson."""


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def check_claim(variant: Any, metric: Any, *, above: Any = None, below: Any = None, about: Any = None,
                games: Any = 200, seed: Any = 0) -> Verdict:
    """Play `games` games of `variant` (a `lab.Variant`, or a game's name for its rules as printed) and weigh
    the claim about `metric` against the noise.

    Say exactly one of `above`, `below` or `about`: "the first-player advantage is about 0.5" is
    `check_claim(variant, "first_player_advantage", about=0.5)`. The noise is a 95% bootstrap interval.
    Whatever it is given, it answers with a verdict in words, never an error.
    """
    from . import lab  # pandas and numpy only when a claim is checked

    if isinstance(variant, str) and variant in GAMES:
        variant = lab.Variant(variant)
    elif not isinstance(variant, lab.Variant):
        return Verdict(False, f"the variant is a lab.Variant, like lab.Variant(\"tic-tac-two\", {{\"peek\": False}}), "
                              f"or a game's name ({', '.join(GAMES)}), not {_quote(variant)}.")
    claims = {"above": above, "below": below, "about": about}
    said = [(word, value) for word, value in claims.items() if value is not None]
    if len(said) != 1:
        return Verdict(False, "say exactly one of above=, below= or about=, with a number.")
    word, value = said[0]
    if not _number(value):
        return Verdict(False, f"{word}= takes a number, like {word}=0.5, not {_quote(value)}.")
    names = ", ".join(m for m in lab.METRICS if not m.endswith("_margin"))
    if type(metric) is not str or metric not in lab.METRICS or metric.endswith("_margin"):
        return Verdict(False, f"there is no metric {_quote(metric)}; the metrics are {names} (see "
                              f"lab.definitions()).")
    low_games, high_games = CLAIM_GAMES
    if type(games) is not int or not low_games <= games <= high_games:
        return Verdict(False, f"games= is a whole number from {low_games} to {high_games:,}, not {_quote(games)}: "
                              f"fewer games give a noise too wide to weigh any claim.")
    try:
        results = lab.play_games(variant.game, games, options=dict(variant.options), bots=variant.bots, seed=seed,
                                 progress=False)
    except Exception as problem:  # a bad game, option, bot spec or seed: said in the engine's words
        return Verdict(False, f"the variant cannot be played: {str(problem)[:200]}")
    forfeits = results[results["forfeit"].notna()]
    if len(forfeits):
        return Verdict(False, f"{len(forfeits)} of {len(results)} games ended because a bot forfeited (the first: "
                              f"{str(forfeits.iloc[0]['reason'])[:160]}). A forfeited game says nothing about the "
                              f"rules: fix the bot, then weigh the claim.")
    if len(results) < low_games:
        return Verdict(False, f"only {len(results)} games were played (the batch was interrupted): too few to weigh "
                              "a claim.")
    return _weigh(results, metric, lab.METRICS[metric], word, value, seed)


def _weigh(results: Any, metric: str, measure: Callable[[Any], float], word: str, value: float, seed: Any) -> Verdict:
    """The verdict on "`metric` is `word` `value`" for a batch's results, against a 95% bootstrap interval."""
    played = len(results)
    value_now = float(measure(results))
    if math.isnan(value_now):
        return Verdict(False, f"{metric} is not defined for this batch (see lab.definitions()): claim another metric.")
    rng = random.Random(seed)
    samples = sorted(float(measure(results.sample(frac=1, replace=True, random_state=rng.randrange(2**31))))
                     for _ in range(200))
    low, high = samples[4], samples[-5]
    figure = f"{metric} is {value_now:.3f} over {played} games (95% of resamples between {low:.3f} and {high:.3f})"
    if word == "about":
        if low <= value <= high:
            return Verdict(True, f"{figure}: {value} is within the noise.")
        return Verdict(False, f"{figure}: {value} lies outside the noise. Change the variant, or the claim.")
    holds = low > value if word == "above" else high < value
    fails = high < value if word == "above" else low > value
    if holds:
        return Verdict(True, f"{figure}: {word} {value}, beyond the noise.")
    if fails:
        return Verdict(False, f"{figure}: the batch says the opposite of the claim.")
    return Verdict(False, f"{figure}: {value} is inside the noise, so the batch cannot tell. Play more games.")


# ---- the registry -------------------------------------------------------------------------------------
def _script(name: str, moves: list[str], seed: int = 1, **options: Any) -> State:
    state = new_game(name, seed=seed, **options)
    for move in moves:
        try:
            state.play(move)
        except IllegalAction as error:  # pragma: no cover - a broken script is a bug of this module
            raise RuntimeError(f"exercise script for {name} broke at {move!r}: {error}") from None
    return state


EXERCISES: dict[str, tuple[Script, ...]] = {
    "tic-tac-two": (two_winning_square, two_centre_result),
    "tyc": (tyc_letter_bonus, tyc_area_majority),
    "tic-tac-trek": (trek_placements, trek_campfire),
    "tic-toc": (toc_crocodile_targets, toc_what_escapes),
    "tic-tac-ko": (ko_claimed_spaces, ko_hare_raiser),
}


def for_game(name: str) -> list[Exercise]:
    """The exercises of game `name`, in the order its notebook asks them (each made afresh: new tries, new salt)."""
    if type(name) is not str or name not in EXERCISES:
        raise InvalidOption(f"no exercises for {excerpt(name)}; games with exercises: {', '.join(EXERCISES)}")
    return [script() for script in EXERCISES[name]]
