"""Exercises that answer back: a question on a scripted position, and a check that says right, or what is
wrong and where to look.

    >>> from tictac_nb import exercises
    >>> question = exercises.for_game("tic-tac-two")[0]
    >>> question                      # the question and the board, as the player asking sees it
    >>> question.check(["4"])         # Right! ... / Not yet: ...

Every answer is computed from the engine when the check runs (never stored), so the notebook that asks
cannot show it. The design lab's exercise is checked the same way: `check_claim` plays a batch of the
student's variant and weighs the claim against the noise.
"""

from __future__ import annotations

import html
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .engine import IllegalAction, InvalidOption, State


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


class Exercise:
    """A question about `state` as `viewer` sees it; `check(answer)` returns a `Verdict`."""

    def __init__(self, title: str, question: str, state: State, viewer: int | None,
                 judge: Callable[[State, Any], Verdict], conceal: Callable[[dict], dict] | None = None) -> None:
        self.title, self.question, self.state, self.viewer = title, question, state, viewer
        self._judge = judge
        self._conceal = conceal

    def check(self, answer: Any) -> Verdict:
        if answer is None:
            return Verdict(False, "replace None with your answer, then run the cell.", "No answer yet:")
        return self._judge(self.state.clone(), answer)

    def picture(self) -> str:
        """The position as the viewer sees it, with no click targets (they would show the legal moves) and
        without what would give the answer away (`conceal`)."""
        view = self.state.view(self.viewer)
        if self._conceal is not None:
            view = self._conceal(view)
        return self.state.game.render(view, ())

    def _repr_html_(self) -> str:
        return f"<h4>{html.escape(self.title)}</h4><p>{html.escape(self.question)}</p>" + self.picture()

    def __repr__(self) -> str:
        return f"{self.title}: {self.question}"


# ---- reading answers ------------------------------------------------------------------------------
class BadAnswer(ValueError):
    pass


def _words(answer: Any, what: str, example: str) -> set[str]:
    """A set of short answers (squares, cells, players) from a list, a set, or one value."""
    items = answer if isinstance(answer, (list, tuple, set, frozenset)) else [answer]
    words = set()
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (int, str)):
            raise BadAnswer(f"write {what} as a list like {example}, not {answer!r:.40}")
        words.add(" ".join(str(item).split()))
    return words


def _judged(read: Callable[[Any], Any], judge: Callable[[State, Any], Verdict]) -> Callable[[State, Any], Verdict]:
    def run(state: State, answer: Any) -> Verdict:
        try:
            value = read(answer)
        except BadAnswer as problem:
            return Verdict(False, str(problem))
        return judge(state, value)
    return run


def _after(state: State, action: str) -> State:
    copy = state.clone()
    copy.play(action)
    return copy


def _listing(items: Iterable[str]) -> str:
    items = sorted(items, key=lambda s: (len(s), s))
    return ", ".join(items)


def _compare(found: set[str], right: set[str], extra: Callable[[str], str], missing: Callable[[str], str]) -> Verdict:
    """Right if the sets agree; else the first wrong item with the hint for it."""
    if found == right:
        return Verdict(True, "that is every one of them, and nothing else.")
    wrong = sorted(found - right, key=lambda s: (len(s), s))
    if wrong:
        return Verdict(False, extra(wrong[0]))
    return Verdict(False, missing(sorted(right - found, key=lambda s: (len(s), s))[0]) + f" ({len(right - found)} "
                   f"missing)")


# ---- Tic Tac Two ------------------------------------------------------------------------------------
def _two_result(state: State) -> str:
    """'X', 'O', 'tie', 'draw' or 'nobody yet': the result after the last move (a Peek choice made)."""
    if state.peeking:
        state = _after(state, state.legal_actions()[0])
    if state.outcome is None:
        return "nobody yet"
    if not state.outcome.winners:
        return "tie" if "tie" in state.outcome.reason else "draw"
    return "XO"[state.outcome.winners[0]]


