"""`export_html`: one self-contained file per game and viewer, holding only what that viewer may see.

The strongest check is the one a cheat would fail: resample everything hidden from the viewer
(`determinize`) in every position, and the page must come out byte for byte the same. Scripted pairs of
records that differ only in a viewer's unknowns (face-down tiles, an opponent's hand) must give the same
file too, while each file still steps through every move.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from helpers import random_game, spread
from tic_tac_ko.ko_scripts import new as ko_game
from tic_toc.toc_scripts import scripted

import tictac_nb
from tictac_nb import InvalidRecord, export_html
from tictac_nb.notebook.export import NARROW, page
from tictac_nb.notebook.timeline import Timeline

EVERY_GAME = [(name, options) for name in tictac_nb.GAMES for options in spread(name)]
"""Every game as printed, and at its fewest and most players where it supports several."""


def bot_game(name: str, seed: int, stop_after: int | None = None, **options) -> tictac_nb.State:
    """A game played by the game's own bot where it has one (they finish long games), else at random: to its
    end, or for `stop_after` actions."""
    game = tictac_nb.GAMES[name]
    if not game.bots:
        return random_game(name, seed, stop_after, **options)
    state = game.new_game(seed, **options)
    make = next(iter(game.bots.values()))
    bots = [make(seed=seed + seat) for seat in range(state.num_players)]
    while state.outcome is None and (stop_after is None or len(state.history) < stop_after):
        state.play(bots[state.to_move].choose(state))
    return state


def frames(text: str, layout: str = "wide") -> list[str]:
    """The frames of one layout stored in an exported page, rebuilt as its script rebuilds them."""
    data = json.loads(re.search(r'<script type="application/json" id="ttr-data">(.*?)</script>', text, re.S)[1])
    pieces: list[list[int]] = []
    for ops in data["frames"][layout]:
        previous = pieces[-1] if pieces else []
        pieces.append([i for op in ops for i in (previous[op[0]:op[1]] if isinstance(op, list) else [op])])
    return ["".join(data["parts"][i] for i in frame) for frame in pieces]


@pytest.mark.parametrize(("name", "options"), EVERY_GAME, ids=lambda v: v if isinstance(v, str) else str(v or ""))
def test_a_determinized_game_exports_the_same_page_for_every_viewer(name, options):
    """Whole two-player games; four-player games for their first 60 actions (four seats cost more pages)."""
    state = bot_game(name, 11, stop_after=60 if options.get("players", 2) > 2 else None, **options)
    positions = list(Timeline(state).positions())
    for viewer in [None, *range(state.num_players)]:
        rng = random.Random(viewer)
        resampled = [position.determinize(viewer, rng) for position in positions]
        assert any(r.key() != p.key() for r, p in zip(resampled, positions, strict=True)) or \
            not state.game.hidden_information, "nothing was resampled: the check would prove nothing"
        assert page(resampled, viewer) == page(positions, viewer), f"{name}: the page shows {viewer}'s unknowns"


@pytest.mark.parametrize("name", list(tictac_nb.GAMES))
def test_exporting_a_determinized_state_writes_the_same_file_or_is_refused(name, tmp_path):
    """A determinized copy that replays (its made-up layout is one of its options) exports the very file
    the real game does; one whose made-up cards no seed replays is refused in words."""
    state = random_game(name, 5, stop_after=30)
    for viewer in [None, *range(state.num_players)]:
        real = export_html(state, tmp_path / "real.html", viewer).read_bytes()
        copy = state.determinize(viewer, random.Random(9))
        if copy.replayable:
            assert export_html(copy, tmp_path / "other.html", viewer).read_bytes() == real
        else:
            with pytest.raises(InvalidRecord, match="no past to replay"):
                export_html(copy, tmp_path / "other.html", viewer)


def test_every_frame_is_the_viewers_drawing_and_every_move_is_listed(tmp_path):
    state = random_game("tic-toc", 3, stop_after=40)
    text = export_html(state, tmp_path / "game.html", viewer=1).read_text()
    timeline = Timeline(state)
    assert frames(text) == [timeline.position(k).render_svg(1) for k in range(len(timeline) + 1)]
    narrow = [timeline.position(k).render_svg(1, width=NARROW) for k in range(len(timeline) + 1)]
    assert frames(text, "narrow") == narrow, "the page holds each frame drawn for a narrow screen too"
    for k, move in enumerate(state.history):
        words = timeline.position(k).describe(move)
        assert json.dumps(words, ensure_ascii=False) in text.replace("<\\/", "</")
    assert "TIC TOC replay, seen by Player 2" in text


def test_the_file_needs_nothing_from_outside(tmp_path):
    text = export_html(random_game("tyc", 2, stop_after=10), tmp_path / "tyc.html").read_text()
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//|file:)""", text, re.I)
    assert not re.search(r"\bimport\s*[({'\"]|@import|url\(", text), "the page loads another file"
    assert text.count("<script") == 2 and "</html>" in text
    assert "export default { render }" in text  # the widget's own front end, inlined


