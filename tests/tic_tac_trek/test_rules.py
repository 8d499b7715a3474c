"""Tic Tac Trek: one test per rule of the rulebook and per ruling, each on a scripted bag."""

from __future__ import annotations

import json
import random

import pytest
from helpers import play, refused

import tictac_nb
from tictac_nb import InvalidOption

FOREST = {"mountain": 0, "desert": 0, "grassland": 0, "forest": 16, "lake": 0}


def trek(bag: str | list | None = None, first: int = 0, **options):
    return tictac_nb.new_game("tic-tac-trek", seed=0, first_player=first, bag=bag, **options)




def tile_at(state, x: int, y: int) -> dict | None:
    return next((t for t in state.view(None)["tiles"] if (t["x"], t["y"]) == (x, y)), None)


# ---- the box and the setup ---------------------------------------------------------------------------
def test_the_box_holds_26_tiles_and_6_campfires_each():
    state = tictac_nb.new_game("tic-tac-trek", seed=5)
    view = state.view(None)
    tiles = sorted(state.order)
    assert len(tiles) == 26
    assert {t: tiles.count(t) for t in "MDGFL"} == {"M": 6, "D": 6, "G": 6, "F": 6, "L": 2}
    assert view["campfires_left"] == {"X": 6, "O": 6} and view["campfires_placed"] == {"X": 0, "O": 0}


def test_setup_places_two_tiles_side_by_side_one_x_one_o():
    state = trek("MGD")
    assert [(t["x"], t["y"], t["terrain"], t["symbol"]) for t in state.view(None)["tiles"]] == [
        (0, 0, "mountain", "X"), (1, 0, "grassland", "O")]
    assert state.view(None)["drawn"] == "desert"
    assert state.view(None)["bag_size"] == 23  # 26 - 2 on the map - 1 in hand


def test_first_player_option_and_seed():
    assert trek(first=0).to_move == 0 and trek(first=1).to_move == 1
    firsts = {tictac_nb.new_game("tic-tac-trek", seed=s).to_move for s in range(20)}
    assert firsts == {0, 1}


def test_each_player_places_12_and_the_second_player_takes_the_final_turn():
    for first in (0, 1):
        state = trek(first=first)
        movers = []
        rng = random.Random(first)
        while state.outcome is None:
            movers.append(state.to_move)
            action = rng.choice(state.legal_actions())
            state.play(action)
        placements = [m for m, a in zip(movers, state.history, strict=True) if a[0] not in "fk"]
        assert placements.count(0) == placements.count(1) == 12
        assert state.final_turn == 1 - first


def test_bag_option_fixes_the_first_tiles_and_the_rest_of_the_mix_follows():
    state = trek("FFLD")
    assert state.order.startswith("FFLD")
    assert sorted(state.order) == sorted("M" * 6 + "D" * 6 + "G" * 6 + "F" * 6 + "LL")
    assert trek(["forest", "lake", "m"]).order.startswith("FLM")
    assert trek("f f l").order.startswith("FFL")


def test_bag_option_refusals():
    with pytest.raises(InvalidOption, match="option 'bag' has 3 lake tiles but option 'mix' puts only 2 in the box"):
        trek("LLL")
    with pytest.raises(InvalidOption, match="option 'bag' has 'Z', which is no terrain"):
        trek("FZ")
    with pytest.raises(InvalidOption, match="option 'bag' must name at least the two setup tiles"):
        trek("F")


def test_mix_option_sets_the_box_and_keeps_unnamed_terrains():
    state = trek(mix={"lake": 6, "desert": 0})
    assert sorted(state.order) == sorted("M" * 6 + "G" * 6 + "F" * 6 + "L" * 6)
    assert state.options["mix"] == {"mountain": 6, "desert": 0, "grassland": 6, "forest": 6, "lake": 6}
    with pytest.raises(InvalidOption, match="option 'mix' gives lake -1 tiles"):
        trek(mix={"lake": -1})
    with pytest.raises(InvalidOption, match="option 'mix' has 'swamp', which is no terrain"):
        trek(mix={"swamp": 2})
    with pytest.raises(InvalidOption, match="option 'mix' has 1 tiles"):
        trek(mix={"mountain": 1, "desert": 0, "grassland": 0, "forest": 0, "lake": 0})


