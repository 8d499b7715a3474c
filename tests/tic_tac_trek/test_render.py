"""Tic Tac Trek's board: the growing map, click targets with their names, campfires, the end count, the widget."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from helpers import SVG, assert_fits_with_11_px_text, contrast, play, random_game

import tictac_nb
from tictac_nb import MCTSBot
from tictac_nb.core.svg import PALETTE
from tictac_nb.games.tic_tac_trek.render import CELL, SMALLEST

FOREST = {"mountain": 0, "desert": 0, "grassland": 0, "forest": 16, "lake": 0}


def trek(bag=None, first=0, **options):
    return tictac_nb.new_game("tic-tac-trek", seed=0, first_player=first, bag=bag, **options)


def tree(state, viewer=None):
    return ET.fromstring(state.render_svg(viewer))


def targets(state, viewer) -> dict[str, str]:
    return {el.get("data-target"): el.get("aria-label") for el in tree(state, viewer).iter()
            if el.get("data-target") is not None}


def labelled(state, cls: str) -> list[str]:
    return [el.get("aria-label") for el in tree(state).iter() if el.get("class") == cls]


def map_frame(state):
    frame = next(el for el in tree(state).iter() if el.get("class") == "ttn-trek-map")
    return frame.get("data-cells"), frame.get("data-corner"), float(frame.get("width")), float(frame.get("height"))


def test_legal_cells_are_targets_named_with_their_reason():
    state = trek("FDD")
    assert targets(state, 0) == {cell: f"place the desert tile at {cell} (next to desert)"
                                 for cell in ("1,-1", "2,0", "1,1")}
    assert targets(trek("FLD"), 0)["2,0"] == "place the desert tile at 2,0 (next to lake)"
    assert targets(trek("FDL"), 0)["-1,0"] == "place the lake tile at -1,0 (a lake may go next to any tile)"
    assert targets(trek("FDG"), 0)["0,1"] == (
        "place the grassland tile at 0,1 (no cell matches grassland, so next to any tile)")
    both = play(trek("FLFF"), "0,1")  # 1,1 now touches the lake at 1,0 and the forest at 0,1
    assert targets(both, 1)["1,1"] == "place the forest tile at 1,1 (next to forest and lake)"


def test_only_the_mover_gets_targets():
    state = trek("FDD")
    assert targets(state, None) == {} and targets(state, 1) == {}
    assert set(targets(state, 0)) == set(state.legal_actions())


def test_the_map_fits_the_tiles_plus_one_cell_and_recentres():
    state = trek(mix=FOREST)
    assert map_frame(state) == ("4x3", "-1,-1", 4 * CELL, 3 * CELL)
    play(state, "-1,0")
    assert map_frame(state) == ("5x3", "-2,-1", 5 * CELL, 3 * CELL)
    play(state, "1,1")
    assert map_frame(state) == ("5x4", "-2,-1", 5 * CELL, 4 * CELL)
    svg_width = float(tree(state).get("width").removesuffix("px"))
    assert svg_width > 5 * CELL


def test_every_tile_is_drawn_with_terrain_symbol_and_place():
    state = play(trek("MLGDF"), "2,0", "1,1")
    assert labelled(state, "ttn-trek-tile") == [
        "mountain tile at 0,0 showing X", "lake tile at 1,0 showing O", "grassland tile at 2,0 showing X",
        "desert tile at 1,1 showing O",
        "forest tile showing X",  # the tile drawn this turn, in the side panel
    ]


def test_campfires_and_their_points_at_the_end():
    mix = {"mountain": 0, "desert": 0, "grassland": 0, "forest": 5, "lake": 0}
    state = play(trek(mix=mix), "-1,0", "1,1")
    assert "with X's campfire" not in state.render_svg()
    play(state, "-2,0")
    assert "forest tile at -2,0 showing X, with X's campfire" in labelled(state, "ttn-trek-tile")
    assert labelled(state, "ttn-trek-points") == ["X's campfire at -2,0 scores 7"]
    assert "+7" in state.render_svg()
    assert "Top Trekker" in state.render_svg()


def test_no_points_badges_before_the_end():
    state = play(trek(mix=FOREST), "-1,0", "1,1", "-2,0")
    assert labelled(state, "ttn-trek-points") == []


def test_campfire_decision_targets():
    state = play(trek(mix=FOREST, campfires=1), "-1,0", "2,0", "-2,0", "3,0", "-1,1", "2,1", "-1,2")
    assert targets(state, 0) == {"fire -2,0": "move the campfire at -2,0 to -1,2",
                                 "keep": "Keep campfires, keep every campfire where it stands"}  # its words first


def test_side_panel_shows_the_drawn_tile_and_the_bag_by_terrain():
    text = trek("FDG").render_svg()
    assert "Drawn by X" in text and "In the bag: 23" in text
    words = [el.text for el in tree(trek("FDG")).iter() if el.text]
    i = words.index("desert")
    assert words[i + 1] == "5"  # one desert on the map, six in the box


def test_the_board_widget_places_a_tile_on_click_and_the_bot_answers():
    state = trek("FDDF")
    board = tictac_nb.Board(state, bots={1: MCTSBot(iterations=20, seed=1)})
    assert 'data-target="2,0"' in board.svg
    board._on_message(board, {"type": "act", "target": "2,0", "turn": board.turn})
    assert board.message == ""
    assert state.history[0] == "2,0" and len(state.history) == 2  # the bot placed O's forest
    assert "desert tile at 2,0 showing X" in board.svg
    board._on_message(board, {"type": "act", "target": "9,9", "turn": board.turn})
    assert board.message == "9,9 is not next to any tile (tiles go on a cell beside a placed tile)"


def test_the_widget_shows_nothing_of_the_bag_order():
    state = tictac_nb.new_game("tic-tac-trek", seed=4)
    rng = random.Random(4)
    for _ in range(6):
        state.play(rng.choice(state.legal_actions()))
    twin = state.determinize(None, random.Random(1))
    assert twin.bag != state.bag
    one, two = tictac_nb.Board(state), tictac_nb.Board(twin)
    for trait in ("svg", "status", "message", "turn", "cover", "can_undo"):
        assert getattr(one, trait) == getattr(two, trait)


# ---- sizes, names and colours for a class ------------------------------------------------------------
def positions():
    """The start, a mid game, the campfire decision, two finished games (one with a wide map)."""
    moving = ["-1,0", "2,0", "-2,0", "3,0", "-1,1", "2,1", "-1,2"]
    return [(trek("FDD"), 0), (random_game("tic-tac-trek", 2, stop_after=12), None),
            (play(trek(mix=FOREST, campfires=1), *moving), 0), (random_game("tic-tac-trek", 3), None),
            (lakes_in_a_row(10), None)]


def lakes_in_a_row(n: int):
    """A finished game whose n tiles lie in one row: a map n + 2 cells wide."""
    state = trek(mix={"mountain": 0, "desert": 0, "grassland": 0, "forest": 0, "lake": n})
    return play(state, *(f"{x},0" for x in range(2, n)))


@pytest.mark.parametrize("width", [None, 760, 400])
def test_every_text_is_at_least_11_px_and_the_board_fits_its_width(width):
    for state, viewer in positions():
        assert_fits_with_11_px_text(state.render_svg(viewer, width=width), width)


def test_a_long_map_shrinks_its_cells_and_narrow_boards_put_the_panel_under_the_map():
    def frame(state, width):
        return next(el for el in ET.fromstring(state.render_svg(None, width=width)).iter()
                    if el.get("class") == "ttn-trek-map")
    assert frame(lakes_in_a_row(10), 400).get("data-cells") == "12x3"
    assert SMALLEST <= float(frame(lakes_in_a_row(10), 400).get("width")) / 12 < CELL
    too_long = frame(lakes_in_a_row(14), 400)  # 16 cells cannot fit 400 px: the smallest cells that keep targets
    assert too_long.get("data-cells") == "16x3" and float(too_long.get("width")) == 16 * SMALLEST
    root = ET.fromstring(trek("FDD").render_svg(0, width=400))
    heads = {e.text: float(e.get("y")) for e in root.iter(f"{SVG}text")}
    map_frame = next(el for el in root.iter() if el.get("class") == "ttn-trek-map")
    assert heads["Drawn by X"] > float(map_frame.get("y")) + float(map_frame.get("height"))


def test_every_text_is_readable_on_the_paper():
    for state, viewer in positions():
        for element in ET.fromstring(state.render_svg(viewer)).iter(f"{SVG}text"):
            assert contrast(element.get("fill"), PALETTE["paper"]) >= 4.5, (element.text, element.get("fill"))
            assert element.get("fill-opacity") is None and element.get("opacity") is None


def test_rulers_give_the_x_of_each_column_and_the_y_of_each_row():
    words = [el.text for el in tree(trek("FDD")).iter(f"{SVG}text")]
    assert ["-1", "0", "1", "2"] == words[2:6] and ["-1", "0", "1"] == words[6:9]


def test_the_board_is_described_in_brief_and_shows_its_status_once_in_the_status_line():
    state = trek("FDD")
    root = tree(state)
    assert root.get("aria-label") == (
        "Tic Tac Trek. X to place a desert tile (23 tiles left in the bag). 2 tiles on the map. "
        "Campfires: X 0 on the map, 0 points; O 0 on the map, 0 points. In the bag: 23.")
    lines = [e for e in root.iter() if e.get("class") == "ttn-status-line"]
    assert len(lines) == 1 and " ".join(e.text for e in lines[0].iter(f"{SVG}text")) == state.status()
