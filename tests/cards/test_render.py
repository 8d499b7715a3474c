"""Cards drawn from their rows: the board lays each card out from the table's columns at any width, with click
targets for the mover; the print sheet prints every copy of every card from the same table, with cut lines."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from cards.decks import EVERY_EFFECT, registered

import tictac_nb

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def game():
    with registered("drawn-deck") as made:
        yield made


def texts(svg_text: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg_text).iter(f"{SVG}text")]


def test_a_card_shows_its_title_type_text_own_columns_and_colour(game):
    state = game.new_game(seed=1, first_player=0, order=["Mark", "Eraser", "Top Row", "Mark", "Mark", "Mark", "Dud"])
    svg = state.render_svg(0)
    words = texts(svg)
    assert {"Mark", "Basic", "cost: 1", "Eraser", "Top Row"} <= set(words)
    assert "Place your mark in the" in " ".join(words)  # the Top Row's own text, wrapped
    assert 'fill="#a9c8f0"' in svg and 'fill="#f4a6a6"' in svg  # Mark's blue band and Eraser's red one
    assert re.findall(r'data-target="([^"]+)"', svg) == ["play Mark", "play Top Row", "play Dud"]  # no Eraser


@pytest.mark.parametrize("width", [None, 560, 400, 360, 300])
def test_the_board_fits_any_width_and_keeps_its_text_readable(game, width):
    state = game.new_game(seed=2)
    state.play(state.legal_actions()[0])
    svg = state.render_svg(state.to_move, width=width)
    root = ET.fromstring(svg)
    box = [float(v) for v in root.get("viewBox").split()]
    assert box[2] == (560 if width is None else max(300, width))
    sizes = [float(t.get("font-size")) for t in root.iter(f"{SVG}text")]
    assert min(sizes) * 1.0 >= 11  # drawn at its own width: one unit is one CSS pixel
    for rect in root.iter(f"{SVG}rect"):
        assert float(rect.get("x", 0)) + float(rect.get("width", 0)) <= box[2] + 0.5


def test_the_onlooker_sees_backs_and_counts_and_a_seat_its_own_hand_only(game):
    state = game.new_game(seed=4, first_player=0, order=["Gold", "Gold", "Dud", "Wall", "Wall", "Rush"])
    mine, theirs, nobody = (texts(state.render_svg(v)) for v in (0, 1, None))
    assert "Gold" in mine and "Gold" not in theirs and "Gold" not in nobody
    assert "Wall" in theirs and "Wall" not in mine and "Wall" not in nobody
    assert "X: 4 cards in hand" in nobody and "O: 3 cards in hand" in nobody


def test_print_and_play_prints_every_copy_of_every_card_from_the_table(game, tmp_path):
    path = tictac_nb.print_and_play(game, tmp_path / "deck.html", deck={"Mark": 4})
    text = path.read_text(encoding="utf-8")
    pieces = Counter(re.findall(r'data-section="Cards" data-name="([^"]+)"', text))
    expected = Counter({card["name"]: card["count"] for card in EVERY_EFFECT}) | Counter({"Mark": 4})
    expected["Mark"] = 4
    assert pieces == expected
    assert 'data-section="Board" data-name="The grid"' in text
    assert "dashed" in text  # the cut lines
    assert "On your turn, draw 1 card, then play a card." in text  # the rules page, written from the options


def test_changing_a_row_changes_the_printed_card(tmp_path):
    table = [dict(row) for row in EVERY_EFFECT]
    table[0] = {**table[0], "text": "Put an X anywhere you like."}
    with registered("reprinted-deck", table) as game:
        text = tictac_nb.print_and_play(game, tmp_path / "deck.html").read_text(encoding="utf-8")
    assert "Put an X anywhere" in text and "Place your mark on an empty square." not in text.split("Rules")[0]
