"""Exercises that answer back: the right answer passes, and each typical wrong answer gets its own hint.

The right answers are worked out here from the engines, by brute force where the exercise module asks a
narrower question, so a change of a rule or of a script shows up as a failing test.
"""

from __future__ import annotations

import gc
import itertools
import json
import random
import re
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb import lab
from tictac_nb.classroom import exercises
from tictac_nb.core.bots import seat_copy


def script(game: str, words: str) -> exercises.Script:
    found = [s for s in exercises.games_with_exercises()[game] if words in s.title]
    assert len(found) == 1
    return found[0]


def by_title(game: str, words: str) -> exercises.Exercise:
    return script(game, words)()


def position(game: str, words: str):
    """The real position an exercise is asked on (the exercise itself does not hold it)."""
    return script(game, words).position()


def wins_for_mover(state, action) -> bool:
    after = state.clone()
    after.play(action)
    while after.outcome is None and after.to_move == state.to_move and after.legal_actions():
        after.play(after.legal_actions()[0])   # the Peek choice, if any
    return after.outcome is not None and after.outcome.winners == (state.to_move,)


@pytest.mark.parametrize("game", list(exercises.games_with_exercises()))
def test_every_game_has_two_or_three_exercises_that_show_a_board(game):
    asked = exercises.for_game(game)
    assert 2 <= len(asked) <= 3 and game in tictac_nb.GAMES
    for exercise in asked:
        page = exercise._repr_html_()
        assert exercise.question in page.replace("&quot;", '"').replace("&#x27;", "'") and "<svg" in page
        assert "data-target" not in page          # no click targets: they would show the legal moves
        assert repr(exercise.check(None)).startswith("No answer yet: replace None")
        assert not exercise.check(None)


def test_tic_tac_two_winning_square():
    exercise = by_title("tic-tac-two", "winning square")
    state = position("tic-tac-two", "winning square")
    right = [a for a in state.legal_actions() if wins_for_mover(state, a)]
    assert right == ["4"]                          # found by playing every square
    assert exercise.check(right) and exercise.check("4") and exercise.check([4])
    assert "tie" in exercise.check(["5"]).message and "diagonals" in exercise.check(["5"]).message
    assert "hidden" in exercise.check(["2"]).message
    assert "not free" in exercise.check(["1"]).message
    assert "missing" in exercise.check([]).message
    assert "Answer a list of squares" in exercise.check(4.5).message


def test_tic_tac_two_taking_the_centre():
    exercise = by_title("tic-tac-two", "centre")
    after = position("tic-tac-two", "centre")
    after.play("5")
    assert after.outcome.winners == (1,)
    assert exercise.check("O")
    assert "middle row and column" in exercise.check("X").message
    assert "diagonals" in exercise.check("nobody yet").message
    assert "Answer one of 'X', 'O'" in exercise.check("Blue").message


def test_tyc_letter_bonus():
    exercise = by_title("tyc", "letter bonus")
    state = position("tyc", "letter bonus")
    table = state.options["letter_table"]
    counts = state.letter_counts(1)
    right = sum(table[n] for n in counts.values())
    assert exercise.check(right) and right < 0
    assert "Red's" in exercise.check(sum(table[n] for n in state.letter_counts(0).values())).message
    assert "counts Blue's marks" in exercise.check(sum(counts.values())).message
    assert "negative" in exercise.check(sum(max(0, table[n]) for n in counts.values())).message
    assert "Answer a whole number" in exercise.check("ten").message


def test_tyc_area_majority():
    exercise = by_title("tyc", "area majority")
    state = position("tyc", "area majority")
    boards = []
    for board in range(1, 10):
        owners = [state.cell(board, c) for c in range(1, 10)]
        boards.append((sum(1 for o in owners if o and o[1] == 0), sum(1 for o in owners if o and o[1] == 1),
                       owners.count(None)))
    right = sum(empty for red, blue, empty in boards if red > blue)
    assert any(red == blue for red, blue, _ in boards)          # a tied board, for the hint below
    assert exercise.check(right)
    assert "Blue's" in exercise.check(sum(e for r, b, e in boards if b > r)).message
    assert "tie" in exercise.check(sum(e for r, b, e in boards if r >= b)).message
    assert "EMPTY cells" in exercise.check(sum(r for r, b, _ in boards if r > b)).message
    assert "not 1" in exercise.check(sum(1 for r, b, _ in boards if r > b)).message


