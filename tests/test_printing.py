"""Print and play: every component of each box prints exactly once, at a readable size, on the pages expected.

The expected pieces are counted here from the engines' own data (decks, mixes, options), not from the sheets.
The PDF test prints each file in headless Chromium on A4 and on Letter and counts the pages.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from html.parser import HTMLParser

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS

import tictac_nb
from tictac_nb import InvalidOption
from tictac_nb.classroom import printing
from tictac_nb.games.tic_tac_ko.cards import builtin_objectives, decks_with
from tictac_nb.games.tic_tac_two.rules import box_tiles
from tictac_nb.games.tic_toc.render import FULL as TOC_NAMES

PER_PAGE = 9  # 60 x 84 mm cards: 3 by 3 on a page


class Pieces(HTMLParser):
    """The pieces of a print-and-play file: (section, name) and the words drawn on each; and the page count."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.pieces: list[tuple[str, str]] = []
        self.words: list[list[str]] = []
        self.pages = 0
        self.depth = 0
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section" and "page" in attrs.get("class", "").split():
            self.pages += 1
        if tag == "div" and "piece" in attrs.get("class", "").split():
            self.pieces.append((attrs["data-section"], attrs["data-name"]))
            self.words.append([])
        self.in_text = tag == "text"

    def handle_data(self, data):
        if getattr(self, "in_text", False) and self.words:
            self.words[-1].append(data)

    def handle_endtag(self, tag):
        self.in_text = False


def printed(tmp_path, game: str, **options) -> Pieces:
    path = tictac_nb.print_and_play(game, tmp_path / f"{game}.html", **options)
    return Pieces(path.read_text(encoding="utf-8"))


def ko_box(cards=None, decks=("evil", "cute")) -> Counter:
    available = decks_with(cards)
    titles = [available[name].title for name in decks]
    box = Counter()
    for deck, title in zip(decks, titles, strict=True):
        for card in available[deck].cards:
            box[(f"{title} deck", card.name)] += card.count
    for objective in builtin_objectives():
        box[("Objectives", objective.name)] += 1
    return box


# ---- every piece of the box, once -------------------------------------------------------------------
def test_tic_tac_ko_prints_both_decks_every_objective_and_the_grid(tmp_path):
    sheet = printed(tmp_path, "tic-tac-ko")
    box = ko_box() + Counter(("Grid", f"space {n}") for n in "123456789")
    assert Counter(sheet.pieces) == box
    assert sum(box.values()) == 80 + 12 + 9
    assert sheet.pages == 1 + math.ceil((80 + 12 + 9) / PER_PAGE)   # the spaces of the Grid are card-sized


def test_a_home_made_ko_card_and_a_changed_count_print_too(tmp_path):
    cards = '''
[[card]]
deck = "cute"
name = "Bear Hug"
type = "special"
count = 2
text = "When this card enters the Grid, you may DESTROY an adjacent Basic Character card, then DRAW 1 card."
enter = [ { verb = "destroy", target = "adjacent", kind = "basic", optional = true }, { verb = "draw" } ]

[[card]]
deck = "evil"
name = "Scutters"
count = 3
'''
    sheet = printed(tmp_path, "tic-tac-ko", cards=cards, grid="advanced")
    found = Counter(sheet.pieces)
    assert found[("Cute deck", "Bear Hug")] == 2
    assert found[("Evil deck", "Scutters")] == 3
    assert sum(n for (section, _), n in found.items() if section == "Grid") == 16
    assert Counter(sheet.pieces) == ko_box(cards) + Counter(("Grid", f"space {n}") for n in "123A456B789CDEFG")


def test_ko_cards_carry_their_full_text(tmp_path):
    sheet = printed(tmp_path, "tic-tac-ko")
    decks = decks_with(None)
    texts = {card.name: card.text for deck in decks.values() for card in deck.cards}
    assert max(map(len, texts.values())) > 150      # the longest Instants are printed too
    for (section, name), words in zip(sheet.pieces, sheet.words, strict=True):
        if section.endswith("deck"):
            assert " ".join(texts[name].split()) in " ".join(" ".join(words).split()), name
            assert "…" not in "".join(words)


def test_tic_toc_prints_its_deck_option(tmp_path):
    default = printed(tmp_path, "tic-toc")
    deck = tictac_nb.GAMES["tic-toc"].options["deck"].default
    assert Counter(default.pieces) == Counter({("Cards", TOC_NAMES[k]): n for k, n in deck.items()})
    assert default.pages == 1 + math.ceil(64 / PER_PAGE)
    changed = printed(tmp_path, "tic-toc", deck={"Croc": 6, "Tink": 0})
    found = Counter(name for _, name in changed.pieces)
    assert found["Crocodile"] == 6 and found["Tinker Bell"] == 0 and sum(found.values()) == 62


