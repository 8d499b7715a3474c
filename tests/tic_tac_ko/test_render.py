"""The board: every legal action is clickable (in one or two steps), targets are legal, secrets stay out,
and all player counts and both Grids draw."""

from __future__ import annotations

import importlib
import random
import re
import xml.etree.ElementTree as ET

import pytest
from helpers import SVG, assert_fits_with_11_px_text, contrast, play, random_game
from tic_tac_ko.ko_scripts import CUTE_HAND, EVIL_HAND, new

import tictac_nb
from tictac_nb.notebook.widget import Board

render = importlib.import_module("tictac_nb.games.tic_tac_ko.render")

TARGET = re.compile(r'data-target="([^"]*)"')


def targets(state, viewer, pending=None):
    return [t.replace("&amp;", "&").replace("&#x27;", "'").replace("&quot;", '"').replace("&#39;", "'")
            for t in TARGET.findall(state.render_svg(viewer, pending))]


def words(svg_text: str) -> str:
    """Every text of the board, lines joined by spaces (so wrapped sentences read whole)."""
    return " ".join(node.text or "" for node in ET.fromstring(svg_text).iter(SVG + "text"))


def reachable(state):
    """Every action the mover can reach by clicks on the board, one or two of them."""
    mover = state.to_move
    legal = set(state.legal_actions())
    found = set()
    for target in targets(state, mover):
        assert target in legal or any(a.startswith(target) for a in legal), target
        if target in legal:
            found.add(target)
        else:
            for second in targets(state, mover, pending=target):
                assert second in legal or any(a.startswith(second) for a in legal), (target, second)
                if second in legal and second.startswith(target):
                    found.add(second)
    return found, legal


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("grid_name", ["standard", "advanced"])
def test_every_legal_action_can_be_clicked(players, grid_name):
    seed = players * 10 + len(grid_name)
    state = tictac_nb.new_game("tic-tac-ko", seed=seed, players=players, grid=grid_name)
    rng = random.Random(seed)
    while state.outcome is None and len(state.history) < 150:
        if len(state.legal_actions()) > 1:
            found, legal = reachable(state)
            assert found == legal, legal - found
        state.play(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("grid_name", ["standard", "advanced"])
def test_boards_draw_for_every_viewer(players, grid_name):
    state = tictac_nb.new_game("tic-tac-ko", seed=4, players=players, grid=grid_name)
    rng = random.Random(4)
    while state.outcome is None and len(state.history) < 60:
        state.play(rng.choice(state.legal_actions()))
    for viewer in [None, *range(players)]:
        text = state.render_svg(viewer)
        root = ET.fromstring(text)
        width, height = float(root.get("width")[:-2]), float(root.get("height")[:-2])
        assert width == 760 and 600 < height < 2400
        for player in state.player_names:
            assert player in text
        if viewer is None:
            assert "Onlooker: every hand is hidden." in text
        else:
            assert f"Your hand ({state.player_name(viewer)}" in text
    assert len(state.labels) == (9 if grid_name == "standard" else 16)


def test_only_the_mover_gets_targets():
    state = new()
    assert targets(state, 0) and not targets(state, 1) and not targets(state, None)


def test_grid_cards_hypnotized_face_down_and_objective_starred():
    state = new(layout={"1": "Scutters", "5": "Lil' Red (hypnotized)"}, objectives=["Top Row", "Bottom Row"])
    text = state.render_svg(0)
    assert "hypnotized" in text and "Scutters" in text
    assert text.count('fill="#f0b429"') >= 3 + 3  # three stars on the Grid, three spaces on the mini Objective
    assert "Your Objective" in text and "Top Row" in text
    assert "Bottom Row" not in text  # the other team's Objective
    assert "Objective: secret" in text


@pytest.mark.parametrize("grid_name", ["standard", "advanced"])
def test_a_small_grid_cards_words_stay_inside_it(grid_name):
    """At 284 px (a 400 px phone's board) every word on a Grid card lies inside the card, by a letter's
    generous width (`render.LETTER`, `render.BOLD` em)."""
    state = new(layout={"1": "Scutters", "2": "Lil' Red (hypnotized)"}, grid=grid_name)
    root = ET.fromstring(state.render_svg(0, width=284))
    cards = [g for g in root.iter(SVG + "g") if (g.get("aria-label") or "").startswith("space ")]
    checked = 0
    for space in cards:
        rects = [r for r in space.iter(SVG + "rect")]
        if len(rects) < 2:
            continue
        card = rects[1]  # the space, then the card on it
        right = float(card.get("x")) + float(card.get("width"))
        for node in space.iter(SVG + "text"):
            if node.get("text-anchor") in ("middle", "end") or not node.text:
                continue
            em = render.BOLD if node.get("font-weight") == "bold" else render.LETTER
            width = len(node.text) * float(node.get("font-size")) * em * 0.85  # drawn letters are narrower
            assert float(node.get("x")) + width <= right + 1, (grid_name, node.text)
            checked += 1
    assert checked


def test_hand_is_readable_and_clickable():
    state = new(evil=["King Creepy"] + EVIL_HAND[:5])
    text = state.render_svg(0)
    king = state.decks[0].cards[state.decks[0].index["King Creepy"]]
    assert king.text in words(text)  # the card's whole text is on the card, over several lines
    assert 'data-target="play King Creepy @"' in text
    spaces = targets(state, 0, pending="play King Creepy @")
    assert {f"play King Creepy @{s}" for s in "123456789"} <= set(spaces)
    assert "Play King Creepy: choose an empty space" in words(state.render_svg(0, "play King Creepy @"))


def test_prompt_to_answer_with_an_instant():
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], cute=["Friendship Circle"] + CUTE_HAND[:5])
    play(state, "play King Creepy @5")
    text = words(state.render_svg(1))
    assert "Evil tries to play King Creepy on 5. Answer with an Instant?" in text
    assert set(targets(state, 1)) == {"respond Friendship Circle", "pass"}
    assert "playing…" in text  # King Creepy waits on its space
    assert "Answer with an Instant?" not in words(state.render_svg(0))