@pytest.mark.parametrize("words", ["letter bonus", "area majority"])
def test_tyc_pictures_hide_the_scores_they_ask_for(words):
    exercise = by_title("tyc", words)
    picture = exercise.picture()
    scores = position("tyc", words).score_breakdown()
    assert picture.count(">?</text>") == 2 * len(scores) + 2     # every category and both totals
    assert exercise.view["scores"] == {k: ["?", "?"] for k in scores} and exercise.view["totals"] == ["?", "?"]


def test_trek_placements():
    exercise = by_title("tic-tac-trek", "where may")
    state = position("tic-tac-trek", "where may")
    right = list(state.legal_actions())
    assert exercise.check(right)
    assert "not a legal place" in exercise.check([*right, "0,1"]).message
    beside_desert = [c for c in right if c in ("1,-1", "2,0", "1,1")]
    assert "lake is wild" in exercise.check(beside_desert).message
    assert "without spaces" in exercise.check([*right[:-1], right[-1].replace(",", ", ")]).message


def test_trek_campfire_counts_old_lines_but_not_the_campfire_tile():
    exercise = by_title("tic-tac-trek", "campfire")
    state = position("tic-tac-trek", "campfire")
    right = []
    for cell in state.legal_actions():
        after = state.clone()
        after.play(cell)
        if sum(1 for owner in after.fires.values() if owner == 0) > sum(1 for o in state.fires.values() if o == 0):
            right.append(cell)
    assert sorted(right) == ["-1,-1", "2,2"]   # -1,-1 reuses 0,0 from X's first line; -3,0 would need the fire
    assert exercise.check(right)
    assert "campfire" in exercise.check([*right, "-3,0"]).message
    assert "earlier line" in exercise.check(["2,2"]).message


def test_tic_toc_crocodile_targets():
    exercise = by_title("tic-toc", "targets")
    tables = exercise.view["tables"]
    right = [p + 1 for p, table in enumerate(tables) if p and table["team"] == "Pirates"]
    assert right == [2, 3]
    assert exercise.check(right) and exercise.check(["2", "3"])
    assert "Lost Boys" in exercise.check([2, 3, 4]).message
    assert "another player" in exercise.check([1, 2, 3]).message
    assert "missing" in exercise.check([2]).message


def test_tic_toc_what_escapes():
    exercise = by_title("tic-toc", "escapes")
    assert exercise.view["tables"][2] == {"team": "Pirates", "leader": True, "crew": 2}
    assert exercise.check(["Captain Hook"]) and exercise.check("Hook")
    assert "only him" in exercise.check(["Pirate", "Pirate"]).message
    assert "only him" in exercise.check(["Hook", "Pirate", "Pirate"]).message
    assert "something does escape" in exercise.check([]).message
    assert "only Captain Hook and Pirates" in exercise.check(["Peter Pan"]).message


def test_ko_claimed_spaces():
    exercise = by_title("tic-tac-ko", "claimed")
    assert exercise.check(["1", "3", "9"]) and exercise.check([1, 3, 9])
    assert "hypnotized" in exercise.check(["1", "2", "3", "9"]).message
    assert "belongs to Cute" in exercise.check(["1", "3", "5", "9"]).message
    assert "Special Characters too" in exercise.check(["1", "9"]).message
    assert "empty" in exercise.check(["1", "3", "4", "9"]).message


def test_ko_hare_raiser():
    exercise = by_title("tic-tac-ko", "Hare Raiser")
    after = position("tic-tac-ko", "Hare Raiser")
    after.play("play Hare Raiser @5")
    sources = {a.split(" ")[1] for a in after.legal_actions() if a.startswith("displace ")}
    assert sources == {"2", "6", "8"}
    assert exercise.check(["2", "6", "8"])
    assert "corner" in exercise.check(["1", "2", "6", "8"]).message
    assert "hypnotized ones too" in exercise.check(["2", "8"]).message
    assert "no card on space 4" in exercise.check(["2", "4", "6", "8"]).message