def test_tic_tac_trek_prints_every_tile_and_campfire(tmp_path):
    sheet = printed(tmp_path, "tic-tac-trek")
    mix = tictac_nb.GAMES["tic-tac-trek"].options["mix"].default
    expected = Counter({("Tiles (cut out, fold, glue)", f"{t} tile"): n for t, n in mix.items()})
    expected.update({("Campfires", "X campfire"): 6, ("Campfires", "O campfire"): 6})
    assert Counter(sheet.pieces) == expected and sum(mix.values()) == 26
    assert sheet.pages == 3                      # rules; 24 fold-over tiles; 2 tiles and 12 campfires
    more = printed(tmp_path, "tic-tac-trek", mix={"lake": 4}, campfires=3)
    found = Counter(name for _, name in more.pieces)
    assert found["lake tile"] == 4 and found["X campfire"] == 3 and found["O campfire"] == 3


@pytest.mark.parametrize(("options", "outer"), [({}, box_tiles(True, True)), ({"peek": False}, box_tiles(False, True)),
                                                 ({"wild": False, "peek": False}, box_tiles(False, False))])
def test_tic_tac_two_prints_the_boards_and_the_tiles_of_its_options(tmp_path, options, outer):
    sheet = printed(tmp_path, "tic-tac-two", **options)
    names = {"X": "X tile", "O": "O tile", "W": "Wild tile", "P": "Peek tile", "-": "blank tile"}
    expected = Counter({("Main board", "Main board"): 1, ("Tile board", "Tile board"): 1, ("Tiles", "split centre"): 1})
    expected.update(("Tiles", names[t]) for t in outer)
    assert Counter(sheet.pieces) == expected
    assert sheet.pages == 3


def test_tyc_prints_the_nine_boards_and_a_score_sheet_with_its_letter_table(tmp_path):
    sheet = printed(tmp_path, "tyc")
    assert Counter(sheet.pieces) == Counter({("Sheets", "nine boards"): 1, ("Sheets", "score sheet"): 1})
    assert sheet.pages == 3
    flat = printed(tmp_path, "tyc", letter_table=(0, -1, 0, 1, 2, 3, 4, 5, 6, 7))
    words = " ".join(flat.words[1])
    assert "9: +7" in words and "9: +28" not in words


# ---- the rules page and the file --------------------------------------------------------------------
def rules_page(game_name: str, tmp_path) -> tuple[str, str]:
    """The whole print file of `game_name` and its first page, the rules."""
    text = (tmp_path / "x.html")
    tictac_nb.print_and_play(game_name, text)
    page = text.read_text(encoding="utf-8")
    return page, '<section class="page rules"' + page.split('<section class="page rules"')[1].split("</section>")[0]


def test_the_rules_page_comes_from_the_players_section_of_the_rules_docstring(game_name, tmp_path):
    game = tictac_nb.GAMES[game_name]
    rules, _ = printing.rules_summary(game)
    assert rules and printing.has_players_rules(game)  # the shape Game.rules gives, which check_game checks
    players = printing.players_rules(game)
    page, first = rules_page(game_name, tmp_path)
    for rule in players:
        assert printing._inline(rule) in first
    assert ".md" not in page  # it points to no document outside the repository
    assert "<script" not in page and not re.search(r'(src|href)="https?:', page)   # self-contained


ENGINE_WORDS = re.compile(r"`|<code>|\.py\b|\bNone\b|\w_\w|(?i:\boption|\bseats? \d|\bplayer \d|\bseed\b|\bnotation\b)")


def test_the_printed_rules_speak_to_players_at_a_size_read_at_a_table(game_name, tmp_path):
    _, first = rules_page(game_name, tmp_path)
    found = ENGINE_WORDS.search(first.split("</header>")[1])
    assert not found, first[max(0, found.start() - 80):found.end() + 40]
    sizes = [float(pt) for pt in re.findall(r"font-size:\s*([\d.]+)pt", first)]
    assert sizes and min(sizes) >= 10, sizes


def test_bad_options_and_unknown_games_are_refused(tmp_path):
    with pytest.raises(InvalidOption, match="unknown game"):
        tictac_nb.print_and_play("noughts", tmp_path / "x.html")
    with pytest.raises(InvalidOption, match="deck"):
        tictac_nb.print_and_play("tic-toc", tmp_path / "x.html", deck={"Parrot": 3})
    with pytest.raises(InvalidOption, match="no option"):
        tictac_nb.print_and_play("tyc", tmp_path / "x.html", colour="green")
    assert not (tmp_path / "x.html").exists()


def test_a_piece_larger_than_a_page_is_refused():
    big = printing.Component("Boards", "too big", "<svg/>", 300, 100, cut=False)
    with pytest.raises(ValueError, match="larger than a page"):
        printing.paginate([big])