def test_campfires_option():
    assert trek(campfires=2).view(None)["campfires_left"] == {"X": 2, "O": 2}
    with pytest.raises(InvalidOption, match="option 'campfires' must be a whole number from 1 to 12"):
        trek(campfires=0)


def test_options_survive_a_json_record():
    state = play(trek(["forest", "forest", "lake"], mix={"lake": 3}, campfires=4), "0,1")
    record = json.loads(json.dumps(state.record()))
    assert tictac_nb.from_record(record) == state


# ---- placement ----------------------------------------------------------------------------------------
def test_a_tile_goes_next_to_matching_terrain():
    state = trek("FDD")
    assert state.legal_actions() == ("1,-1", "2,0", "1,1")
    assert refused(state, "-1,0") == ("the drawn desert must go next to a desert or a lake tile; "
                                      "-1,0 touches only forest")
    play(state, "2,0")
    assert tile_at(state, 2, 0) == {"x": 2, "y": 0, "terrain": "desert", "symbol": "X", "campfire": None}


def test_one_matching_neighbour_is_enough():
    state = play(trek("FDDF"), "1,1")  # X puts a desert below the desert
    assert "0,1" in state.legal_actions()  # the forest touches the forest above and the desert beside it
    assert refused(state, "2,1") == ("the drawn forest must go next to a forest or a lake tile; "
                                     "2,1 touches only desert")


def test_any_tile_may_go_next_to_a_lake():
    state = trek("FLD")
    assert state.legal_actions() == ("1,-1", "2,0", "1,1")
    assert "0,-1" not in state.legal_actions()
    assert state.describe("2,0") == "place the desert tile at 2,0 (next to lake)"


def test_a_drawn_lake_goes_next_to_any_tile():
    state = trek("FDL")
    assert state.legal_actions() == ("0,-1", "1,-1", "-1,0", "2,0", "0,1", "1,1")
    assert state.describe("-1,0") == "place the lake tile at -1,0 (a lake may go next to any tile)"


def test_with_no_match_anywhere_the_tile_goes_next_to_any_tile():
    state = trek("FDG")
    assert state.view(None)["fallback"] is True
    assert state.legal_actions() == ("0,-1", "1,-1", "-1,0", "2,0", "0,1", "1,1")
    assert state.describe("2,0") == "place the grassland tile at 2,0 (no cell matches grassland, so next to any tile)"
    assert trek("FDF").view(None)["fallback"] is False


def test_a_tile_must_touch_the_map_and_an_empty_cell():
    state = trek("FFF")
    assert refused(state, "5,5") == "5,5 is not next to any tile (tiles go on a cell beside a placed tile)"
    assert refused(state, "2,1") == "2,1 is not next to any tile (tiles go on a cell beside a placed tile)"
    assert "2,1" not in state.legal_actions()  # touching 1,0 only at a corner is not next to it
    assert refused(state, "1,0") == "1,0 is taken by a forest tile"
    assert refused(state, "0,0") == "0,0 is taken by a forest tile"


def test_placement_notation_is_x_comma_y():
    state = trek("FFF")
    assert refused(state, "1, 1") == "write the cell as '1,1'"
    assert refused(state, "(0,1)") == "write the cell as '0,1'"
    assert refused(state, "left") == ("'left' is not a cell; write a placement as x,y, like '1,0' "
                                     "(x to the right, y downwards)")


def test_the_placed_tile_shows_the_movers_symbol():
    state = play(trek("FFFF"), "0,1", "1,1")
    assert tile_at(state, 0, 1)["symbol"] == "X" and tile_at(state, 1, 1)["symbol"] == "O"