def test_a_design_claim_is_weighed_against_the_noise():
    variant = lab.Variant("tic-tac-two", {}, bots="random")
    assert lab.check_claim(variant, "first_player_advantage", above=0.5, games=200)
    assert "opposite" in lab.check_claim(variant, "first_player_advantage", below=0.5, games=200).message
    assert "outside the noise" in lab.check_claim(variant, "first_player_advantage", about=0.5,
                                                        games=200).message
    assert "Play more games" in lab.check_claim(variant, "first_player_advantage", above=0.55,
                                                      games=40).message
    assert "no metric 'fun'" in lab.check_claim(variant, "fun", about=1).message
    assert "exactly one" in lab.check_claim(variant, "draw_rate").message
    assert "cannot be played" in lab.check_claim(lab.Variant("tic-tac-two", {"peek": 3}), "draw_rate",
                                                       about=0.1).message


def test_unknown_games_have_no_exercises():
    with pytest.raises(tictac_nb.InvalidOption, match="no exercises"):
        exercises.for_game("chess")


NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def code_cells(name: str) -> list[str]:
    notebook = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


@pytest.mark.parametrize("game", list(exercises.games_with_exercises()))
def test_each_game_notebook_asks_its_exercises_prints_its_box_and_seats_two_humans(game):
    code = code_cells(game)
    assert any(f'exercises.for_game("{game}")' in cell for cell in code)
    assert sum(".check(None)" in cell for cell in code) == len(exercises.for_game(game))
    assert any(f'print_and_play("{game}"' in cell for cell in code)
    hot_seat = re.compile(rf'Board\(tictac_nb\.new_game\("{game}", seed=\d+(, players=\d)?\)\)')
    assert any(hot_seat.search(cell) for cell in code) == tictac_nb.GAMES[game].hidden_information


def test_the_design_lab_checks_a_claim():
    assert any("lab.check_claim(" in cell for cell in code_cells("design-lab"))


# ---- odd answers ----------------------------------------------------------------------------------------

class Sly(str):
    """A text whose own methods all fail."""

    def strip(self, *args):
        raise RuntimeError("strip")

    def split(self, *args):
        raise RuntimeError("split")

    def __str__(self):
        raise RuntimeError("str")

    def __iter__(self):
        raise RuntimeError("iter")


class SlyList(list):
    def __iter__(self):
        raise RuntimeError("iter")

    def __len__(self):
        raise RuntimeError("len")


class SlyInt(int):
    def __int__(self):
        raise RuntimeError("int")

    def __str__(self):
        raise RuntimeError("str")

    __repr__ = __str__


class Liar:
    """Claims to be a list, and its repr raises."""

    @property
    def __class__(self):
        return list

    def __repr__(self):
        raise RuntimeError("repr")


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


ODD = [[10**5000], 10**5000, nested(5_000), "x" * 10_000_000, ["x" * 10_000_000], list(range(1_000_000)),
       {"4": 1}, b"4", [b"4"], 4.5, float("nan"), [None], Liar(), [Liar()], [SlyInt(10**5000)], {frozenset({1})},
       [[]], object(), [1j], True, [True], ["4", 4.5]]
"""Answers no question can read (a str or int subclass is read as what it holds: see below)."""


@pytest.mark.parametrize("game", list(exercises.games_with_exercises()))
def test_every_odd_answer_gets_a_short_sentence_saying_how_to_write_one(game):
    for exercise in exercises.for_game(game):
        for answer in ODD:
            verdict = exercise.check(answer)
            assert type(verdict.message) is str and len(repr(verdict)) < 400, (exercise.title, verdict)
            assert not verdict and verdict.heading == "How to answer:", (exercise.title, verdict)
            assert f"Answer {exercise.how}." in verdict.message
        assert exercise.tries == 0


def test_a_str_or_int_subclass_is_read_as_what_it_holds_whatever_its_methods_do():
    assert by_title("tic-tac-two", "winning square").check([Sly("4")])
    assert by_title("tic-tac-two", "winning square").check(SlyList([SlyInt(4)]))
    assert by_title("tic-tac-two", "winning square").check(SlyInt(4))
    assert by_title("tic-tac-two", "centre").check(Sly(" O "))
    assert "U+" not in repr(by_title("tic-tac-two", "centre").check("\x00\x07" * 30))


