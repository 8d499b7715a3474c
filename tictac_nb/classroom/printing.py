"""Print and play: every component of a game's box on one self-contained HTML page, laid out for paper.

    >>> import tictac_nb
    >>> tictac_nb.print_and_play("tic-tac-ko", "tic-tac-ko.print.html", grid="advanced")

The pages fit both A4 and US Letter (their common area less the margins), so one file prints on either.
Each game folder has a `sheet.py` whose `components(state)` lists the pieces of the box as its options set
them (a changed deck prints changed); this module only lays them out: pages, rows, cut lines, and a first
page with the rules, taken from the "For players" section of the game's rules docstring: the rules in a
players' words, beside the engine's reference (options, notation, rulings) that the rest of it keeps.
"""

from __future__ import annotations

import html
import importlib
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.engine import Game, State
from ..core.registry import game_named
from ..core.svg import PALETTE, xml_safe

PAGE_WIDTH = 194.0    # mm: A4 and Letter both hold 194 x 263 mm inside 8 mm margins
PAGE_HEIGHT = 263.0
MARGIN = 8.0
HEADER = 7.0          # mm: the line at the top of each page
BOARD_GAP = 6.0       # mm between pieces that are not cut out (boards, sheets)


@dataclass(frozen=True)
class Component:
    """One piece of the box: where it belongs, its name, its drawing, and its size on paper in mm.

    `cut` pieces (cards, tiles, tokens) sit edge to edge inside dashed cut lines; boards and sheets do not.
    """

    section: str
    name: str
    svg: str
    width: float
    height: float
    cut: bool = True


@dataclass
class Page:
    sections: list[str]
    rows: list[list[Component]]


def sheet_module(game: Game) -> Any | None:
    """The game's `sheet` module, found by convention beside its rules (`tictac_nb.games.<folder>.sheet`), or
    beside the rules of the class its state class builds on (a notebook's subclass of `GridState` prints as
    `tictac_nb.grid.sheet` draws it); None for a game with none."""
    for cls in game.state_class.__mro__:
        package = cls.__module__.rpartition(".")[0]
        if package and importlib.util.find_spec(f"{package}.sheet") is not None:
            return importlib.import_module(f"{package}.sheet")
    return None


BOARD_ROOM = (180.0, 220.0)
"""mm: the most a board drawn from a game's renderer takes on the page, width and height."""


def drawn_board(state: State) -> list[Component]:
    """The pieces of a game with no `sheet.py`: its starting board as its renderer draws it for an onlooker,
    scaled to the page."""
    svg = state.render_svg(None)
    box = re.search(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)', svg)
    width, height = (float(box.group(1)), float(box.group(2))) if box else BOARD_ROOM
    scale = min(BOARD_ROOM[0] / width, BOARD_ROOM[1] / height)
    return [Component("Board", "The board", svg, width * scale, height * scale, cut=False)]


def components(game: Game | str, pieces: Any = None, **options: Any) -> list[Component]:
    """Every piece of `game`'s box as `options` set it (bad options raise `InvalidOption`): from its
    `sheet.py`, else `pieces` (a list of `Component`s, or a function of the starting state giving one, as a
    notebook lists them), else its board drawn by its renderer (`drawn_board`)."""
    game = _game(game)
    state = game.new_game(0, **options)
    if pieces is not None:
        return list(pieces(state) if callable(pieces) else pieces)
    module = sheet_module(game)
    return module.components(state) if module is not None else drawn_board(state)


def print_and_play(game: Game | str, path: str | Path, pieces: Any = None, **options: Any) -> Path:
    """Write the print-and-play file of `game` (with rule `options`) to `path`, and return the path: its
    rules page and its pieces (`components`: any registered game prints, one without a `sheet.py` as its
    board drawn by its renderer, or as the `pieces` given).

    Open it in a browser and print it (A4 or Letter, scale 100%, no headers); cut along the dashed lines.
    """
    game = _game(game)
    state = game.new_game(0, **options)
    text = document(game, state, components(game, pieces, **options))
    path = Path(path)
    path.write_text(text, encoding="utf-8")
    return path


def _game(game: Game | str) -> Game:
    return game if isinstance(game, Game) else game_named(game)


