"""No character XML 1.0 forbids reaches an SVG or a page, whatever text reaches the writers: every game's SVG,
a board's `image/svg+xml` output, the print sheet and an exported replay stay well-formed."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ElementTree

import pytest

import tictac_nb
from tictac_nb import Board, export_html
from tictac_nb.core import svg
from tictac_nb.games.tic_tac_ko import cards

HOSTILE = "Bell\x00\x07\x1b\x0b\ufffe\ud800 ring"
FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def well_formed(text: str) -> None:
    assert not FORBIDDEN.search(text)
    ElementTree.fromstring(text)


def test_xml_safe_replaces_exactly_the_characters_xml_forbids():
    every = "".join(map(chr, range(0x20))) + "a\x7f\x85\ud7ff\ue000\ufffd\ufffe\uffff\U0001f600"
    kept = "\t\n\r" + "a\x7f\x85\ud7ff\ue000\ufffd\U0001f600"
    assert svg.xml_safe(every).replace("\ufffd", "") == kept.replace("\ufffd", "")
    assert svg.xml_safe(every).count("\ufffd") == 29 + 2 + 1   # 29 C0 controls, U+FFFE, U+FFFF, and U+FFFD kept
    references = "&#0;&#x7;&#65;&#55296;&#x10;&#9;&#99999999;&amp;#0;"
    assert svg.xml_safe(references) == "\ufffd\ufffd&#65;\ufffd\ufffd&#9;\ufffd&amp;#0;"


@pytest.mark.parametrize("name", list(tictac_nb.GAMES))
def test_every_games_svg_stays_well_formed_whatever_text_it_is_given(name):
    state = tictac_nb.new_game(name, seed=4)
    rng = random.Random(4)
    for _ in range(6):
        if state.outcome is None:  # a small game may end within six moves
            state.play(rng.choice(state.legal_actions()))
    for viewer in (None, *range(state.num_players)):
        view = state.view(viewer)
        targets = state.targets() if viewer == state.to_move else []
        view["status"] = HOSTILE
        well_formed(state.game.render(view, targets, None, None))
        if name != "tic-tac-trek":   # Trek's player names are its marks, keys of other fields
            view["players"] = [HOSTILE + str(p) for p in range(len(view["players"]))]
            well_formed(state.game.render(view, targets, None, None))


HOSTILE_CARDS = (
    '[[card]]\ndeck = "cute"\nname = "Lil\' Red"\ntype = "basic"\ncount = 6\ntext = "Ring \\u0007 \\u0000 ring"\n'
    '[[card]]\ndeck = "evil"\nname = "Sc\\u0000utters"\ntype = "basic"\ncount = 6\ntext = "Basic \\u001b Evil."\n'
    'design = "\\u0008kit"\n'
)


@pytest.fixture
def hostile_ko(monkeypatch):
    """A K.O. game whose cards hold control characters: the option would refuse them, so its check is lifted
    here to show that the writers stay safe on their own."""
    monkeypatch.setattr(cards, "_control", lambda text, allowed="": None)
    state = tictac_nb.new_game("tic-tac-ko", seed=2, cards=HOSTILE_CARDS)
    assert any("\x00" in card.name for card in state.decks[0].cards)
    rng = random.Random(2)
    for _ in range(8):
        state.play(rng.choice(state.legal_actions()))
    return state


def test_hostile_ko_cards_reach_no_svg_unfiltered(hostile_ko, tmp_path):
    for viewer in (None, 0, 1):
        well_formed(hostile_ko.render_svg(viewer))
    data, _ = Board(hostile_ko.clone())._repr_mimebundle_()
    well_formed(data["image/svg+xml"])


def test_the_print_sheet_of_hostile_ko_cards_has_only_well_formed_svgs(hostile_ko, tmp_path):
    path = tictac_nb.print_and_play("tic-tac-ko", tmp_path / "ko.html", cards=HOSTILE_CARDS)
    text = path.read_text(encoding="utf-8")
    assert not FORBIDDEN.search(text)
    drawings = re.findall(r"<svg.*?</svg>", text, flags=re.S)
    assert len(drawings) > 40
    for drawing in drawings:
        ElementTree.fromstring(drawing)


def test_an_exported_replay_of_hostile_ko_cards_holds_no_forbidden_character(hostile_ko, tmp_path):
    text = export_html(hostile_ko, tmp_path / "ko.html", viewer=0).read_text(encoding="utf-8")
    assert not FORBIDDEN.search(text)
    assert "\\u0000" not in text and "\\u0007" not in text