def answers() -> st.SearchStrategy:
    class Text(str):
        def strip(self, *args):
            raise RuntimeError("strip")

    class Whole(int):
        def __str__(self):
            raise RuntimeError("str")

    leaves = (st.none() | st.booleans() | st.integers() | st.integers(min_value=10**300, max_value=10**6000)
              | st.floats() | st.text(max_size=60) | st.binary(max_size=20) | st.sampled_from(["4", "O", "2,-1", "3"])
              | st.text(max_size=8).map(Text) | st.integers().map(Whole) | st.complex_numbers())
    hashable = st.none() | st.integers() | st.text(max_size=8) | st.binary(max_size=4)
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=6) | st.tuples(inner, inner)
                        | st.dictionaries(hashable, inner, max_size=3) | st.frozensets(hashable, max_size=4)
                        | st.sets(hashable, max_size=4), max_leaves=20)


EVERY = [script() for scripts in exercises.games_with_exercises().values() for script in scripts]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(EVERY) - 1), answer=answers())
def test_check_returns_a_short_verdict_whatever_it_is_given(index, answer):
    verdict = EVERY[index].check(answer)
    assert isinstance(verdict, exercises.Verdict) and type(verdict.message) is str
    assert len(repr(verdict)) < 400


# ---- tries ------------------------------------------------------------------------------------------------

def test_check_counts_the_tries_and_says_so():
    exercise = by_title("tic-toc", "targets")
    assert repr(exercise.check([2])).startswith("Not yet (try 1): ")
    assert repr(exercise.check(None)).startswith("No answer yet:")       # not a try
    assert repr(exercise.check(4.5)).startswith("How to answer:")        # not a try: it says nothing of the answer
    assert repr(exercise.check([2, 4])).startswith("Not yet (try 2): ")
    assert repr(exercise.check([2, 3])).startswith("Right, on your 3rd try: ")
    assert exercise.tries == 3
    assert [exercises.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]


def test_an_answer_found_by_trying_everything_shows_as_such():
    exercise = by_title("tic-tac-two", "winning square")
    found = None
    for size in range(10):
        for squares in itertools.combinations([str(s) for s in range(1, 10)], size):
            verdict = exercise.check(list(squares))
            if verdict:
                found = verdict
                break
        if found:
            break
    assert repr(found).startswith(f"Right, on your {exercises.ordinal(exercise.tries)} try")
    assert exercise.tries == 5 and repr(found).startswith("Right, on your 5th try")   # [], 1, 2, 3, then 4
    assert by_title("tic-tac-two", "winning square").tries == 0       # a fresh exercise starts again


# ---- an exercise holds only what its seat may know ---------------------------------------------------------

def reachable(root) -> list:
    """Every object reachable from `root` through its data: attributes, containers, closures and defaults,
    but not modules, classes or code (the kit's source, which anyone may read)."""
    seen, stack, found = set(), [root], []
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (types.ModuleType, type, types.CodeType)):
            continue
        seen.add(id(item))
        found.append(item)
        if isinstance(item, types.FunctionType):
            stack += [cell.cell_contents for cell in item.__closure__ or ()] + list(item.__defaults__ or ())
        elif isinstance(item, tictac_nb.core.engine.Game):
            continue  # the rules: the same for everyone
        else:
            stack += gc.get_referents(item)
    return found


def candidates(game: str) -> list:
    words = [[str(n)] for n in range(1, 10)] + [[f"{x},{y}"] for x in range(-3, 4) for y in range(-3, 4)]
    return [*words, *[[str(a), str(b)] for a in range(1, 10) for b in range(1, 10) if a < b], [], *range(-40, 60),
            "X", "O", "tie", "draw", "nobody yet", ["Captain Hook"], ["Pirate", "Pirate"], ["Hook", "Pirate"]]


@pytest.mark.parametrize("which", [(game, i) for game, scripts in exercises.games_with_exercises().items()
                                   for i in range(len(scripts))])