# ---- layout ---------------------------------------------------------------------------------------
def paginate(pieces: list[Component]) -> list[Page]:
    """Shelf packing: pieces fill rows left to right, rows fill pages top to bottom, in the given order."""
    pages = [Page([], [])]
    used = 0.0
    row: list[Component] = []
    room = PAGE_HEIGHT - HEADER

    def close_row() -> None:
        nonlocal used, row
        if not row:
            return
        height = max(p.height for p in row) + (0 if row[0].cut else BOARD_GAP)
        if used + height > room + 1e-6 and pages[-1].rows:
            pages.append(Page([], []))
            used = 0.0
        page = pages[-1]
        page.rows.append(row)
        for piece in row:
            if piece.section not in page.sections:
                page.sections.append(piece.section)
        used += height
        row = []

    for piece in pieces:
        if piece.width > PAGE_WIDTH or piece.height > room:
            raise ValueError(f"{piece.name} ({piece.width} x {piece.height} mm) is larger than a page")
        width = sum(p.width + (0 if p.cut else BOARD_GAP) for p in row)
        if row and (width + piece.width > PAGE_WIDTH + 1e-6 or piece.cut != row[0].cut
                    or piece.height != row[0].height):
            close_row()
        row.append(piece)
    close_row()
    return pages if pages[0].rows else []


# ---- the rules page -------------------------------------------------------------------------------
RULES_PT = 11.0  # read at a table, at arm's length: never under 10 pt
def _sections(game: Game) -> dict[str, list[str]]:
    """The lines of each section of `game`'s rules docstring (see `Game.rules`), by its kind: "rules",
    "players" (a heading "For players..." or "How to play..."), "rulings", else the heading's first word."""
    sections: dict[str, list[str]] = {}
    current = "intro"
    for line in game.rules.splitlines():
        if line and not line[0].isspace() and not line.startswith("- ") and line.rstrip().endswith(":"):
            current = _section_kind(line)
            continue
        sections.setdefault(current, []).append(line)
    return sections


def _section_kind(heading: str) -> str:
    words = heading.lower().rstrip().rstrip(":")
    if words.startswith(("for player", "how to play")):
        return "players"
    if words.startswith("ruling"):
        return "rulings"
    if words.startswith("rule"):
        return "rules"
    return words.split()[0] if words.split() else "intro"


def rules_summary(game: Game) -> tuple[list[str], list[str]]:
    """The rules and the rulings of `game`, as bullet points taken from its rules docstring (the engine's
    reference, with its options and notation); a section the docstring lacks gives no bullets."""
    sections = _sections(game)
    return _bullets(sections.get("rules", [])), _bullets(sections.get("rulings", []))


def has_players_rules(game: Game) -> bool:
    """Whether `game`'s rules docstring has a "For players" section of bullets, which the rules page prints."""
    return bool(_bullets(_sections(game).get("players", [])))


def players_rules(game: Game) -> list[str]:
    """The rules in players' words, bullet points of the "For players" section of `game`'s rules docstring:
    what the printed rules page says (no options, notation or seat numbers). A docstring without that section
    (a student's game) gives its "Rules" bullets, else all its bullets, else its paragraphs, as they stand."""
    sections = _sections(game)
    for kind in ("players", "rules"):
        found = _bullets(sections.get(kind, []))
        if found:
            return found
    found = _bullets(game.rules.splitlines(), whole=True)
    if found:
        return found
    paragraphs = [" ".join(part.split()) for part in game.rules.split("\n\n") if part.strip()]
    return paragraphs or [f"The rules of {game.title} are not written down yet."]


def _bullets(lines: list[str], whole: bool = False) -> list[str]:
    """The "- " bullets of `lines` (indented lines continue one), up to the first blank line after them, or
    all of them when `whole`."""
    items: list[str] = []
    open_item = False
    for line in lines:
        text = line.strip()
        if line.startswith("- "):
            items.append(text[2:])
            open_item = True
        elif text and open_item and line.startswith(" "):
            items[-1] += " " + text
        elif not text and items and not whole:
            break
        else:
            open_item = False
    return items


