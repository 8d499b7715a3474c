"""The drawing vocabulary every board shares (`tictac_nb.core.svg`): the status line, the colours, the grid,
the finish."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import SVG, contrast, random_game

from tictac_nb.core import svg
from tictac_nb.core.svg import PALETTE

TEXT_COLOURS = ("ink", "muted", "target", "coach")


def status_lines(svg_text: str) -> list[str]:
    """The words of each `ttn-status-line` group, its wrapped lines joined."""
    root = ET.fromstring(svg_text)
    return [" ".join(" ".join(t.itertext()) for t in group.iter(f"{SVG}text"))
            for group in root.iter() if group.get("class") == "ttn-status-line"]


@pytest.mark.parametrize("cut", [0, 7, None])
def test_every_games_board_holds_its_status_in_exactly_one_status_line(game_name, cut):
    """The widget hides the group and shows the status itself: a board with none, or two, shows it wrong."""
    state = random_game(game_name, 3, cut)
    for width in (None, 360):
        assert status_lines(state.render_svg(None, None, width)) == [state.status()]
        if state.to_move is not None:
            assert len(status_lines(state.render_svg(state.to_move, None, width))) == 1


@pytest.mark.parametrize("cut", [0, 7, None])
def test_every_games_status_line_lies_in_a_band_at_the_top_or_bottom_that_holds_nothing_else(game_name, cut):
    """A live board cuts off each `data-band` strip (`svg.page_band`) at an edge of the drawing: the status line
    is in one, and no text but the game's title (a play page's heading) is drawn in them outside the bands' own
    groups, so cutting them loses nothing the page does not say itself."""
    state = random_game(game_name, 3, cut)
    for width in (None, 360):
        root = ET.fromstring(state.render_svg(None, None, width))
        _, top, _, height = map(float, root.get("viewBox").split())
        bands = {element: tuple(map(float, element.get("data-band").split()))
                 for element in root.iter() if element.get("data-band")}
        assert any(e.get("class") == "ttn-status-line" for e in bands), "the status line has no band"
        edges = sorted(bands.values())
        reach, end = top, top + height
        for low, high in edges:  # the bands from the top down, then from the bottom up, touch the edges
            if low <= reach:
                reach = max(reach, high)
        for low, high in reversed(edges):
            if high >= end:
                end = min(end, low)
        assert all(high <= reach or low >= end for low, high in edges), f"a band away from the edges: {edges}"
        inside = {id(t) for e in bands for t in e.iter(f"{SVG}text")}
        for text in root.iter(f"{SVG}text"):
            y = float(text.get("y", "nan"))
            if id(text) not in inside and text.text and text.text != state.game.title:
                assert not (y < reach or y > end), f"{text.text!r} at y={y} is cut off with a band"


def test_text_colours_and_every_seats_colour_read_on_the_paper():
    for name in TEXT_COLOURS:
        assert contrast(PALETTE[name], PALETTE["paper"]) >= 4.5, name
    seats = [svg.player_colour(seat) for seat in range(len(PALETTE["player"]))]
    assert len(set(seats)) == len(seats) and all(contrast(c, PALETTE["paper"]) >= 4.5 for c in seats)
    assert svg.player_colour(len(seats)) == seats[0]


def test_no_renderer_or_sheet_hard_codes_a_muted_text_colour_or_a_status_group():
    package = Path(svg.__file__).parent.parent
    drawn = [*package.glob("games/*/render.py"), *package.glob("games/*/sheet.py"), *package.glob("grid/*.py"),
             *package.glob("cards/*.py"), package / "classroom" / "printing.py"]
    assert len(drawn) >= 15 and all(path.is_file() for path in drawn)
    for path in drawn:
        text = path.read_text()
        assert not re.search(r"#5[0-9a-f]60[0-9a-f]{2}", text), path
        assert "ttn-status-line" not in text, f"{path}: use svg.status_line"


def test_grid_lines_draw_any_rows_by_cols():
    d = svg.canvas(200, 120, "grid")
    lines = [(e["x1"], e["y1"], e["x2"], e["y2"]) for e in svg.grid_lines(d, 0, 0, 40, rows=3, cols=5).elements]
    assert sorted(lines) == sorted([(40 * i, 0, 40 * i, 120) for i in range(1, 5)]
                                   + [(0, 40 * i, 200, 40 * i) for i in range(1, 3)])


def test_fit_sizes_the_drawing_and_its_paper_to_the_content():
    d = svg.canvas(300, 100, "board")
    root = ET.fromstring(svg.fit(d, svg.paper(d, 300), 240.5))
    assert root.get("height") == "240.5px" and root.get("viewBox") == "0 0 300 240.5"
    assert root.find(f"{SVG}rect").get("height") == "240.5"