# ---- in a real browser: the pages as printed ----------------------------------------------------------
@pytest.mark.browser
def test_each_file_prints_on_the_expected_pages_in_chromium(tmp_path):
    assert CHROMIUM, "Chromium is missing: install it with `make browser`"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            for game in tictac_nb.GAMES:
                path = tictac_nb.print_and_play(game, tmp_path / f"{game}.html")
                sheet = Pieces(path.read_text(encoding="utf-8"))
                page.goto(path.as_uri())
                page.emulate_media(media="print")
                for paper in ("A4", "Letter"):
                    pdf = page.pdf(format=paper, prefer_css_page_size=True)
                    pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))
                    assert pages == sheet.pages, (game, paper, pages, sheet.pages)
                # Nothing overflows its page or another piece; the smallest text on a card is readable.
                report = page.evaluate("""() => {
                    const pages = [...document.querySelectorAll('.page')].map(p => p.getBoundingClientRect());
                    const pieces = [...document.querySelectorAll('.piece')];
                    const outside = pieces.filter(el => {
                        const r = el.getBoundingClientRect();
                        return !pages.some(p => r.left >= p.left - 0.5 && r.right <= p.right + 0.5
                                                && r.top >= p.top - 0.5 && r.bottom <= p.bottom + 0.5);
                    }).length;
                    const mm = 96 / 25.4;
                    let smallest = Infinity;
                    for (const el of document.querySelectorAll('.piece.cut text')) {
                        const h = el.getBoundingClientRect().height;
                        if (h > 0 && el.textContent.trim().length > 6) smallest = Math.min(smallest, h / mm);
                    }
                    return {outside, smallest};
                }""")
                assert report["outside"] == 0, game
                assert report["smallest"] >= 2.0, (game, report)   # mm of line box: about 6 pt and more
        finally:
            browser.close()


def test_a_tic_tac_two_layout_is_drawn_beside_its_string():
    from tictac_nb.games.tic_tac_two.sheet import layout_picture

    picture = layout_picture("xowpcoxxo")
    assert 'tiles="XOWPCOXXO"' in picture.replace("&quot;", '"')
    corner_letters = re.findall(r'font-weight="bold"[^>]*>([XOWPC])</text>', picture)
    assert "".join(corner_letters) == "XOWPCOXXO"
    with pytest.raises(InvalidOption, match="split centre"):
        layout_picture("XOWPOCXXO")


def test_every_ko_card_name_stays_clear_of_its_cards_frame():
    """A bold letter is about 0.70 em wide (measured in Chromium); the frame's inside edge is 9 units in."""
    from tictac_nb.games.tic_tac_ko import sheet

    state = tictac_nb.new_game("tic-tac-ko", seed=1)
    width = sheet.WIDTH * sheet.UNIT
    cards = [piece for piece in sheet.components(state) if piece.section.endswith(" deck")]
    assert {piece.name for piece in cards} >= {"Friendship Circle", "Gloomshade", "Cave of Nightmares"}
    for piece in cards:
        lines = re.findall(rf'font-size="{sheet.NAME_SIZE}" font-weight="bold" x="{sheet.NAME_X}" y="[\d.]+">([^<]+)<',
                           piece.svg)
        assert lines, piece.name
        for words in lines:
            assert sheet.NAME_X + len(words) * sheet.NAME_SIZE * 0.70 <= width - 9 - 4, (piece.name, words)


def test_a_registered_game_with_no_sheet_prints_its_board_or_the_pieces_a_notebook_lists(tmp_path):
    from test_check_game import NOUGHTS

    from tictac_nb.core.engine import Game

    bare = Game("bare-noughts", "Bare noughts", NOUGHTS.state_class, NOUGHTS.render, NOUGHTS.options, move_cap=9)
    tictac_nb.register(bare)
    try:
        [board] = printing.components("bare-noughts")
        assert board.section == "Board" and board.svg == bare.new_game(0).render_svg(None)
        assert board.width <= printing.BOARD_ROOM[0] and board.height <= printing.BOARD_ROOM[1]
        text = printing.print_and_play("bare-noughts", tmp_path / "n.html").read_text()
        assert "Bare noughts" in text and board.svg in text
        counter = printing.Component("Pieces", "A counter", "<svg xmlns='http://www.w3.org/2000/svg'/>", 20, 20)
        text = printing.print_and_play("bare-noughts", tmp_path / "p.html", pieces=[counter] * 5).read_text()
        assert text.count("A counter") >= 5 and board.svg not in text
    finally:
        tictac_nb.unregister("bare-noughts")


def test_a_grid_rule_that_changes_marks_prints_counters_not_pencils():
    from tictac_nb.grid import GridState, grid_game

    class Turncoat(GridState):
        """Turncoat: a mark turns the marks around it to the mover's."""

        def after_place(self, cell, mark):
            for near in self.neighbours(cell):
                if self.board[near] not in (0, 255):
                    self.put(near, mark)

    sheet = printing.players_rules(grid_game("turncoat", "Turncoat", state_class=Turncoat))
    assert not any("pencil" in line for line in sheet) and any("turn over" in line for line in sheet)
    assert any("pencil" in line for line in printing.players_rules(grid_game("plain", "Plain")))
