"""The grid family: its options, its hooks, its notation, its board and its print sheet."""

from __future__ import annotations

import random
import re

import pytest
from helpers import assert_fits_with_11_px_text, play, refused

import tictac_nb
from tictac_nb import InvalidOption, MCTSBot
from tictac_nb.classroom import printing
from tictac_nb.grid import GridState, grid_game
from tictac_nb.grid.rules import EMPTY

TTT = grid_game("tic-tac-toe", "Tic-tac-toe")


def new(**options) -> GridState:
    return TTT.new_game(0, **options)


def test_a_row_a_column_and_a_diagonal_win_and_a_full_grid_draws():
    assert play(new(), "a1", "a2", "b1", "b2", "c1").outcome.winners == (0,)
    assert play(new(), "a1", "b1", "a2", "b2", "c3", "b3").outcome.winners == (1,)
    won = play(new(), "a1", "a2", "b2", "a3", "c3")
    assert won.outcome.winners == (0,) and won.view(None)["line"] == ["a1", "b2", "c3"]
    assert play(new(), "c1", "a1", "b2", "c3", "a3").view(None)["line"] == ["c1", "b2", "a3"]
    drawn = play(new(), "a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3")
    assert drawn.outcome.winners == () and drawn.outcome.reason == "The grid is full: a draw"
    assert drawn.to_move is None and drawn.legal_actions() == ()


def test_misere_makes_the_line_lose_and_in_a_game_of_three_every_other_player_wins():
    assert play(new(misere=True), "a1", "a2", "b1", "b2", "c1").outcome.winners == (1,)
    three = new(misere=True, players=3, rows=4, cols=4)
    play(three, "a1", "a2", "a3", "b1", "b2", "b3", "c1")
    assert three.outcome.winners == (1, 2) and "loses" in three.outcome.reason


def test_gravity_opens_the_bottom_row_then_the_square_above_each_mark():
    state = new(rows=4, cols=3, gravity=True)
    assert state.legal_actions() == ("a4", "b4", "c4")
    play(state, "b4", "b3")
    assert state.legal_actions() == ("b2", "a4", "c4")  # row by row, as the squares are numbered
    assert "needs something under it" in refused(state, "a1")


def test_blocked_squares_take_no_mark_hold_up_gravity_and_make_no_line():
    state = new(blocked=["B2"], gravity=True)
    assert state.legal_actions() == ("b1", "a3", "b3", "c3")  # b1 rests on the blocked b2
    assert refused(state, "b2") == "square b2 is blocked"
    play(state, "a3", "c3", "a2", "c2", "a1")
    assert state.outcome.winners == (0,)
    diagonal = new(blocked=["b2"])
    play(diagonal, "a1", "a2", "c3", "b1", "c1", "c2")  # a1, c3 and the blocked b2 make no line
    assert diagonal.outcome is None


def test_marks_per_turn_gives_one_mark_on_the_very_first_turn_then_two():
    state = new(rows=4, cols=4, marks_per_turn=2)
    movers = []
    for action in ("a1", "b1", "c1", "d1", "a2"):
        movers.append(state.to_move)
        state.play(action)
    assert movers == [0, 1, 1, 0, 0] and state.to_move == 1
    assert state.status() == "O to move: 2 marks to place"


def test_more_players_take_turns_in_seat_order_with_their_own_marks():
    state = play(new(players=4, rows=4, cols=4), "a1", "b1", "c1", "d1")
    assert state.view(None)["cells"][:4] == ["X", "O", "T", "S"] and state.to_move == 0
    assert state.view(None)["players"] == ["X", "O", "Triangle", "Square"]


@pytest.mark.parametrize("options, words", [
    ({"k": 4}, "option 'k' must be at most the longer side of a 3 by 3 grid"),
    ({"blocked": ["d1"]}, "option 'blocked' names 'd1', which is off the 3 by 3 grid"),
    ({"blocked": "b2"}, "option 'blocked' must be a list of square names"),
    ({"blocked": ["2b"]}, "option 'blocked' must name squares as a column letter and a row number"),
    ({"rows": 11}, "option 'rows' must be a whole number from 2 to 10"),
    ({"players": 5}, "option 'players' must be a whole number from 2 to 4"),
])
def test_bad_options_are_refused_naming_the_option(options, words):
    with pytest.raises(InvalidOption, match=re.escape(words)):
        new(**options)