# ---- three in a row and campfires ---------------------------------------------------------------------
def test_three_in_a_row_puts_a_campfire_on_the_placed_tile():
    state = play(trek(mix=FOREST), "-1,0", "1,1", "-2,0")
    view = state.view(None)
    assert view["lines"] == [["-2,0", "-1,0", "0,0"]]
    assert tile_at(state, -2, 0)["campfire"] == "X"
    assert view["campfires_left"] == {"X": 5, "O": 6} and view["campfires_placed"] == {"X": 1, "O": 0}
    assert state.to_move == 1  # the campfire is compulsory and automatic: no decision


def test_the_placed_tile_may_be_the_middle_of_the_line():
    state = play(trek(mix=FOREST), "-1,0", "1,1", "-1,1", "1,2", "0,2", "2,0", "0,1")
    assert state.view(None)["lines"] == [["0,0", "0,1", "0,2"]]
    assert tile_at(state, 0, 1)["campfire"] == "X"


def test_diagonal_lines_count():
    state = play(trek(mix=FOREST), "-1,0", "1,-1", "1,1", "2,0", "1,2", "2,1", "-1,1", "3,0", "0,1")
    assert ["-1,0", "0,1", "1,2"] in state.view(None)["lines"]


def test_two_lines_at_once_place_only_one_campfire():
    state = play(trek(mix=FOREST), "-1,0", "1,-1", "1,1", "2,0", "1,2", "2,1", "-1,1", "3,0", "0,1")
    assert state.view(None)["lines"] == [["-1,1", "0,1", "1,1"], ["-1,0", "0,1", "1,2"]]
    assert state.view(None)["campfires_left"]["X"] == 5


def test_a_line_needs_the_movers_symbol_on_all_three_tiles():
    state = play(trek(mix=FOREST), "-1,0", "2,0")  # X X O O in a row
    assert state.view(None)["lines"] == []
    play(state, "3,0")  # X's tile beside O O makes nothing
    assert state.view(None)["lines"] == [] and state.view(None)["campfires_left"] == {"X": 6, "O": 6}


def test_the_opponents_line_is_not_the_movers():
    state = play(trek(mix=FOREST), "-1,0", "2,0", "0,1", "3,0")  # O completes 1,0 2,0 3,0
    assert tile_at(state, 3, 0)["campfire"] == "O"
    assert state.view(None)["campfires_left"] == {"X": 6, "O": 5}


def test_a_campfire_tile_is_blocked_for_new_lines():
    state = play(trek(mix=FOREST), "-1,0", "1,1", "-2,0", "1,2")  # X's campfire at -2,0
    play(state, "-3,0")  # -3,0 -2,0 -1,0 would be a line but -2,0 carries a campfire
    assert state.view(None)["lines"] == []
    assert tile_at(state, -3, 0)["campfire"] is None


def test_no_campfire_without_a_line():
    state = play(trek(mix=FOREST), "0,1", "1,1", "0,-1")  # X X X in a column through the setup tile
    assert state.view(None)["lines"] == [["0,-1", "0,0", "0,1"]]
    state = play(trek(mix=FOREST), "0,1", "1,1", "-1,1")  # X at 0,0 0,1 -1,1: no three in a row
    assert state.view(None)["lines"] == [] and state.view(None)["campfires_left"]["X"] == 6


# ---- moving a campfire --------------------------------------------------------------------------------
MOVING = ["-1,0", "2,0", "-2,0", "3,0", "-1,1", "2,1", "-1,2"]  # one campfire each; X lines up again


def test_with_no_campfire_left_a_line_asks_to_move_one_or_keep():
    state = play(trek(mix=FOREST, campfires=1), *MOVING)
    assert state.to_move == 0 and state.view(None)["phase"] == "campfire"
    assert state.legal_actions() == ("fire -2,0", "keep")
    assert state.view(None)["pending"] == "-1,2"
    assert state.status() == ("X made three in a row with no campfire left: move a campfire to -1,2 "
                              "or keep them where they stand")


def test_fire_moves_the_campfire_onto_the_new_tile_and_frees_the_old_symbol():
    state = play(trek(mix=FOREST, campfires=1), *MOVING, "fire -2,0")
    assert tile_at(state, -1, 2)["campfire"] == "X" and tile_at(state, -2, 0)["campfire"] is None
    assert state.view(None)["campfires_placed"] == {"X": 1, "O": 1}  # moving places no new campfire
    assert state.to_move == 1
    play(state, "3,1", "-3,0")  # -3,0 -2,0 -1,0: the freed -2,0 counts again
    assert state.view(None)["lines"] == [["-3,0", "-2,0", "-1,0"]]
    assert state.legal_actions() == ("fire -1,2", "keep")


