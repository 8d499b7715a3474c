"""The TIC TOC board: every legal action can be clicked, targets are named, layouts for 2 to 4 players."""

from __future__ import annotations

import importlib
import random
import re
import xml.etree.ElementTree as ET

import pytest
from helpers import SVG, assert_fits_with_11_px_text, contrast, play

import tictac_nb
from tictac_nb.games.tic_toc.bots import TicTocBot

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
            assert target in second, "the open first step is no target: a second click cannot close it"
            second.pop(target)
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
    assert all_targets(svg)["tink"] == [state.describe("tink")] * 2  # the discard pile and the card in hand
    opened = state.render_svg(0, pending="tink")
    assert targets(opened) == {
        "tink": "your Tinker Bell: choose its target",  # the card in hand: a second click closes the choice
        "tink Hook": "play Tinker Bell to take Captain Hook from the discard pile",
        "tink Smee": "play Tinker Bell to take Mr. Smee from the discard pile",
        "tink Boy": "play Tinker Bell to take Lost Boy from the discard pile",
    }
    assert "The discard pile (3 cards): take one with Tinker Bell" in opened
    assert "Play Tinker Bell: choose a card of the discard pile to take into your hand" in opened


def test_a_crocodile_click_asks_for_the_player_to_attack(deal):
    state = deal([["Croc", "Boy", "Boy"], ["Pirate", "Hook", "Boy"], ["Pirate", "Boy", "Boy"]],
                 draws=("Boy", "Boy", "Pirate", "Boy", "Boy", "Boy"))
    play(state, "discard Boy", "discard Boy", "end", "play Hook", "play Pirate", "play Pirate", "discard Boy",
         "discard Boy", "end", "play Pirate", "discard Boy", "discard Boy", "end")
    first = targets(state.render_svg(0))
    assert first["croc"] == state.describe("croc")
    opened = state.render_svg(0, pending="croc")
    assert targets(opened) == {
        "croc": "your Crocodile: choose its target",
        "croc @2": "play a Crocodile against Player 2's Pirates",
        "croc @3": "play a Crocodile against Player 3's Pirates",
    }
    assert 'aria-label="Player 2\'s table: Pirates: Captain Hook, 2 crew, 6 win with a leader"' in opened
    assert 'aria-label="Player 3\'s table: Pirates: no leader, 1 crew, 6 win with a leader"' in opened
    words = [node.text for node in ET.fromstring(opened).iter() if node.tag == f"{SVG}text"]
    assert "2 crew, 6 win with a leader" in words and not any(re.search(r"\d/\d", w or "") for w in words)


def test_a_card_with_one_target_is_played_in_one_click(deal):
    state = deal([["Treasure", "Boy", "Boy"], ["Pirate"] * 3], market=("Hook", "Hook", "Hook", "Hook"),
                 draws=("Boy", "Boy"))
    found = targets(state.render_svg(0))
    assert found["treasure Hook"] == "play Pirate Treasure to take Captain Hook from the market"
    assert found["play Boy"] == "play Lost Boy on your table"
    assert found["discard Treasure"] == "discard Pirate Treasure from your hand"
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
        "play a Crocodile against Player 2's Pirates"] * 2
    widget._on_message(widget, {"type": "act", "target": "croc", "turn": widget.turn})  # or two steps
    assert widget.pending == "croc" and set(targets(widget.svg)) == {"croc @2"}
    turn = widget.turn
    widget._on_message(widget, {"type": "act", "target": "croc @2", "turn": widget.turn})
    assert widget.turn == turn + 1 and widget.message == ""
    assert widget.state.history[-1] == "croc @2"


@pytest.mark.parametrize("width", [None, 760, 400, 320])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_is_drawn_at_the_width_it_is_shown_with_no_text_under_11_px(players, width):
    for state in positions(players, 3):
        for viewer in (None, state.to_move):
            assert_fits_with_11_px_text(state.render_svg(viewer, width=width), width)


def test_texts_on_the_paper_and_on_cards_are_readable():
    """Every text colour has 4.5:1 contrast on the paper and on white (cards' names on their own face)."""
    for state in positions(4, 3):
        root = ET.fromstring(state.render_svg(state.to_move))
        for text in root.iter(SVG + "text"):
            fill = text.attrib["fill"]
            if fill != "white":  # white words sit on dark badges
                assert contrast(fill, "#fffdf7") >= 4.5 and contrast(fill, "#ffffff") >= 4.5, fill
    for face, ink, _ in board.CARD.values():
        assert contrast(ink, face) >= 4.5, (ink, face)


