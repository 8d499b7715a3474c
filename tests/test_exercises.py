"""Exercises that answer back: the right answer passes, and each typical wrong answer gets its own hint.

The right answers are worked out here from the engines, by brute force where the exercise module asks a
narrower question, so a change of a rule or of a script shows up as a failing test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tictac_nb
from tictac_nb import exercises, lab


def script(game: str, words: str) -> exercises.Script:
    found = [s for s in exercises.EXERCISES[game] if words in s.title]
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


@pytest.mark.parametrize("game", list(exercises.EXERCISES))
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
    assert exercises.check_claim(variant, "first_player_advantage", above=0.5, games=200)
    assert "opposite" in exercises.check_claim(variant, "first_player_advantage", below=0.5, games=200).message
    assert "outside the noise" in exercises.check_claim(variant, "first_player_advantage", about=0.5,
                                                        games=200).message
    assert "Play more games" in exercises.check_claim(variant, "first_player_advantage", above=0.55,
                                                      games=40).message
    assert "no metric 'fun'" in exercises.check_claim(variant, "fun", about=1).message
    assert "exactly one" in exercises.check_claim(variant, "draw_rate").message
    assert "cannot be played" in exercises.check_claim(lab.Variant("tic-tac-two", {"peek": 3}), "draw_rate",
                                                       about=0.1).message


def test_unknown_games_have_no_exercises():
    with pytest.raises(tictac_nb.InvalidOption, match="no exercises"):
        exercises.for_game("chess")


NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def code_cells(name: str) -> list[str]:
    notebook = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


@pytest.mark.parametrize("game", list(exercises.EXERCISES))
def test_each_game_notebook_asks_its_exercises_prints_its_box_and_seats_two_humans(game):
    code = code_cells(game)
    assert any(f'exercises.for_game("{game}")' in cell for cell in code)
    assert sum(".check(None)" in cell for cell in code) == len(exercises.for_game(game))
    assert any(f'print_and_play("{game}"' in cell for cell in code)
    hot_seat = re.compile(rf'Board\(tictac_nb\.new_game\("{game}", seed=\d+(, players=\d)?\)\)')
    assert any(hot_seat.search(cell) for cell in code) == tictac_nb.GAMES[game].hidden_information


def test_the_design_lab_checks_a_claim():
    assert any("exercises.check_claim(" in cell for cell in code_cells("design-lab"))
