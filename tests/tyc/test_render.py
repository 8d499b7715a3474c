"""The Tyc board: targets and their names, the letter picker, marks, highlights, and play through the widget."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from helpers import SVG, assert_fits_with_11_px_text, contrast
from tyc.tyc_scripts import FULL_BOARD_5, LATER_LINE, ROW_AND_COLUMN, play

import tictac_nb
from tictac_nb import MCTSBot
from tictac_nb.core.svg import PALETTE


def parse(svg_text: str) -> ET.Element:
    return ET.fromstring(svg_text)


def targets(root: ET.Element) -> list[tuple[str, str]]:
    return [(e.get("data-target"), e.get("aria-label")) for e in root.iter() if e.get("data-target")]


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def texts(element: ET.Element) -> list[str]:
    return [e.text for e in element.iter(f"{SVG}text")]


def test_cells_of_the_named_board_are_the_targets_with_accessible_names():
    state = play(["55A"])
    found = targets(parse(state.render_svg(1)))
    assert found == [(f"5{c}", f"board 5 cell {c}, empty: pick a letter for it") for c in (1, 2, 3, 4, 6, 7, 8, 9)]


def test_first_move_offers_every_cell():
    state = tictac_nb.new_game("tyc", seed=0, first_player=0)
    assert len(targets(parse(state.render_svg(0)))) == 81


def test_no_targets_for_onlookers_or_the_player_not_to_move():
    state = play(["55A"])
    assert targets(parse(state.render_svg(None))) == []
    assert targets(parse(state.render_svg(0))) == []


def test_pending_cell_opens_a_picker_of_the_free_letters_first_in_the_document():
    state = play(["55A"])  # Blue on board 5, where Red wrote A
    root = parse(state.render_svg(1, pending="51"))
    found = targets(root)
    picker = [(f"51{x}", f"write {x} in board 5 cell 1") for x in "BCDEFGHI"]
    assert found[:8] == picker, "the picker's letters come first, so keyboard focus lands on them"
    assert "51" not in [t for t, _ in found]
    assert [t for t, _ in found[8:]] == ["52", "53", "54", "56", "57", "58", "59"]
    used = [e for e in root.iter() if e.get("aria-label") == "letter A, already on board 5"]
    assert len(used) == 1 and used[0].get("data-target") is None
    assert "Board 5, cell 1: pick a letter" in texts(root)


def test_a_pending_value_that_is_no_cell_of_a_legal_move_draws_no_picker():
    state = play(["55A"])
    assert parse(state.render_svg(1, pending="11")) is not None
    assert not [t for t, _ in targets(parse(state.render_svg(1, pending="11"))) if len(t) == 3]
    assert not [t for t, _ in targets(parse(state.render_svg(1, pending="5"))) if len(t) == 3]


def test_letters_in_player_colours_with_a_shape_cue():
    state = play(["55A", "51B"])
    root = parse(state.render_svg(None))
    red, blue = with_class(root, "tyc-red"), with_class(root, "tyc-blue")
    assert len(red) == 1 and red[0].tag == f"{SVG}circle" and red[0].get("stroke") == PALETTE["player"][0]
    assert len(blue) == 1 and blue[0].tag == f"{SVG}rect" and blue[0].get("stroke") == PALETTE["player"][1]
    marks = {e.get("aria-label"): e for e in root.iter() if e.get("aria-label", "").startswith("board 5 cell")}
    assert "A" in texts(marks["board 5 cell 5, Red's A"])
    assert "B" in texts(marks["board 5 cell 1, Blue's B"])


def test_the_named_board_is_highlighted_and_a_freed_choice_highlights_every_open_board():
    boards = with_class(parse(play(["55A"]).render_svg(None)), "tyc-playable")
    assert len(boards) == 1
    assert len(with_class(parse(play(FULL_BOARD_5).render_svg(None)), "tyc-playable")) == 8


def test_first_three_in_a_row_struck_in_its_owners_colour():
    root = parse(play(LATER_LINE).render_svg(None))
    strokes = with_class(root, "tyc-three")
    assert len(strokes) == 1 and strokes[0].get("stroke") == PALETTE["player"][1]
    assert strokes[0].get("stroke-dasharray"), "Blue's line is dashed, a cue besides colour"


def test_lines_that_ended_the_game_are_marked_and_the_scores_shown():
    state = play(ROW_AND_COLUMN)
    root = parse(state.render_svg(None))
    assert len(with_class(root, "tyc-end-line")) == 2
    words = texts(root)
    red, blue = state.outcome.scores
    assert state.outcome.reason in words
    assert {"Three-in-a-row", "Line bonus", "Area majority", "Letter bonus", "Total", str(red), str(blue)} <= set(words)
    assert targets(root) == []


def test_running_scores_beside_the_grid_during_play():
    state = play(FULL_BOARD_5)
    words = texts(parse(state.render_svg(None)))
    assert "92" in words and "-22" in words and "if the game ended now" in words


def test_widget_plays_a_cell_then_a_letter_and_the_bot_answers():
    state = tictac_nb.new_game("tyc", seed=4, first_player=0)
    board = tictac_nb.Board(state, bots={1: MCTSBot(iterations=20, seed=1)})
    board._on_message(board, {"type": "act", "target": "51", "turn": board.turn})
    assert board.pending == "51" and state.history == [] and board.message == ""
    assert 'data-target="51C"' in board.svg and 'data-target="51"' not in board.svg
    board._on_message(board, {"type": "act", "target": "51C", "turn": board.turn})
    assert state.history[0] == "51C" and len(state.history) == 2, "the bot answered on board 1"
    assert state.history[1][0] == "1"
    assert board.pending is None and "cell 1: pick a letter" not in board.svg


def test_widget_says_why_a_refused_letter_is_refused():
    state = play(["55A"])
    board = tictac_nb.Board(state, seat=1)
    board._on_message(board, {"type": "act", "target": "51A", "turn": board.turn})
    assert board.message == "letter A is already on board 5"
    assert state.history == ["55A"]


# ---- sizes, names and colours for a class ------------------------------------------------------------
def positions():
    """The first move, a named board, a picker open, a freed choice, a game over with two ending lines."""
    start = tictac_nb.new_game("tyc", seed=0, first_player=0)
    named = play(["55A"])
    return [(start, 0, None), (named, 1, None), (named, 1, "51"), (play(FULL_BOARD_5), None, None),
            (play(ROW_AND_COLUMN), None, None), (play(LATER_LINE), 0, None)]


@pytest.mark.parametrize("width", [None, 760, 400])
def test_every_text_is_at_least_11_px_and_the_board_fits_its_width(width):
    for state, viewer, pending in positions():
        assert_fits_with_11_px_text(state.render_svg(viewer, pending, width), width)


def test_narrow_boards_put_the_scores_under_the_grid_and_cells_stay_clickable():
    root = parse(play(["55A"]).render_svg(1, width=400))
    heads = {e.text: float(e.get("y")) for e in root.iter(f"{SVG}text")}
    bottom = max(float(e.get("y")) + float(e.get("height")) for e in with_class(root, "tyc-board"))
    assert heads["Scores"] > bottom
    cells = [e for e in root.iter(f"{SVG}rect") if e.get("fill") == PALETTE["target"]]
    assert cells and min(float(e.get("width")) for e in cells) >= 24


def test_every_text_is_readable_on_the_paper_and_the_tints():
    for state, viewer, pending in positions():
        for element in parse(state.render_svg(viewer, pending)).iter(f"{SVG}text"):
            fill = element.get("fill")
            for background in (PALETTE["paper"], "#fbe7e7", "#e3effc"):
                assert contrast(fill, background) >= 4.5, (element.text, fill, background)
            assert element.get("fill-opacity") is None and element.get("opacity") is None


def test_every_cell_is_named_with_what_is_on_it():
    state = play(["55A", "51B"])
    for viewer in (None, 0, 1):
        root = parse(state.render_svg(viewer))
        cells = [e.get("aria-label") for e in root.iter() if re.match(r"board \d cell \d", e.get("aria-label", ""))]
        assert len(cells) == 81
        assert "board 5 cell 5, Red's A" in cells and "board 5 cell 1, Blue's B" in cells
    assert "board 1 cell 2, empty: pick a letter for it" in [label for _, label in targets(parse(state.render_svg(0)))]
    assert "board 1 cell 2, empty" in [e.get("aria-label") for e in parse(state.render_svg(None)).iter()]


def test_the_board_is_described_in_brief_and_shows_its_status_once_in_the_status_line():
    state = play(ROW_AND_COLUMN)
    root = parse(state.render_svg(None, width=400))
    red, blue = state.outcome.scores
    letters = state.view(None)["letters"]
    assert root.get("aria-label") == (f"Tyc. {state.status()}. Marks: Red {sum(letters[0])}, Blue {sum(letters[1])}. "
                                      f"Scores: Red {red}, Blue {blue}.")
    lines = with_class(root, "ttn-status-line")
    assert len(lines) == 1 and " ".join(texts(lines[0])) == state.status()
    assert len(texts(lines[0])) > 1, "the long final title is wrapped, not cut"