def test_cards_tables_and_hands_have_names_and_the_board_a_description(deal):
    state = deal([["Croc", "Boy", "Tink"], ["Pirate", "Pirate", "Hook"]], draws=("Pan", "Smee"))
    play(state, "play Boy")
    svg = state.render_svg(0)
    root = ET.fromstring(svg)
    assert root.find(SVG + "desc").text.startswith("TIC TOC, turn 1. Player 1: 4 cards in hand; table: Lost Boys")
    for node in root.iter():
        if "ttn-card" in node.attrib.get("class", "") and node.attrib.get("aria-hidden") != "true":
            assert node.attrib.get("aria-label"), node.attrib
    names = [node.attrib.get("aria-label") for node in root.iter()]
    assert "your table: Lost Boys: no leader, 1 crew, 6 win with a leader" in names
    assert "Player 2: 3 cards in hand" in names and "your Crocodile" in names
    assert "draw pile: 52 cards, face down" in names
    assert not any(name and re.search(r"\((\w+)\)$", name) for name in names)


def test_the_status_line_is_marked_for_the_widget_to_hide():
    state = tictac_nb.new_game("tic-toc", seed=2, players=3)
    root = ET.fromstring(state.render_svg(None))
    line = next(node for node in root.iter() if node.attrib.get("class") == "ttn-status-line")
    assert " ".join(t.text for t in line.iter(SVG + "text")) == state.status()


LETTER_EM, BOLD_EM = 0.60, 0.70  # a letter's width in system-ui at normal weight and bold (K.O.'s measure)
WIDTHS = sorted({120, 20_000, *range(300, 761, 20), 479, 480, 481, 619, 620})  # clamped to the 300-760 drawn


def text_box(node, scale: float = 1.0) -> tuple[float, float, float, float]:
    """A text's box (left, top, right, baseline), its width estimated from its letters and font size."""
    size = float(node.get("font-size")) * scale
    width = len(node.text) * size * (BOLD_EM if node.get("font-weight") == "bold" else LETTER_EM)
    x, y = float(node.get("x")), float(node.get("y"))
    left = x - {"end": width, "middle": width / 2}.get(node.get("text-anchor", "start"), 0)
    return left, y - size, left + width, y


def panel_overflows(svg_text: str) -> list[tuple[str, str]]:
    """Each text of a player's panel (a group framed by a rect with rx 10) that crosses its border, and in
    the viewer's own panel each table text that reaches into the hand beside it."""
    found = []
    for group in ET.fromstring(svg_text).iter(SVG + "g"):
        border = group.find(SVG + "rect")
        if border is None or border.get("rx") != "10":
            continue
        x, y = float(border.get("x")), float(border.get("y"))
        right, bottom = x + float(border.get("width")), y + float(border.get("height"))
        texts = [node for node in group.iter(SVG + "text") if node.text]
        for node in texts:
            left, top, end, base = text_box(node)
            if left < x + 4 or end > right - 4 or top < y or base > bottom - 2:
                found.append((node.text, "crosses its panel's border"))
        hand = next((node for node in texts if node.text.startswith("Your hand")), None)
        if hand is None:
            continue
        hand_x, hand_y = float(hand.get("x")), float(hand.get("y"))
        for table in group.iter(SVG + "g"):
            if "table:" in table.get("aria-label", ""):
                for node in table.iter(SVG + "text"):
                    left, top, end, base = text_box(node)
                    if hand_x > left and end > hand_x - 4 and base > hand_y - 16:
                        found.append((node.text, "reaches into the hand beside it"))
    return found


def crowded(view: dict) -> dict:
    """`view` with every table at its widest words (a two-digit crew) and every hand shown with known cards."""
    view = {**view, "tables": [{"team": "Pirates", "leader": False, "crew": 12} for _ in view["tables"]]}
    view["known"] = [["Croc", "Tink"] for _ in view["known"]]
    view["hand_sizes"] = [max(size, 5) for size in view["hand_sizes"]]
    return view


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_text_of_a_panel_fits_its_panel_at_every_width(players):
    """Measured, not looked at: each panel text's width estimated from its font size and letters (as the
    K.O. card names are) lies inside its panel, for every viewer and width the board is drawn at."""
    checked = 0
    for state in positions(players, 3):
        for viewer in (None, *range(players)):
            targets = state.targets() if viewer == state.to_move else []
            view = state.view(viewer)
            for width in WIDTHS:
                for shown in (view, crowded(view)):
                    svg_text = board.render(shown, targets, None, width)
                    assert panel_overflows(svg_text) == [], (players, viewer, width)
                    checked += 1
    assert checked > 0 and panel_overflows(board.render(crowded(view), [], None, 760)) == []
    wide = "Player 1 has a far too long name for any panel at all"  # the check finds a text that crosses
    assert panel_overflows(board.render({**view, "players": [wide] * players}, [], None, 300))