def test_an_exercise_holds_its_seats_view_and_no_position(which):
    game, index = which
    made = exercises.games_with_exercises()[game][index]
    real = made.position()
    exercise = made()
    view = real.view(made.viewer)
    assert exercise.view == (made.conceal(view) if made.conceal else view)
    with pytest.raises(AttributeError, match="holds no position"):
        exercise.state  # noqa: B018
    found = reachable(exercise)
    assert not any(isinstance(item, tictac_nb.State) for item in found)
    texts = [item for item in found if isinstance(item, str)]
    messages = {exercise.check(answer).message for answer in candidates(game)}
    told = [m for m in messages if len(m) > 30 and any(m in text for text in texts)]
    assert told == [], "a verdict is readable on the exercise"


def test_the_tile_a_tic_tac_two_question_asks_to_deduce_is_nowhere_on_it():
    made = script("tic-tac-two", "winning square")
    real = made.position()
    assert real.view(0)["tiles"][3] is None and real.tiles[3] == "X"     # face down, and the answer hangs on it
    found = reachable(made())
    assert not any(isinstance(item, str) and real.tiles in item for item in found)
    assert not any(isinstance(item, list) and item == list(real.tiles) for item in found)


@pytest.mark.parametrize("which", [(game, i) for game, scripts in exercises.games_with_exercises().items()
                                   for i in range(len(scripts))])
def test_the_verdicts_depend_only_on_what_the_seat_may_know(which):
    """Made on any position the seat cannot tell from the real one (a seat copy: every hidden part dealt
    anew), an exercise gives the same verdicts: holding them holds nothing the seat may not know."""
    game, index = which
    made = exercises.games_with_exercises()[game][index]
    real = made.position()
    asked = candidates(game)
    expected = [made.on(real).check(answer).message for answer in asked]
    for seed in range(6):
        copy = seat_copy(real, made.viewer, random.Random(seed))
        assert [made.on(copy).check(answer).message for answer in asked] == expected


# ---- the design lab's claims ------------------------------------------------------------------------------

def raising_bot(state):
    raise RuntimeError("my bot is broken")


@pytest.mark.parametrize(("variant", "metric", "claim", "words"), [
    ("chess", "draw_rate", {"about": 0.1}, "the variant is a lab.Variant"),
    (42, "draw_rate", {"about": 0.1}, "not 42"),
    (lab.Variant("tic-tac-two"), ["draw_rate"], {"about": 0.1}, "there is no metric a list"),
    (lab.Variant("tic-tac-two"), "draw_rate", {"about": "0.5"}, "about= takes a number, like about=0.5, not '0.5'"),
    (lab.Variant("tic-tac-two"), "draw_rate", {"above": float("nan")}, "above= takes a number"),
    (lab.Variant("tic-tac-two"), "draw_rate", {"about": 0.1, "games": 0}, "games= is a whole number from 10"),
    (lab.Variant("tic-tac-two"), "draw_rate", {"about": 0.1, "games": 10**9}, "games= is a whole number from 10"),
    (lab.Variant("tic-tac-two"), "draw_rate", {"about": 0.1, "games": 20.0}, "games= is a whole number from 10"),
    (lab.Variant("tic-tac-two"), "draw_rate", {"about": 0.1, "seed": -1, "games": 10}, "cannot be played: seed"),
    (lab.Variant("tic-tac-two", {}, bots="mcts:lots"), "draw_rate", {"about": 0.1}, "cannot be played: unknown bot"),
    (lab.Variant("tic-tac-two", {}, bots=[raising_bot, "random"]), "draw_rate", {"about": 0.1, "games": 10},
     "10 of 10 games ended because a bot forfeited (the first: X (raising_bot) forfeits: raised RuntimeError"),
])
def test_a_claim_that_cannot_be_weighed_gets_a_verdict_in_words(variant, metric, claim, words):
    verdict = lab.check_claim(variant, metric, **claim)
    assert not verdict and words in verdict.message and len(verdict.message) < 400


def test_a_game_name_is_the_variant_of_its_rules_as_printed():
    by_name = lab.check_claim("tic-tac-two", "first_player_advantage", above=0.5, games=100)
    by_variant = lab.check_claim(lab.Variant("tic-tac-two"), "first_player_advantage", above=0.5, games=100)
    assert by_name == by_variant and "over 100 games" in by_name.message