def two_winning_square() -> Exercise:
    """Which squares win for X at once? The obvious one only ties; the winner needs a deduced tile."""
    state = _script("tic-tac-two", ["7", "1", "3", "peek 2", "6", "8", "9"], tiles="WOPXCXXOO")

    def judge(state: State, squares: set[str]) -> Verdict:
        right = {square for square in state.legal_actions() if _two_result(_after(state, square)) == "X"}

        def extra(square: str) -> str:
            if square not in state.legal_actions():
                return f"square {square} is not free: marks go on empty squares."
            result = _two_result(_after(state, square))
            if result == "tie":
                return (f"square {square} completes a line for X, but the tile it flips and the split centre also "
                        f"complete one for O: a tie. Look at the tile board's diagonals.")
            if result == "O":
                return f"square {square} flips a tile that completes O's line: O wins."
            return (f"square {square} completes no line. The legend under the boards says which tiles are still "
                    f"hidden: with the tiles you see, which tile must be under each face-down square?")
        return _compare(squares, right, extra, lambda s: "a winning square is missing: remember the tile board, "
                                                         "and what you can deduce about the hidden tiles")
    return Exercise("Tic Tac Two: the winning square",
                    "X to move. Which squares win the game for X at once? Answer a list of squares, like [\"2\"]. "
                    "(X peeked at the tile under square 2.)",
                    state, 0, _judged(lambda a: _words(a, "squares", '["2"]'), judge))


def two_centre_result() -> Exercise:
    """What happens when X takes the centre here: the split centre hands O the diagonals."""
    state = _script("tic-tac-two", ["8", "9", "3", "peek 2", "7", "1", "2"], tiles="WOPXCXXOO")
    results = ("X", "O", "tie", "draw", "nobody yet")

    def read(answer: Any) -> str:
        if not isinstance(answer, str) or answer.strip() not in results:
            raise BadAnswer("answer one of " + ", ".join(map(repr, results)))
        return answer.strip()

    def judge(state: State, said: str) -> Verdict:
        after = _after(state, "5")
        right = _two_result(after)
        if said == right:
            return Verdict(True, f"{after.outcome.reason if after.outcome else after.status()}.")
        if said in ("X", "tie"):
            return Verdict(False, "does X complete a line? Check the main board and then the tile board with the "
                                  "split centre: once X holds the centre it counts for X on the middle row and "
                                  "column only.")
        return Verdict(False, "once the centre is marked, the split centre counts for the opponent on both "
                              "diagonals: look at the tile board's diagonals.")
    return Exercise("Tic Tac Two: taking the centre",
                    "X marks square 5 here. What is the result: 'X', 'O', 'tie', 'draw' or 'nobody yet'?",
                    state, 0, _judged(read, judge))