def test_a_game_whose_defaults_do_not_fit_is_refused_when_made():
    with pytest.raises(InvalidOption, match="option 'k'"):
        grid_game("too-long", "Too long", k=5)
    with pytest.raises(TypeError, match="GridState or a subclass of it"):
        grid_game("odd", "Odd", state_class=dict)


@pytest.mark.parametrize("action, words", [
    ("b2", "square b2 is taken by X"),
    ("z9", "'z9' is no square of the 3 by 3 grid: name one by column letter and row number, a1 to c3"),
    ("A1", "write square names in small letters: 'a1'"),
    ("a1 O", "write the square alone: 'a1'"),
    ("", "'' is no square of the 3 by 3 grid"),
])
def test_refusals_name_the_rule(action, words):
    assert refused(play(new(), "b2"), action).startswith(words)


def test_notation_reads_column_then_row_from_the_top_left_and_words_each_square():
    state = new(rows=3, cols=4)
    assert state.legal_actions()[:5] == ("a1", "b1", "c1", "d1", "a2")
    assert state.describe("d2") == "square d2: place an X"
    play(state, "d2")
    assert state.board[7] != EMPTY and state.view(0)["last"] == "d2"


class Wild(GridState):
    """Wild marks: place an X or an O, whoever you are."""

    def marks_for(self, player):
        return (1, 2)


class NextToAMark(GridState):
    """After the first mark, a mark goes next to one already on the grid."""

    def may_place(self, cell):
        return not any(self.board) or any(self.board[n] for n in self.neighbours(cell))


class Corners(GridState):
    """Holding the four corners also wins."""

    def wins(self, cell, mark):
        corners = [0, self.cols - 1, len(self.board) - self.cols, len(self.board) - 1]
        return super().wins(cell, mark) or all(self.board[c] == mark for c in corners)


class Flip(GridState):
    """A mark turns the opponent's marks next to it into your own."""

    def after_place(self, cell, mark):
        for n in self.neighbours(cell):
            if self.board[n] not in (0, 255, mark):
                self.put(n, mark)


def test_wild_marks_name_the_mark_and_a_line_of_either_counts_for_whoever_completes_it():
    state = grid_game("wild", "Wild", state_class=Wild).new_game(0)
    assert state.legal_actions()[:2] == ("a1 X", "a1 O") and "say which mark" in refused(state, "a1")
    play(state, "a1 O", "b1 O", "c1 O")
    assert state.outcome.winners == (0,)   # X completed a line of O


def test_a_placement_rule_an_end_rule_and_an_after_place_rule_each_need_one_method():
    near = grid_game("near", "Near", rows=4, cols=4, state_class=NextToAMark).new_game(0)
    play(near, "a1")
    assert near.legal_actions() == ("b1", "a2", "b2") and "not open to O" in refused(near, "d4")
    corners = grid_game("corners", "Corners", rows=4, cols=4, k=4, state_class=Corners).new_game(0)
    play(corners, "a1", "b2", "d1", "c2", "a4", "b3", "d4")
    assert corners.outcome.winners == (0,)
    flip = grid_game("flip", "Flip", rows=3, cols=4, k=4, state_class=Flip).new_game(0)
    play(flip, "b2", "c2")
    assert flip.view(None)["cells"][5:7] == ["O", "O"] and flip.bits[2] == 1 << 5 | 1 << 6 and flip.bits[1] == 0


class SameRules(GridState):
    """Every hook overridden with the family's own rule: the general path, to be compared with the fast one."""

    def may_place(self, cell):
        return super().may_place(cell)

    def after_place(self, cell, mark):
        super().after_place(cell, mark)


@pytest.mark.parametrize("options", [{}, {"rows": 5, "cols": 4, "gravity": True, "blocked": ["b3"]},
                                     {"rows": 4, "cols": 4, "players": 3, "marks_per_turn": 2, "misere": True}])
def test_the_fast_path_plays_exactly_as_the_hooks_say(options):
    assert TTT.state_class.fast and not SameRules.fast
    slow = grid_game("slow", "Slow", state_class=SameRules)
    for seed in range(30):
        fast_state, slow_state = TTT.new_game(seed, **options), slow.new_game(seed, **options)
        rng = random.Random(seed)
        while fast_state.outcome is None:
            assert fast_state.legal_actions() == slow_state.legal_actions()
            action = rng.choice(fast_state.legal_actions())
            fast_state.play(action)
            slow_state.play(action)
        assert slow_state.outcome == fast_state.outcome and slow_state.key() == fast_state.key()