def test_two_verbs_on_one_card_become_two_buttons():
    state = new(cute=["Stink Bomb"] + CUTE_HAND[:5], first_team=1, layout={"5": "Lil' Red (hypnotized)"})
    play(state, "draw", "play Stink Bomb", "pass")
    assert set(targets(state, 1)) == {"repel 5", "awaken 5"}


def test_repel_to_a_player_in_two_steps():
    state = new(players=4, first_team=1, cute=["Free Hugs"] + ["Lil' Red"] * 4, layout={"5": "King Creepy"},
                skip_unable=True)
    play(state, "play Free Hugs")
    assert targets(state, 1) == ["repel 5 to "]
    # the open first step stays a target: a second click on it closes the choice
    assert set(targets(state, 1, pending="repel 5 to ")) == {"repel 5 to ", "repel 5 to Evil 1", "repel 5 to Evil 2"}


def test_widget_plays_a_card_by_clicks_and_keeps_secrets():
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], cute=["Friendship Circle"] + CUTE_HAND[:5],
                layout={"1": "Lil' Red"})
    board = Board(state, bots={1: tictac_nb.RandomBot(seed=1)}, bot_delay=0)
    board._on_message(board, {"type": "act", "target": "play King Creepy @", "turn": board.turn})
    assert board.pending == "play King Creepy @" and not state.history
    board._on_message(board, {"type": "act", "target": "play King Creepy @5", "turn": board.turn})
    assert state.history[0] == "play King Creepy @5"
    synced = " ".join(str(getattr(board, name)) for name in ("svg", "status", "message", "cover"))
    for name in ("Friendship Circle", "Bottom Row"):  # Cute's hand card and Cute's Objective
        if name not in " ".join(state.events(50)):
            assert name not in synced


