"""Every click target's name holds the words it shows (WCAG 2.5.3, label in name; axe-core's rule
"label-content-name-mismatch"): a card's title and text, a letter, "here", in every game and first step.

The check reads the SVG as axe reads the page: the visible text is every text node inside the target, one
after another (titles aside), and its words, lower case, without punctuation or parentheses, must come in a
row in the name.
"""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ET

import pytest
from cards.decks import EVERY_EFFECT, registered
from helpers import random_game

import tictac_nb

SVG = "{http://www.w3.org/2000/svg}"
UNSEEN = {f"{SVG}title", f"{SVG}desc"}


def visible_text(element: ET.Element) -> str:
    if element.tag in UNSEEN:
        return ""
    return (element.text or "") + "".join(visible_text(child) + (child.tail or "") for child in element)


def words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text).lower()
    while (bare := re.sub(r"\([^()]*\)", "", text)) != text:
        text = bare
    return re.sub(r"[\W_]", " ", text).split()


def mismatches(svg_text: str) -> list[str]:
    """Each target whose visible words are not in its name, as a readable line."""
    found = []
    for element in ET.fromstring(svg_text).iter():
        if element.get("data-target") is None:
            continue
        shown, name = words(visible_text(element)), words(element.get("aria-label", ""))
        if not any(name[i:i + len(shown)] == shown for i in range(len(name) - len(shown) + 1)):
            found.append(f"{element.get('data-target')!r} shows {visible_text(element)!r}, "
                         f"is named {element.get('aria-label')!r}")
    return found


def every_board(state, width: float | None = None) -> list[str]:
    """The SVG of `state` as its player to move sees it, then with each first step open."""
    if state.outcome is not None:
        return [state.render_svg(None, width=width)]
    legal = set(state.legal_actions())
    firsts = [t.action for t in state.targets() if t.action not in legal]
    return [state.render_svg(state.to_move, first, width) for first in [None, *firsts]]


def test_the_check_finds_a_word_missing_from_a_name():
    target = ('<svg xmlns="http://www.w3.org/2000/svg"><g data-target="a1" aria-label="{}" role="button">'
              '<text>Lil\' Red</text> <text>here</text></g></svg>')
    assert mismatches(target.format("play Lil' Red on space 1"))
    assert not mismatches(target.format("Lil' Red here, play it on space 1"))


@pytest.mark.parametrize("table", [EVERY_EFFECT, [{"name": "Mark", "count": 12, "effect": "place"},
                                                  {"name": "Long", "count": 4, "effect": "place; again",
                                                   "text": "A text far longer than a card can hold. " * 6}]])
@pytest.mark.parametrize("width", [None, 360])
def test_a_card_shows_nothing_its_name_does_not_say(table, width):
    with registered("test-deck", table):
        for seed in range(4):
            for stop in (0, 2, 5, 9, None):
                for board in every_board(random_game("test-deck", seed, stop), width):
                    assert not mismatches(board), "\n".join(mismatches(board))


def test_a_card_is_named_by_its_words_then_what_a_click_does():
    with registered("test-deck"):
        state = tictac_nb.new_game("test-deck", seed=3)
        root = ET.fromstring(state.render_svg(state.to_move))
    card = root.find(".//*[@data-target='play Mark']")
    assert card.get("aria-label").startswith("Mark Basic Place your mark on an empty square.")
    assert card.get("aria-label").endswith("play Mark: Place your mark on an empty square")


def test_every_target_of_a_game_says_the_words_it_shows(game_name):
    name = game_name
    for seed in range(3):
        for stop in (0, 3, 8, None):
            for board in every_board(random_game(name, seed, stop)):
                assert not mismatches(board), "\n".join(mismatches(board))