def test_the_default_bot_takes_a_win_and_blocks_a_loss():
    bot = TTT.default_bot(seed=1)
    assert isinstance(bot, MCTSBot)
    assert bot.choose(play(new(), "a1", "a2", "b1", "b2")) == "c1"
    assert bot.choose(play(new(), "a1", "b2", "b1")) == "c1"
    big = grid_game("big", "Big", rows=10, cols=10, k=5).default_bot(seed=1)
    assert big.iterations < bot.iterations  # a larger grid, fewer iterations: the same time a move


@pytest.mark.parametrize("options", [{}, {"rows": 10, "cols": 10, "k": 5, "blocked": ["e5"]},
                                     {"rows": 6, "cols": 7, "k": 4, "gravity": True, "players": 4}])
@pytest.mark.parametrize("width", [None, 360])
def test_the_board_fits_its_room_with_readable_text_and_a_target_per_open_square(options, width):
    state = new(**options)
    play(state, *state.legal_actions()[:3])
    svg = state.render_svg(state.to_move, None, width)
    assert_fits_with_11_px_text(svg, width)
    assert sorted(re.findall(r'data-target="([^"]+)"', svg)) == sorted(state.legal_actions())
    assert svg.count('class="ttn-status-line"') == 1


def test_a_choice_of_marks_splits_a_square_into_one_target_per_mark():
    state = grid_game("wild", "Wild", state_class=Wild).new_game(0)
    svg = state.render_svg(0, None, 360)
    assert 'data-target="a1 X"' in svg and 'data-target="a1 O"' in svg
    assert 'aria-label="square a1: place an O"' in svg


def test_the_rules_text_and_the_print_sheet_follow_the_options_and_a_variants_docstring(tmp_path):
    game = tictac_nb.register(grid_game("drop-three", "Drop three", rows=4, cols=5, gravity=True,
                                        blocked=["c4"], state_class=NextToAMark))
    try:
        players = printing.players_rules(game)
        assert any("Marks fall" in rule for rule in players)
        assert any("Blocked squares (c4)" in rule for rule in players)
        assert "House rule: After the first mark, a mark goes next to one already on the grid." in players
        page = tictac_nb.print_and_play("drop-three", tmp_path / "drop.html").read_text()
        assert "Marks fall" in page and "The grid" in page
        assert re.search(r'viewBox="0 0 \d+(\.\d+)? \d+', page)
    finally:
        tictac_nb.unregister("drop-three")


def test_a_tournament_of_students_bots_plays_a_game_whose_rule_a_notebook_defined():
    """A notebook's class lives in `__main__`, which a sandbox worker does not share: its seat copies go by value."""
    from tictac_nb import lab

    notebook_class = type("Wild", (GridState,), {"__module__": "__main__", "__qualname__": "Wild",
                                                 "marks_for": lambda self, player: (1, 2)})
    tictac_nb.register(grid_game("wild-here", "Wild here", state_class=notebook_class))
    try:
        def first(state):
            return state.legal_actions()[0]

        standings = lab.tournament({"first": first, "random": "random"}, "wild-here", 2, seed=1, workers=1,
                                   progress=False)
        assert standings.ratings["forfeits"].sum() == 0 and standings.ratings.loc["first", "games"] == 2
    finally:
        tictac_nb.unregister("wild-here")


def test_the_benchmark_measures_the_workshops_own_variant_cells_and_counts_their_code_lines():
    import importlib.util
    import sys
    from pathlib import Path

    bench = Path(__file__).resolve().parents[1] / "bench"
    sys.path.insert(0, str(bench))
    try:
        spec = importlib.util.spec_from_file_location("bench_grid", bench / "grid.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        before = set(tictac_nb.GAMES)
        variants = dict(module.workshop_variants())
    finally:
        sys.path.remove(str(bench))
        for name in set(tictac_nb.GAMES) - before:
            tictac_nb.unregister(name)
    assert variants["tic-tac-toe"] == variants["misere"] == 1 and variants["wild"] == variants["chase"] == 4
    assert {"gravity", "four-by-four", "no-centre", "my-game", "my-rule"} <= set(variants)
    assert module.code_lines('class A:\n    """Doc,\n    more."""\n\n    # note\n    x = 1\n') == 2