def positions(players, grid_name="standard", count=3):
    for seed in range(count):
        state = tictac_nb.new_game("tic-tac-ko", seed=seed, players=players, grid=grid_name)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 120)):
            if state.outcome is not None:
                break
            state.play(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("width", [None, 760, 400, 320, 284])
@pytest.mark.parametrize("players, grid_name", [(2, "standard"), (3, "advanced"), (4, "standard"), (4, "advanced")])
def test_the_board_is_drawn_at_the_width_it_is_shown_with_no_text_under_11_px(players, grid_name, width):
    for state in positions(players, grid_name):
        for viewer in (None, state.to_move or 0):
            assert_fits_with_11_px_text(state.render_svg(viewer, width=width), width)


def test_texts_have_4_5_to_1_contrast_on_their_background():
    """Dark words on the paper, the white team boxes and the team tints; white words on dark badges."""
    render = importlib.import_module("tictac_nb.games.tic_tac_ko.render")
    backgrounds = ["#fffdf7", "#ffffff", "#faf7ef"] + [tint for _, tint in render.TEAM_COLOURS.values()]
    for state in positions(4):
        for node in ET.fromstring(state.render_svg(state.to_move)).iter(SVG + "text"):
            fill = node.attrib["fill"]
            if fill == "white":
                continue
            for back in backgrounds:
                assert contrast(fill, back) >= 4.5, (fill, back, node.text)
    for ink, tint in (*render.TEAM_COLOURS.values(), *render.FALLBACK):
        assert contrast(ink, tint) >= 4.5
    for dark in (render.LINK, render.ASLEEP):
        assert contrast("#ffffff", dark) >= 4.5


def test_every_space_player_and_card_has_a_name_and_the_board_a_description():
    state = new(players=4, layout={"1": "Scutters", "5": "Lil' Red (hypnotized)"})
    root = ET.fromstring(state.render_svg(0))
    assert root.find(SVG + "desc").text.startswith("Tic Tac K.O. Evil 1: ")
    names = [node.attrib.get("aria-label", "") for node in root.iter()]
    assert any(n.startswith("space 1: Scutters, Basic Character: ") for n in names)
    assert "space 5: Lil' Red, hypnotized (face down)" in names
    assert "space 2: empty; on your Objective" in names and "space 4: empty" in names
    assert any(n.startswith("Cute 1: 5 cards in hand") for n in names)
    assert not any(re.search(r"^(\w+) \(\1\)$", n, re.IGNORECASE) for n in names)  # no "Pass (pass)"
    line = next(node for node in root.iter() if node.attrib.get("class") == "ttn-status-line")
    assert " ".join(t.text for t in line.iter(SVG + "text")) == state.status()


def test_long_grid_words_are_given_in_full_under_the_grid():
    state = new(layout={"6": "Bog Brute"}, grid="advanced")
    text = words(state.render_svg(0, width=400))
    assert "Bog Brute: Ongoing: itself safe from DISPLACE/HYPNOTIZE/REPEL/SWAP" in text


def test_on_a_narrow_screen_the_prompt_and_hand_come_before_the_other_players():
    state = random_game("tic-tac-ko", 4, stop_after=30, players=4, grid="advanced")
    viewer = state.to_move
    root = ET.fromstring(state.render_svg(viewer, width=400))
    texts = {node.text: float(node.get("y")) for node in root.iter(SVG + "text") if node.text}
    boxes = [float(group.find(SVG + "rect").get("y")) for group in root.iter(SVG + "g")
             if " in hand" in group.get("aria-label", "") and group.find(SVG + "rect") is not None]
    prompt = state.view(viewer)["prompt"]
    assert len(boxes) == 4 and prompt
    first_line = next(y for words, y in texts.items() if (prompt[0].upper() + prompt[1:]).startswith(words))
    hand = next(y for words, y in texts.items() if words.startswith("Your hand ("))
    assert first_line < hand < min(boxes), (first_line, hand, boxes)
    wide = ET.fromstring(state.render_svg(viewer, width=760))  # the wide layout keeps the players on top
    wide_hand = next(float(n.get("y")) for n in wide.iter(SVG + "text") if (n.text or "").startswith("Your hand ("))
    assert wide_hand > max(float(g.find(SVG + "rect").get("y")) for g in wide.iter(SVG + "g")
                           if " in hand" in g.get("aria-label", "") and g.find(SVG + "rect") is not None)


BOLD_EM = 0.70  # a bold letter's width in system-ui, measured in Chromium ("Gloomshade": 90.6 px at 13 px)


@pytest.mark.parametrize("layout", ["wide", "narrow"])
def test_every_card_name_of_both_decks_fits_its_card_in_hand(layout):
    from tictac_nb.games.tic_tac_ko.cards import builtin_decks
    room = render.CARD_W[layout] - 30
    for deck in builtin_decks().values():
        for card in deck.cards:
            size = render.fit(card.name, room)
            for line in render.wrap(card.name, room, size, render.BOLD):
                assert len(line) * size * BOLD_EM <= room, (card.name, line, size)