# ---- Tyc ----------------------------------------------------------------------------------------------
def _random_game(name: str, seed: int, moves: int, **options: Any) -> State:
    state = _script(name, [], seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        state.play(rng.choice(state.legal_actions()))
    return state


def tyc_letter_bonus() -> Exercise:
    """What Blue scores for letters: each letter's count looked up in the table, negatives included."""
    state = _random_game("tyc", 1, 30, first_player=0)

    def read(answer: Any) -> int:
        if isinstance(answer, bool) or not isinstance(answer, int):
            raise BadAnswer(f"answer a whole number of points, like 4, not {answer!r:.40}")
        return answer

    def judge(state: State, points: int) -> Verdict:
        table = state.options["letter_table"]
        counts = state.letter_counts(1)
        right = state.score_breakdown()["letter bonus"][1]
        if points == right:
            return Verdict(True, "each letter Blue wrote, scored by how many times Blue wrote it.")
        if points == state.score_breakdown()["letter bonus"][0]:
            return Verdict(False, "that is Red's letter bonus: Blue's marks are the blue squares.")
        if points == sum(counts.values()):
            return Verdict(False, "that counts Blue's marks; score each letter by looking up how many times Blue "
                                  "wrote it in the letter table.")
        if points == sum(max(0, table[n]) for n in counts.values()):
            return Verdict(False, "a letter written once costs 3 points and twice costs 1: the negative entries "
                                  "of the table count too.")
        return Verdict(False, "count how many times Blue wrote each letter A to I (the letters panel beside the "
                              "boards lists them), look each count up in the table, and add.")
    return Exercise("Tyc: Blue's letter bonus", "What does Blue score for letters in this position? "
                    "Answer a whole number.", state, 1, _judged(read, judge), _hide_scores)


def _hide_scores(view: dict) -> dict:
    return {**view, "scores": {name: ["?", "?"] for name in view["scores"]}, "totals": ["?", "?"]}


def tyc_area_majority() -> Exercise:
    """What Red scores for area majority: the empty cells of each board where Red has more marks."""
    state = _random_game("tyc", 6, 34, first_player=0)

    def read(answer: Any) -> int:
        if isinstance(answer, bool) or not isinstance(answer, int):
            raise BadAnswer(f"answer a whole number of points, like 4, not {answer!r:.40}")
        return answer

    def judge(state: State, points: int) -> Verdict:
        boards = []
        for board in range(1, 10):
            owners = [state.cell(board, c) for c in range(1, 10)]
            red, blue = (sum(1 for o in owners if o and o[1] == p) for p in (0, 1))
            boards.append((red, blue, owners.count(None)))
        right = state.score_breakdown()["area majority"][0]
        if points == right:
            return Verdict(True, "the empty cells of every board where Red has more marks than Blue.")
        if points == state.score_breakdown()["area majority"][1]:
            return Verdict(False, "that is Blue's area majority: Red's marks are the red rings.")
        if points == sum(empty for red, blue, empty in boards if red >= blue):
            return Verdict(False, "a board where both have as many marks is a tie: it scores nothing.")
        if points == sum(red for red, blue, _ in boards if red > blue):
            return Verdict(False, "a board Red wins scores its EMPTY cells, not Red's marks.")
        if points == sum(1 for red, blue, _ in boards if red > blue):
            return Verdict(False, "a board Red wins scores as many points as it has empty cells, not 1.")
        return Verdict(False, "go board by board: count Red's and Blue's marks; where Red has more, add that "
                              "board's empty cells.")
    return Exercise("Tyc: Red's area majority", "What does Red score for area majority in this position? "
                    "Answer a whole number.", state, 0, _judged(read, judge), _hide_scores)


# ---- Tic Tac Trek -------------------------------------------------------------------------------------
def trek_placements() -> Exercise:
    """Where a drawn tile may go: next to its own terrain or to a lake; a lake anywhere."""
    state = _script("tic-tac-trek", ["-1,0", "-1,-1"], first_player=0, bag="FDLMDG")

    def judge(state: State, cells: set[str]) -> Verdict:
        right = set(state.legal_actions())

        def extra(cell: str) -> str:
            if cell.replace(" ", "") in right:
                return f"write cells as the notation does, x,y without spaces: {cell.replace(' ', '')!r}."
            return (f"{cell} is not a legal place: a tile goes on an empty cell next to (up, down, left or right) "
                    f"a tile of its own terrain or a lake.")
        return _compare(cells, right, extra, lambda c: "a cell is missing: a lake is wild, so any tile may go next "
                                                       "to a lake")
    terrain = {"M": "mountain", "D": "desert", "G": "grassland", "F": "forest", "L": "lake"}[state.drawn]
    return Exercise("Tic Tac Trek: where may the tile go?",
                    f"X drew a {terrain}. On which cells may X place it? Answer a list of cells, like [\"0,1\"].",
                    state, 0, _judged(lambda a: _words(a, "cells", '["0,1"]'), judge))


def trek_campfire() -> Exercise:
    """Which placements light a campfire: a campfire tile's symbol no longer counts, the others do."""
    forests = {"mountain": 0, "desert": 0, "grassland": 0, "forest": 16, "lake": 0}
    state = _script("tic-tac-trek", ["-1,0", "1,-1", "-2,0", "2,-1", "1,1", "2,1"], first_player=0, mix=forests)

    def lights(state: State, cell: str) -> bool:
        after = _after(state, cell)
        return after.lit[0] > state.lit[0] or after.pending is not None

    def judge(state: State, cells: set[str]) -> Verdict:
        right = {cell for cell in state.legal_actions() if lights(state, cell)}

        def extra(cell: str) -> str:
            if cell not in state.legal_actions():
                return f"{cell} is not a legal place for the drawn tile."
            return (f"at {cell} the tile makes no three-in-a-row of free X symbols: a tile with a campfire on it "
                    f"no longer counts, and neither do O's tiles.")
        return _compare(cells, right, extra, lambda c: "a cell is missing: the tiles of an earlier line still count, "
                                                       "all but the one under its campfire")
    return Exercise("Tic Tac Trek: light a campfire",
                    "X to place a forest. Which cells make a three-in-a-row of X and light a campfire? "
                    "Answer a list of cells, like [\"0,1\"].",
                    state, 0, _judged(lambda a: _words(a, "cells", '["0,1"]'), judge))


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


def toc_crocodile_targets() -> Exercise:
    """Whom a Crocodile may chase: another player with Captain Hook or Pirates on the table."""
    def judge(state: State, players: set[str]) -> Verdict:
        right = {action.split("@")[1] for action in state.legal_actions() if action.startswith("croc @")}

        def extra(player: str) -> str:
            if player == "1":
                return "a Crocodile is played against another player, never against your own table."
            if player not in {str(p + 1) for p in range(state.num_players)}:
                return f"there is no Player {player} at this table."
            return (f"Player {player} has neither Captain Hook nor Pirates on the table: the Crocodile chases "
                    f"only those (Mr. Smee chases Peter Pan and the Lost Boys).")
        return _compare(players, right, extra, lambda p: f"Player {p} is missing: look again at the tables")
    return Exercise("TIC TOC: the Crocodile's targets",
                    "Player 1 holds a Crocodile. Against which players may it be played? Answer a list of player "
                    "numbers, like [2].", _toc_round(), 0,
                    _judged(lambda a: _words(a, "player numbers", "[2]"), judge))


def toc_what_escapes() -> Exercise:
    """What a Crocodile makes escape: Captain Hook if he is there, otherwise every Pirate."""
    names = {"hook": "Captain Hook", "captain hook": "Captain Hook", "pirate": "Pirate", "pirates": "Pirate"}

    def read(answer: Any) -> Counter:
        items = answer if isinstance(answer, (list, tuple)) else [answer]
        if not all(isinstance(item, str) for item in items):
            raise BadAnswer('answer a list of cards, like ["Pirate", "Pirate"]')
        return Counter(names.get(" ".join(item.lower().split()), item) for item in items)

    def judge(state: State, said: Counter) -> Verdict:
        after = _after(state, "croc @3")
        right = Counter({"Captain Hook": int(state.leader[2] and not after.leader[2]),
                         "Pirate": state.crew[2] - after.crew[2]})
        right = +right
        if said == right:
            return Verdict(True, "Captain Hook is on that table, so he escapes and his Pirates stay.")
        if set(said) - {"Captain Hook", "Pirate"}:
            return Verdict(False, "only Captain Hook and Pirates can escape from a Pirates table.")
        if said["Pirate"]:
            return Verdict(False, "when Captain Hook is on the table, the Crocodile makes only him escape: the "
                                  "Pirates escape only from a table without Hook.")
        return Verdict(False, "something does escape: look at what is on Player 3's table.")
    return Exercise("TIC TOC: what escapes",
                    "Player 1 plays the Crocodile against Player 3 (croc @3). Which cards of Player 3's table go "
                    "to the discard pile? Answer a list of cards, like [\"Pirate\", \"Pirate\"].",
                    _toc_round(), 0, _judged(read, judge))


# ---- Tic Tac K.O. -------------------------------------------------------------------------------------
KO_LAYOUT = {"1": "Scutters", "2": "Mumbles (hypnotized)", "3": "King Creepy", "5": "Lil' Red",
             "7": "Hare Raiser (hypnotized)", "9": "Grimble"}


def ko_claimed_spaces() -> Exercise:
    """Which spaces a team claims: its face-up Characters only, Special ones too."""
    state = _script("tic-tac-ko", [], players=2, first_team=0, layout=KO_LAYOUT, seed=3)

    def judge(state: State, spaces: set[str]) -> Verdict:
        right = {state.labels[i] for i, card in enumerate(state.grid) if card and card[0] == 0 and card[2]}

        def extra(space: str) -> str:
            if space not in state.labels:
                return f"there is no space {space} on this Grid."
            card = state.grid[state.labels.index(space)]
            if card is None:
                return f"space {space} is empty: an empty space is claimed by nobody."
            if card[0] != 0:
                return f"the card on {space} belongs to {state.team_names[card[0]]}."
            return f"the card on {space} is hypnotized (face down): it claims nothing until it is AWAKENed."
        return _compare(spaces, right, extra, lambda s: f"space {s} is missing: every face-up Character claims its "
                                                        f"space, Special Characters too")
    return Exercise("Tic Tac K.O.: claimed spaces",
                    "Which spaces of the Grid does Evil claim now? Answer a list of spaces, like [\"4\"].",
                    state, 0, _judged(lambda a: _words(a, "spaces", '["4"]'), judge))


def ko_hare_raiser() -> Exercise:
    """Which cards Hare Raiser may DISPLACE: adjacent (never diagonal) Characters of either team, hypnotized too."""
    layout = {"1": "Scutters", "2": "Mumbles", "6": "Grimble (hypnotized)", "8": "Button", "9": "Scutters"}
    state = _script("tic-tac-ko", ["draw"], players=2, first_team=1, layout=layout, seed=4, skip_unable=True,
                    order=(None, ["Hare Raiser", "Lil' Red", "Lil' Red", "Button", "Dewdrop", "Dewdrop", "Lil' Red"]))

    def targets(state: State) -> set[str]:
        after = _after(state, "play Hare Raiser @5")
        while after.to_move != 1 and "pass" in after.legal_actions():
            after.play("pass")
        return {action.split(" ")[1] for action in after.legal_actions() if action.startswith("displace ")}

    def judge(state: State, spaces: set[str]) -> Verdict:
        right = targets(state)

        def extra(space: str) -> str:
            if space in {"1", "3", "7", "9"}:
                return f"space {space} touches 5 only at a corner: adjacent means up, down, left or right."
            return f"there is no card on space {space} to DISPLACE."
        return _compare(spaces, right, extra, lambda s: f"space {s} is missing: DISPLACE takes any adjacent "
                                                        f"Character card, your own and hypnotized ones too")
    return Exercise("Tic Tac K.O.: Hare Raiser",
                    "Cute plays Hare Raiser onto space 5 (\"When this card enters the Grid, you may DISPLACE any "
                    "adjacent Character card\"). Which cards may it DISPLACE? Answer a list of their spaces, like "
                    "[\"4\"].", state, 1, _judged(lambda a: _words(a, "spaces", '["4"]'), judge))


# ---- the design lab -----------------------------------------------------------------------------------
def check_claim(variant: Any, metric: str, *, above: float | None = None, below: float | None = None,
                about: float | None = None, games: int = 200, seed: int = 0) -> Verdict:
    """Play `games` games of `variant` (a `lab.Variant`) and weigh the claim about `metric` against the noise.

    Say exactly one of `above`, `below` or `about`: "the first-player advantage is about 0.5" is
    `check_claim(variant, "first_player_advantage", about=0.5)`. The noise is a 95% bootstrap interval.
    """
    from . import lab

    claims = {"above": above, "below": below, "about": about}
    said = [(word, value) for word, value in claims.items() if value is not None]
    if len(said) != 1:
        return Verdict(False, "say exactly one of above=, below= or about=, with a number.")
    word, value = said[0]
    if metric not in lab.METRICS or metric.endswith("_margin"):
        names = ", ".join(m for m in lab.METRICS if not m.endswith("_margin"))
        return Verdict(False, f"there is no metric {metric!r}; the metrics are {names} (see lab.definitions()).")
    try:
        results = lab.play_games(variant.game, games, options=dict(variant.options), bots=variant.bots, seed=seed,
                                 progress=False)
    except (InvalidOption, ValueError) as problem:
        return Verdict(False, f"the variant cannot be played: {problem}")
    measure = lab.METRICS[metric]
    value_now = float(measure(results))
    rng = random.Random(seed)
    samples = sorted(float(measure(results.sample(frac=1, replace=True, random_state=rng.randrange(2**31))))
                     for _ in range(200))
    low, high = samples[4], samples[-5]
    figure = f"{metric} is {value_now:.3f} over {games} games (95% of resamples between {low:.3f} and {high:.3f})"
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
    from . import new_game

    state = new_game(name, seed=seed, **options)
    for move in moves:
        try:
            state.play(move)
        except IllegalAction as error:  # pragma: no cover - a broken script is a bug of this module
            raise RuntimeError(f"exercise script for {name} broke at {move!r}: {error}") from None
    return state


EXERCISES: dict[str, tuple[Callable[[], Exercise], ...]] = {
    "tic-tac-two": (two_winning_square, two_centre_result),
    "tyc": (tyc_letter_bonus, tyc_area_majority),
    "tic-tac-trek": (trek_placements, trek_campfire),
    "tic-toc": (toc_crocodile_targets, toc_what_escapes),
    "tic-tac-ko": (ko_claimed_spaces, ko_hare_raiser),
}


def for_game(name: str) -> list[Exercise]:
    """The exercises of game `name`, in the order its notebook asks them."""
    if name not in EXERCISES:
        raise InvalidOption(f"no exercises for {name!r}; games with exercises: {', '.join(EXERCISES)}")
    return [make() for make in EXERCISES[name]]
