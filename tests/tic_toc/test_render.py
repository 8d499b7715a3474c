"""The TIC TOC board: every legal action can be clicked, targets are named, layouts for 2 to 4 players."""

from __future__ import annotations

import importlib
import random
import re
import xml.etree.ElementTree as ET

import pytest
from helpers import play

import tictac_nb
from tictac_nb.games.tic_toc.bots import TicTocBot

SVG = "{http://www.w3.org/2000/svg}"
board = importlib.import_module("tictac_nb.games.tic_toc.render")



def targets(svg_text: str) -> dict[str, str]:
    """Each target's accessible name (the first one drawn, where a target appears twice)."""
    return {target: labels[0] for target, labels in all_targets(svg_text).items()}


def all_targets(svg_text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for node in ET.fromstring(svg_text).iter():
        if "data-target" in node.attrib:
            found.setdefault(node.attrib["data-target"], []).append(node.attrib.get("aria-label", ""))
    return found


def positions(players: int, count: int = 12):
    for seed in range(count):
        state = tictac_nb.new_game("tic-toc", seed=seed, players=players)
        bots = [TicTocBot(q) for q in range(players)]
        rng = random.Random(seed)
        for _ in range(rng.randrange(60)):
            if state.outcome is not None:
                break
            state.play(bots[state.to_move].choose(state) if rng.random() < 0.7 else rng.choice(state.legal_actions()))
        if state.outcome is None:
            yield state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_can_be_clicked_directly_or_in_two_steps(players):
    for state in positions(players):
        legal = set(state.legal_actions())
        first = targets(state.render_svg(state.to_move))
        assert all(all(labels) for labels in all_targets(state.render_svg(state.to_move)).values())
        reached = set()
        for target in first:
            if target in legal:
                reached.add(target)
                continue
            assert any(a.startswith(target + " ") for a in legal), target
            second = targets(state.render_svg(state.to_move, pending=target))
            assert second and set(second) <= {a for a in legal if a.startswith(target + " ")}
            reached |= set(second)
        assert reached == legal


@pytest.mark.parametrize("players", [2, 4])
def test_only_the_player_to_move_gets_targets(players):
    for state in positions(players, 4):
        for viewer in (None, *range(players)):
            if viewer != state.to_move:
                assert targets(state.render_svg(viewer)) == {}


def test_tinker_bell_shows_the_whole_discard_pile_to_choose_from(deal):
    state = deal([["Tink", "Hook", "Smee"], ["Pirate"] * 3], draws=("Boy", "Boy"))
    play(state, "discard Hook", "discard Smee", "discard Boy")
    svg = state.render_svg(0)
    assert all_targets(svg)["tink"] == ["discard pile: take a card from it with Tinker Bell",
                                        "your Tinker Bell: choose its target"]
    opened = state.render_svg(0, pending="tink")
    assert targets(opened) == {
        "tink Hook": "take Captain Hook from the discard pile (1 there)",
        "tink Smee": "take Mr. Smee from the discard pile (1 there)",
        "tink Boy": "take Lost Boy from the discard pile (1 there)",
    }
    assert "The discard pile (3 cards): take one with Tinker Bell" in opened
    assert "Tinker Bell: choose a card of the discard pile to take into your hand" in opened


def test_a_crocodile_click_asks_for_the_player_to_attack(deal):
    state = deal([["Croc", "Boy", "Boy"], ["Pirate", "Hook", "Boy"], ["Pirate", "Boy", "Boy"]],
                 draws=("Boy", "Boy", "Pirate", "Boy", "Boy", "Boy"))
    play(state, "discard Boy", "discard Boy", "end", "play Hook", "play Pirate", "play Pirate", "discard Boy",
         "discard Boy", "end", "play Pirate", "discard Boy", "discard Boy", "end")
    first = targets(state.render_svg(0))
    assert first["croc"] == "your Crocodile: choose its target"
    second = targets(state.render_svg(0, pending="croc"))
    assert second == {
        "croc @2": "Player 2's table, Pirates: Captain Hook, crew 2 of 6: attack it with Crocodile",
        "croc @3": "Player 3's table, Pirates: no leader, crew 1 of 6: attack it with Crocodile",
    }


def test_a_card_with_one_target_is_played_in_one_click(deal):
    state = deal([["Treasure", "Boy", "Boy"], ["Pirate"] * 3], market=("Hook", "Hook", "Hook", "Hook"),
                 draws=("Boy", "Boy"))
    found = targets(state.render_svg(0))
    assert found["treasure Hook"] in ("your Pirate Treasure: take Captain Hook from the market",
                                      "market card Captain Hook: take it with Pirate Treasure")
    assert found["play Boy"] == "your Lost Boy: play it on your table"
    assert found["discard Treasure"] == "discard your Pirate Treasure"
    assert "end" not in found


def test_the_prompt_says_what_the_player_may_do_now(deal):
    state = deal([["Boy", "Boy", "Pirate"], ["Pirate"] * 3], draws=("Pan", "Boy"))
    svg = state.render_svg(0)
    assert "Your turn: you drew Peter Pan and Lost Boy. You hold 5 cards: play or discard down to 3" in svg
    play(state, "play Pan", "play Boy")
    assert "Your turn: you drew Peter Pan and Lost Boy. Play, discard, or end your turn." in state.render_svg(0)
    assert targets(state.render_svg(0))["end"] == "end your turn"
    assert "Turn 1: Player 1 drew 2: play, discard, or end the turn" in state.render_svg(1)


@pytest.mark.parametrize("players, viewer, panels", [(2, 0, 1), (3, 1, 2), (4, 2, 3), (4, None, 4), (2, None, 2)])
def test_the_board_lays_out_every_player_count(players, viewer, panels):
    state = tictac_nb.new_game("tic-toc", seed=4, players=players)
    svg = state.render_svg(viewer)
    root = ET.fromstring(svg)
    width = float(root.attrib["width"].removesuffix("px"))
    height = float(root.attrib["height"].removesuffix("px"))
    assert len(re.findall(r">hand: \d+ cards?<", svg)) == panels
    assert ("Your hand" in svg) == (viewer is not None)
    for rect in root.iter(SVG + "rect"):
        x, y = float(rect.attrib["x"]), float(rect.attrib["y"])
        assert 0 <= x and x + float(rect.attrib["width"]) <= width + 0.5
        assert 0 <= y and y + float(rect.attrib["height"]) <= height + 0.5
    for name in state.view(None)["players"]:
        assert name in svg


def test_each_kind_of_card_has_its_own_icon_besides_its_colour():
    import svgwrite

    shapes = {}
    for kind in board.CARD:
        d = svgwrite.Drawing(debug=False)
        text = board.icon(d, kind, 40, 40, 1).tostring()
        shapes[kind] = re.sub(r'(fill|stroke)="[^"]*"', "", text)
    assert len(set(shapes.values())) == len(board.CARD)
    assert len({board.CARD[k][0] for k in board.CARD}) == len(board.CARD)


def test_the_widget_plays_a_two_step_card(deal):
    state = deal([["Croc", "Boy", "Boy"], ["Pirate", "Hook", "Boy"]], draws=("Boy", "Boy", "Pirate", "Boy", "Smee",
                                                                                "Boy"))
    widget = tictac_nb.Board(state, bots={1: TicTocBot(1)})
    widget.act("discard Boy")
    widget.act("discard Boy")
    widget.act("end")  # the bot builds its Pirates and ends its turn
    assert widget.state.to_move == 0 and widget.state.view(0)["tables"][1]["team"] == "Pirates"
    assert all_targets(widget.svg)["croc @2"] == [  # one target: one click, on the table or the card
        "Player 2's table, Pirates: Captain Hook, crew 2 of 6: attack it with Crocodile",
        "your Crocodile: attack Player 2's Pirates"]
    widget._on_message(widget, {"type": "act", "target": "croc", "turn": widget.turn})  # or two steps
    assert widget.pending == "croc" and set(targets(widget.svg)) == {"croc @2"}
    turn = widget.turn
    widget._on_message(widget, {"type": "act", "target": "croc @2", "turn": widget.turn})
    assert widget.turn == turn + 1 and widget.message == ""
    assert widget.state.history[-1] == "croc @2"