def test_keep_leaves_every_campfire_and_the_new_tile_free():
    state = play(trek(mix=FOREST, campfires=1), *MOVING, "keep")
    assert tile_at(state, -2, 0)["campfire"] == "X" and tile_at(state, -1, 2)["campfire"] is None
    assert state.to_move == 1 and state.view(None)["phase"] == "place"


def test_moving_a_campfire_checks_no_line_through_the_tile_it_leaves():
    # X's campfire sits on 0,-1 in the column 0,-1 0,0 0,1 ... after it moves, nothing is looked for there.
    state = play(trek(mix=FOREST, campfires=1), "0,1", "1,1", "0,-1", "2,0", "-1,0", "1,2", "-2,0")
    assert state.legal_actions() == ("fire 0,-1", "keep")
    play(state, "fire 0,-1")
    assert tile_at(state, 0, -1)["campfire"] is None and state.view(None)["campfires_placed"]["X"] == 1


def test_the_campfire_decision_refusals():
    state = play(trek(mix=FOREST, campfires=1), *MOVING)
    assert refused(state, "0,3") == ("X made three in a row at -1,2 with no campfire left: first move a "
                                     "campfire there ('fire x,y') or 'keep'")
    assert refused(state, "fire 3,0") == "the campfire at 3,0 is O's, not X's"
    assert refused(state, "fire 0,0") == "no campfire stands at 0,0"
    assert refused(state, "fire here") == "'fire here' names no cell; write 'fire x,y' for the campfire at x,y"


def test_a_misspelt_campfire_decision_is_refused_with_its_spelling():
    state = play(trek(mix=FOREST, campfires=1), *MOVING)
    assert refused(state, "fire  -2,0") == "write 'fire -2,0', not 'fire  -2,0'"
    assert refused(state, "Fire -2, 0") == "write 'fire -2,0', not 'Fire -2, 0'"
    assert refused(state, "KEEP") == "write 'keep', not 'KEEP'"
    assert refused(state, "fire ２,0") == "'fire ２,0' names no cell; write 'fire x,y' for the campfire at x,y"


def test_fire_and_keep_only_after_a_line_with_no_campfire_left():
    state = trek(mix=FOREST)
    assert refused(state, "keep") == "X still has 6 campfires in supply; campfires move only once all are out"
    state = play(trek(mix=FOREST, campfires=1), "-1,0", "2,0", "-2,0", "3,0")
    assert refused(state, "fire -2,0") == "a campfire may move only onto a tile that has just made three in a row"


# ---- scoring and the end --------------------------------------------------------------------------------
def test_a_campfire_scores_its_empty_neighbours_diagonals_included():
    state = play(trek(mix=FOREST), "-1,0", "1,1", "-2,0")
    # -2,0 has 8 neighbours, of which only -1,0 holds a tile
    assert state.current_scores() == (7.0, 0.0)
    play(state, "-2,1")  # O fills a neighbour below it
    assert state.current_scores() == (6.0, 0.0)
    points = state.view(None)["campfire_points"]
    assert points == [{"cell": "-2,0", "owner": "X", "points": 6,
                       "empty": ["-3,-1", "-2,-1", "-1,-1", "-3,0", "-3,1", "-1,1"]}]


def test_the_game_ends_when_the_bag_is_empty_and_scores_are_final():
    mix = {"mountain": 0, "desert": 0, "grassland": 0, "forest": 5, "lake": 0}
    state = play(trek(mix=mix), "-1,0", "1,1")
    assert state.outcome is None and state.view(None)["bag_size"] == 0 and state.view(None)["drawn"] == "forest"
    play(state, "-2,0")
    assert state.outcome.winners == (0,) and state.outcome.scores == (7.0, 0.0)
    assert state.outcome.reason == "X is Top Trekker, 7 points to 0"
    assert state.to_move is None and state.legal_actions() == ()
    assert refused(state, "-3,0") == "the game is over (X is Top Trekker, 7 points to 0)"