def _rules_page(game: Game, title: str) -> str:
    rules = players_rules(game)
    size = RULES_PT if sum(map(len, rules)) < 3400 else RULES_PT - 1
    parts = [f'<section class="page rules" style="font-size:{size}pt">',
             f'<header>{html.escape(title)}: print and play</header>',
             "<h1>" + html.escape(title) + "</h1>",
             "<p class=how>Print single-sided at 100% on card stock (A4 or Letter). Cut along the dashed lines; "
             "the blank backs of cards and tiles are their backs. Pencils, coins or counters do for marks.</p>",
             "<h2>How to play</h2><ul>" + "".join(f"<li>{_inline(r)}</li>" for r in rules) + "</ul>",
             "</section>"]
    return "\n".join(parts)


def _inline(text: str) -> str:
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


# ---- the document ---------------------------------------------------------------------------------
CSS = f"""
@page {{ margin: {MARGIN}mm; }}
* {{ box-sizing: border-box; }}
html, body {{ margin: 0; padding: 0; background: white; color: {PALETTE["ink"]};
  font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }}
.page {{ width: {PAGE_WIDTH}mm; break-after: page; page-break-after: always; }}
.page:last-child {{ break-after: auto; page-break-after: auto; }}
header {{ height: {HEADER}mm; font-size: 8pt; color: {PALETTE["muted"]}; border-bottom: 0.2mm solid #cbd2d9;
  margin-bottom: 0; line-height: {HEADER - 1}mm; white-space: nowrap; overflow: hidden; }}
.row {{ display: flex; break-inside: avoid; }}
.row.boards {{ gap: {BOARD_GAP}mm; padding-top: {BOARD_GAP}mm; }}
.piece {{ flex: none; }}
.piece > svg {{ display: block; width: 100%; height: 100%; }}
.piece.cut {{ outline: 0.2mm dashed #7b8794; outline-offset: -0.1mm; }}
.rules h1 {{ font-size: 1.9em; margin: 3mm 0 1mm; }}
.rules h2 {{ font-size: 1.25em; margin: 3mm 0 1mm; }}
.rules ul {{ margin: 0; padding-left: 4.5mm; }}
.rules li {{ margin: 0 0 0.8mm; line-height: 1.28; }}
.rules .how {{ margin: 0; font-style: italic; }}
.rules code {{ font-size: 0.92em; }}
@media screen {{
  body {{ background: #e4e7eb; padding: 8mm 0; }}
  .page {{ background: white; margin: 0 auto 8mm; padding: {MARGIN}mm; width: {PAGE_WIDTH + 2 * MARGIN}mm;
    min-height: {PAGE_HEIGHT + 2 * MARGIN}mm; box-shadow: 0 1px 4px rgba(0, 0, 0, .25); }}
}}
"""


def document(game: Game, state: State, pieces: list[Component]) -> str:
    """The whole HTML file: the rules page, then the pages of pieces (with no character XML forbids, so
    every SVG in it stays well-formed)."""
    pages = paginate(pieces)
    total = len(pages) + 1
    body = [_rules_page(game, game.title)]
    for number, page in enumerate(pages, 2):
        where = ", ".join(page.sections)
        body.append(f'<section class="page" data-sections="{html.escape(where)}">')
        body.append(f"<header>{html.escape(game.title)} · {html.escape(where)} · page {number} of {total}"
                    + (" · cut along the dashed lines" if any(p.cut for r in page.rows for p in r) else "")
                    + "</header>")
        for row in page.rows:
            body.append(f'<div class="row{"" if row[0].cut else " boards"}">')
            for piece in row:
                body.append(f'<div class="piece{" cut" if piece.cut else ""}" '
                            f'data-section="{html.escape(piece.section)}" data-name="{html.escape(piece.name)}" '
                            f'style="width:{piece.width:g}mm;height:{piece.height:g}mm">{piece.svg}</div>')
            body.append("</div>")
        body.append("</section>")
    options = ", ".join(f"{k}={v!r}" for k, v in state.options.items() if v != game.options[k].default)
    title = f"{game.title}: print and play" + (f" ({options})" if options else "")
    return xml_safe(f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
                    f'<title>{html.escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n'
                    + "\n".join(body) + "\n</body>\n</html>\n")