def test_a_fixed_tile_layout_and_the_seed_stay_out_of_the_file(tmp_path):
    seed = 31415926535
    state = tictac_nb.new_game("tic-tac-two", seed=seed, tiles="XOWPCOXXO")
    for move in ("1", "2"):
        state.play(move)
    text = export_html(state, tmp_path / "two.html").read_text()
    for secret in (str(seed), "XOWPCOXXO", '"tiles"', '"setup"', '"options"'):
        assert secret not in text


def test_face_down_tiles_never_reach_an_onlookers_file(tmp_path):
    """Two layouts that differ only under tiles still face down give the onlooker the same file."""
    moves = ["1", "5", "2"]  # squares 1 and 2 are flipped; the Wild (3) and Peek (4) tiles stay face down
    files = []
    for tiles in ("XOWPCOXXO", "XOPWCOXXO"):
        state = tictac_nb.new_game("tic-tac-two", seed=1, tiles=tiles)
        for move in moves:
            state.play(move)
        files.append(export_html(state, tmp_path / f"{tiles}.html").read_bytes())
    assert files[0] == files[1]
    assert len(frames(files[0].decode())) == len(moves) + 1


def test_an_opponents_hand_never_reaches_a_seats_file(tmp_path):
    """TIC TOC: two deals that differ only in a card of Player 2's hand (never played) give Player 1 the same
    file, and Player 2, who holds it, a different one."""
    def game(card):
        state = scripted([["Boy", "Boy", "Boy"], ["Pirate", card, "Pirate"]], draws=("Boy", "Boy", "Pirate", "Pirate"))
        for move in ("play Boy", "play Boy", "end", "play Pirate", "play Pirate", "end"):
            state.play(move)
        return state

    hook, smee = game("Hook"), game("Smee")
    mine = [export_html(s, tmp_path / f"p1-{i}.html", viewer=0).read_bytes() for i, s in enumerate((hook, smee))]
    theirs = [export_html(s, tmp_path / f"p2-{i}.html", viewer=1).read_bytes() for i, s in enumerate((hook, smee))]
    assert mine[0] == mine[1]
    assert theirs[0] != theirs[1]
    assert 'data-card="Hook"' in frames(theirs[0].decode())[-1]
    mine_shown = [frame for layout in ("wide", "narrow") for frame in frames(mine[0].decode(), layout)]
    assert not any('data-card="Hook"' in frame for frame in mine_shown)


def test_a_ko_opponents_hand_never_reaches_a_seats_file(tmp_path):
    """Tic Tac K.O.: Cute decks that differ only in a card of Cute's hand give Evil the same file."""
    evil, cute = [], []
    for card in ("Button", "Dewdrop"):
        state = ko_game(evil=["Scutters", "Mumbles", "Grimble", "Scutters", "Mumbles"],
                        cute=["Lil' Red", card, "Lil' Red", "Button", "Lil' Red"])
        state.play(state.legal_actions()[0])
        evil.append(export_html(state, tmp_path / f"evil-{card}.html", viewer=0).read_bytes())
        cute.append(export_html(state, tmp_path / f"cute-{card}.html", viewer=1).read_bytes())
        assert len(frames(evil[-1].decode())) == 2
    assert evil[0] == evil[1]
    assert cute[0] != cute[1], "Cute's own hand should show in Cute's file"


@pytest.mark.parametrize(("name", "options"), [("tic-toc", {"players": 4}), ("tic-tac-ko", {})],
                         ids=["tic-toc-4", "tic-tac-ko-4"])
def test_a_long_game_stays_small(name, options, tmp_path):
    state = bot_game(name, 2024, **options)
    drawn = [p.render_svg(0, width=width) for p in Timeline(state).positions() for width in (None, NARROW)]
    raw = sum(len(frame.encode()) for frame in drawn)
    size = export_html(state, tmp_path / "game.html", viewer=0).stat().st_size
    print(f"\n{name} {options}: {len(state.history)} moves, frames {raw / 1e6:.2f} MB, file {size / 1e6:.2f} MB")
    # two drawings of every frame (wide, narrow) share less with each other than frames of one layout do
    assert size < 5_000_000 and size < raw / 2.5, "identical markup is not shared between frames"


def test_bad_sources_and_viewers_are_refused_before_anything_is_written(tmp_path):
    path = tmp_path / "none.html"
    with pytest.raises(InvalidRecord, match="unknown game"):
        export_html({"game": "chess", "seed": 1, "options": {}, "setup": {}, "moves": []}, path)
    with pytest.raises(ValueError, match="viewer must be None or a player from 0 to 1"):
        export_html(tictac_nb.new_game("tyc", seed=1), path, viewer=2)
    assert not path.exists()