def test_a_tie_on_points_goes_to_the_player_who_placed_more_campfires():
    # X's campfire on 0,1 ends boxed in by 8 tiles: 0 points each, X placed 1 campfire to O's 0.
    mix = {"mountain": 0, "desert": 0, "grassland": 0, "forest": 9, "lake": 0}
    state = play(trek(mix=mix), "-1,0", "-1,1", "1,1", "1,2", "0,2", "-1,2", "0,1")
    assert tile_at(state, 0, 1)["campfire"] == "X"
    assert state.outcome.scores == (0.0, 0.0) and state.final_turn == 0
    assert state.outcome.winners == (0,)
    assert state.outcome.reason == "X wins the tie at 0 points by placing more campfires (1 to 0)"


@pytest.mark.parametrize("first", [0, 1])
def test_a_full_tie_is_lost_by_the_player_who_took_the_final_turn(first):
    mix = {"mountain": 0, "desert": 0, "grassland": 0, "forest": 4, "lake": 0}
    state = play(trek(mix=mix, first=first), "0,1", "1,1")
    last = 1 - first
    assert state.final_turn == last and state.outcome.scores == (0.0, 0.0)
    assert state.outcome.winners == (first,)
    assert state.outcome.reason == (f"{'XO'[first]} wins the tie at 0 points and 0 campfires each: "
                                    f"{'XO'[last]} took the final turn")


def test_current_scores_mid_game_and_status():
    state = trek("FDD")
    assert state.current_scores() == (0.0, 0.0)
    assert state.status() == "X to place a desert tile (23 tiles left in the bag)"


# ---- the bag: public contents, hidden order -----------------------------------------------------------
def test_the_view_shows_the_drawn_tile_and_the_bags_contents_not_its_order():
    state = trek("FDG")
    view = state.view(0)
    assert view["drawn"] == "grassland"
    assert view["bag"] == {"mountain": 6, "desert": 5, "grassland": 5, "forest": 5, "lake": 2}
    text = json.dumps(view)
    assert state.order[3:] not in text and "order" not in view


def test_determinize_reshuffles_only_the_bag_order():
    state = tictac_nb.new_game("tic-tac-trek", seed=3)
    state.play(state.legal_actions()[0])
    orders = set()
    for seed in range(8):
        sample = state.determinize(0, random.Random(seed))
        assert sorted(sample.bag) == sorted(state.bag) and sample.drawn == state.drawn
        assert sample.placed == state.placed and sample.view(1) == state.view(1)
        orders.add(tuple(sample.bag))
    assert len(orders) > 1


def test_determinize_does_not_depend_on_the_real_order():
    one = tictac_nb.new_game("tic-tac-trek", seed=1, first_player=0, bag="FDG")
    two = tictac_nb.new_game("tic-tac-trek", seed=2, first_player=0, bag="FDG")
    assert one.bag != two.bag and one.view(0) == two.view(0)
    assert one.determinize(0, random.Random(7)).bag == two.determinize(0, random.Random(7)).bag
    assert one.determinize(0, random.Random(7)).record() == two.determinize(0, random.Random(7)).record()


def test_a_determinized_copy_holds_no_real_seed_or_order_and_replays_itself():
    state = play(tictac_nb.new_game("tic-tac-trek", seed=4, first_player=1), "1,-1", "0,1")
    sample = state.determinize(None, random.Random(3))
    assert sample.seed != state.seed and sample.order != state.order
    assert sample.record()["setup"] == {"bag": sample.order, "first_player": 1}
    assert sample.options["bag"] == sample.order and sample.order[:5] == state.order[:5]  # 4 placed, 1 drawn
    assert sample.order[:4:-1] == "".join(sample.bag)
    assert tictac_nb.from_record(sample.record()) == sample
    replay = sample.clone()
    assert replay.undo() == "0,1"
    replay.play("0,1")
    assert replay == sample and replay.record() == sample.record()
