"""Share a game of your own: one link or one HTML file that plays it in any browser, with no server.

A game travels as data with its source: one JSON document (the format, the kit that wrote it, its kind
"grid", "cards" or "scratch", name, title, the student's rules text, its options, a card table as CSV text
and the Python source of its hooks, effects or whole module), sealed by a SHA-256 digest so that an altered
or cut link or file is told apart from a good one. `share(game)` returns the link to the site's
`play/shared.html`, the document in the link's fragment (zlib, base64url: a fragment never reaches any
server); `share(game, "mygame.html")` writes one self-contained page that plays it from `file://`, offline.
The same `open_document` rebuilds the game in the visitor's page (Pyodide in a Web Worker) and in a notebook
(`open_shared(link_or_file)`).

    >>> link = share(wild)                          # https://tictac-nb.github.io/tictac_nb/play/shared.html#...
    >>> share(wild, "wild.html")                    # one file: Pyodide, the kit and the game inside
    >>> again = open_shared(link)                   # the same game, its source readable: again.source
"""

from __future__ import annotations

import base64
import binascii
import csv
import hashlib
import inspect
import io
import json
import linecache
import re
import sys
import textwrap
import types
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, cast

from ..core.engine import Game, InvalidOption, State
from ..core.registry import register
from ..core.version import VERSION
from .shared_file import ShareError, write_file

FORMAT = 1
"""The document's format: a page refuses a higher one in words (a game shared by a newer kit)."""
KINDS = ("grid", "cards", "scratch")
SITE = "https://tictac-nb.github.io/tictac_nb/"
"""The project's pages, where a link opens unless `share(game, site=...)` says another site (in JupyterLite,
the site the notebook runs from: `default_site`)."""
SITE_PARTS = ("/extensions/", "/lab/", "/notebooks/", "/repl/", "/static/")
"""Where a JupyterLite page's or kernel worker's address leaves the site's base."""
SHARED_PAGE = "play/shared.html"
MAX_LINK = 2_000_000
"""Characters in a link: Chromium takes URLs up to 2 MB; a bigger game travels as a file."""
MAX_DOCUMENT = 1_000_000
"""Characters of a document's JSON: a game with its sources is a few kilobytes."""
GRID_OPTIONS = ("rows", "cols", "k", "gravity", "misere", "marks_per_turn", "blocked", "players")
CARD_OPTIONS = ("rows", "cols", "k", "players", "hand", "draws", "plays", "turn", "win", "first_player")
FIELDS = {"format": int, "kit": str, "kind": str, "name": str, "title": str, "rules": str, "options": dict,
          "table": str, "source": str, "hook": str, "effects": list, "digest": str}
PAYLOAD = re.compile(r"[A-Za-z0-9_-]*")
FILE_PAYLOAD = re.compile(r'<script type="application/json" id="ttp-game">"([A-Za-z0-9_-]*)"</script>')


class SharedGame:
    """A game rebuilt from a shared document: `game` plays (register it to play it everywhere), `source`
    is the student's Python as shared, `document` the whole document."""

    def __init__(self, game: Game, document: dict[str, Any]) -> None:
        self.game = game
        self.document = document
        self.source = document["source"]

    def __repr__(self) -> str:
        return f"<shared game {self.document['name']!r}: {self.document['title']}>"


# --- writing a document ----------------------------------------------------------------------------------

def document(game: Game, rules: str | None = None, source: str | None = None) -> dict[str, Any]:
    """The sealed document of `game`: its kind, options, table and source, and `rules` in the student's
    words (default: the "For players" part of the game's rules)."""
    if not isinstance(game, Game):
        raise ShareError(f"share takes a game, such as grid_game(...) or card_game(...), not {type(game).__name__}")
    kind, fields = _describe(game, source)
    doc = {"format": FORMAT, "kit": VERSION, "kind": kind, "name": game.name, "title": game.title,
           "rules": rules if rules is not None else players_rules(game), "options": {}, "table": "",
           "source": "", "hook": "", "effects": [], **fields}
    return seal(doc)


def _describe(game: Game, source: str | None) -> tuple[str, dict[str, Any]]:
    from ..cards import CardGame, CardState
    from ..grid import GridGame, GridState
    defaults = {name: _plain(option.default) for name, option in game.options.items()}
    if isinstance(game, GridGame) and _is_from(game.state_class, GridState):
        hook = game.state_class
        text = "" if hook is GridState else source if source is not None else _source_of(hook)
        return "grid", {"options": {n: defaults[n] for n in GRID_OPTIONS}, "source": text,
                        "hook": "" if hook is GridState else hook.__name__}
    if isinstance(game, CardGame) and game.state_class is CardState:
        deck = game.deck
        assert deck is not None  # a card game is made with its deck
        functions = dict(deck.functions)
        text = source if source is not None else "\n\n".join(_source_of(fn) for fn in functions.values())
        options = {n: defaults[n] for n in CARD_OPTIONS}
        options["colour"] = deck.colour
        return "cards", {"options": options, "table": card_table(deck), "source": text, "effects": list(functions)}
    if source is None:
        source = _module_source(game)
    return "scratch", {"source": source}


def _is_from(cls: Any, base: type) -> bool:
    return isinstance(cls, type) and issubclass(cls, base)


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _source_of(thing: Any) -> str:
    """The source of a class or function, from its file or the notebook cell that defined it."""
    try:
        return textwrap.dedent(inspect.getsource(thing)).strip("\n") + "\n"
    except (OSError, TypeError):
        found = _cell_class_source(thing) if isinstance(thing, type) else None
        if found:
            return found
        raise ShareError(f"the source of {getattr(thing, '__name__', thing)!r} cannot be found (defined with exec, "
                         f"or in a cell since changed?): pass it as share(game, source=...), the text of the cells "
                         f"that define it") from None


def _cell_class_source(cls: type) -> str | None:
    """A class's source from the cell its methods were compiled from (IPython keeps each cell's text in
    linecache; `inspect.getsource` looks for a class in its module's file, which a notebook has not)."""
    for value in vars(cls).values():
        code = getattr(getattr(value, "__func__", value), "__code__", None)
        lines = linecache.getlines(code.co_filename) if code is not None else []
        heading = re.compile(rf"\s*class\s+{re.escape(cls.__name__)}\b")
        start = next((i for i, line in enumerate(lines) if heading.match(line)), None)
        if start is not None:
            block = inspect.getblock(lines[start:])
            return textwrap.dedent("".join(block)).strip("\n") + "\n"
    return None


def _module_source(game: Game) -> str:
    module = inspect.getmodule(game.state_class)
    if module is None or module.__name__ == "__main__" or not getattr(module, "__file__", None):
        raise ShareError(f"{game.title} is written from scratch in a notebook: pass share(game, source=...) the "
                         f"text of the cells that define its State class and its Game")
    return inspect.getsource(module)


def card_table(deck: Any) -> str:
    """The deck as CSV text, one row a card, as a spreadsheet would save it."""
    columns = ["name", "count", "effect", "text", *(c for c in deck.columns if c not in ("name", "count",
                                                                                        "effect", "text"))]
    out = io.StringIO()
    writer = csv.DictWriter(out, columns, lineterminator="\n")
    writer.writeheader()
    for card in deck.cards:
        extra = {k: "" if v is None else v for k, v in card.extra}
        writer.writerow({"name": card.name, "count": card.count, "effect": card.effect, "text": card.text, **extra})
    return out.getvalue()


def players_rules(game: Game) -> str:
    """The "For players" bullets of a game's rules (all its rules where it has no such part)."""
    text = game.rules
    lines = text.splitlines()
    heading = next((i for i, line in enumerate(lines) if line.strip().lower().startswith("for players")), None)
    if heading is None:
        return text.strip()
    part = []
    for line in lines[heading + 1:]:
        if line.strip() and not line.lstrip().startswith("-") and line.rstrip().endswith(":"):
            break
        part.append(line)
    return "\n".join(part).strip()


def digest_of(doc: Mapping[str, Any]) -> str:
    """The SHA-256 of a document's fields but its digest, in one canonical JSON."""
    body = {k: v for k, v in doc.items() if k != "digest"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def seal(doc: dict[str, Any]) -> dict[str, Any]:
    return {**doc, "digest": digest_of(doc)}


# --- links and files -------------------------------------------------------------------------------------

def payload(doc: Mapping[str, Any]) -> str:
    """The document as a link's fragment: JSON, zlib, base64url without padding."""
    raw = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def link(doc: Mapping[str, Any], site: str = SITE) -> str:
    """The link that plays the document on `site`'s shared page."""
    text = f"{site.rstrip('/')}/{SHARED_PAGE}#{payload(doc)}"
    if len(text) > MAX_LINK:
        raise ShareError(f"{doc['title']} is too big for a link ({len(text):,} characters; browsers take about "
                         f"{MAX_LINK:,}): share it as a file, share(game, 'game.html')")
    return text


def read_payload(text: Any) -> dict[str, Any]:
    """The checked document in a link's fragment (or the whole link): a sentence for anything else."""
    if not isinstance(text, str) or len(text) > MAX_LINK:
        raise ShareError("This is not a shared game: a link holds its game after a '#'.")
    text = text.split("#", 1)[1] if "#" in text else text
    text = text.strip()
    if not text:
        raise ShareError("This link holds no game: everything after the '#' is missing. Ask for the link again.")
    if not PAYLOAD.fullmatch(text):
        raise ShareError("This link was changed: it holds characters a shared game never has. Ask for the "
                         "link again.")
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)), MAX_DOCUMENT + 1)
    except (binascii.Error, zlib.error, ValueError):
        raise ShareError("This link was changed or cut short: its game cannot be read. Copy the whole link "
                         "again.") from None
    if inflate.unconsumed_tail or len(raw) > MAX_DOCUMENT:
        raise ShareError("This shared game is too big to be a game of this kit.")
    if not inflate.eof:
        raise ShareError("This link is cut short: its end is missing. Copy the whole link again.")
    return read_document(raw.decode("utf-8", "replace"))


def read_document(text: Any) -> dict[str, Any]:
    """A document from its JSON text, checked field by field and against its digest: a sentence if not."""
    if not isinstance(text, str) or len(text) > MAX_DOCUMENT:
        raise ShareError("This shared game is too big to be a game of this kit.")
    try:
        doc = json.loads(text)
    except ValueError:
        raise ShareError("This shared game is damaged: its text is not a game document. Ask for it again.") from None
    if not isinstance(doc, dict):
        raise ShareError("This shared game is damaged: its text is not a game document. Ask for it again.")
    version = doc.get("format")
    if type(version) is int and version > FORMAT:
        raise ShareError(f"This game was shared by a newer tictac_nb ({str(doc.get('kit'))[:20]}, format "
                         f"{version}); this page knows format {FORMAT}: open it with a newer kit or site.")
    for name, kind in FIELDS.items():
        if type(doc.get(name)) is not kind:
            raise ShareError(f"This shared game is damaged: its {name!r} is missing or wrong. Ask for it again.")
    if doc["digest"] != digest_of(doc):
        raise ShareError("This shared game was changed after it was shared (its digest does not match): ask "
                         "for the link or file again.")
    if doc["format"] < 1 or doc["kind"] not in KINDS:
        raise ShareError(f"This shared game is of a kind this kit does not know ({doc['kind'][:20]!r}).")
    return doc


def file_payload(text: str) -> str:
    """The payload held by a shared HTML file's text."""
    found = FILE_PAYLOAD.search(text)
    if found is None:
        raise ShareError("This file holds no shared game: a shared game's file is written by share(game, "
                         "'name.html').")
    return found.group(1)


# --- rebuilding the game ---------------------------------------------------------------------------------

def open_document(doc: Mapping[str, Any]) -> Game:
    """The game a checked document describes, its Python run here: the same rules, options and moves as
    the game that was shared. A hook that fails to load raises ShareError naming its error."""
    try:
        return _build(doc)
    except ShareError:
        raise
    except InvalidOption as error:
        raise ShareError(f"This shared game's rules are refused: {error}") from None
    except Exception as error:  # the student's code: any error it raises is told, never a crash
        raise ShareError(failed_loading(error)) from None


def failed_loading(error: Exception) -> str:
    return f"This game's Python failed as it loaded: {type(error).__name__}: {str(error)[:200]}"


def _namespace(doc: Mapping[str, Any]) -> dict[str, Any]:
    from .. import cards, grid
    module = types.ModuleType(f"tictac_nb_shared_{doc['name'].replace('-', '_')}")
    kit = sys.modules[__name__.rpartition(".")[0]]  # the kit, loaded already: this module is part of it
    module.__dict__.update({"tictac_nb": kit, "State": State, "Game": Game})
    module.__dict__.update({name: getattr(grid, name) for name in grid.__all__})
    module.__dict__.update({name: getattr(cards, name) for name in ("card_game", "CardState")})
    sys.modules[module.__name__] = module  # classes and dataclasses look their module up by name
    return module.__dict__


def _run(doc: Mapping[str, Any]) -> dict[str, Any]:
    space = _namespace(doc)
    if doc["source"]:
        exec(compile(doc["source"], f"<{doc['name']}: shared source>", "exec"), space)
    return space


def _build(doc: Mapping[str, Any]) -> Game:
    from ..cards import card_game
    from ..grid import grid_game
    space = _run(doc)
    options = dict(doc["options"])
    if doc["kind"] == "grid":
        hook = space.get(doc["hook"]) if doc["hook"] else space["GridState"]
        if not isinstance(hook, type):
            raise ShareError(f"This shared game's source has no class {doc['hook'][:40]!r}.")
        options["blocked"] = tuple(options.get("blocked") or ())
        return grid_game(doc["name"], doc["title"], state_class=hook, **options)
    if doc["kind"] == "cards":
        effects = {name: space.get(name) for name in doc["effects"]}
        lost = [name for name, fn in effects.items() if not callable(fn)]
        if lost:
            raise ShareError(f"This shared game's source has no function {lost[0][:40]!r}.")
        table = list(csv.DictReader(io.StringIO(doc["table"])))
        return card_game(doc["name"], doc["title"], table, effects=cast("dict[str, Callable[..., Any]]", effects),
                         **options)  # every effect callable: checked above
    found = [v for v in space.values() if isinstance(v, Game) and v.name == doc["name"]]
    if not found:
        raise ShareError(f"This shared game's source makes no Game named {doc['name'][:40]!r}.")
    return found[0]


# --- the student's side ----------------------------------------------------------------------------------

def default_site() -> str:
    """The site a link opens on: in JupyterLite, the very site the notebook runs from (a site built with
    `make site` serves play/shared.html beside it); elsewhere the project's pages."""
    from ..core import browser
    if not browser.IN_A_PAGE:
        return SITE
    try:
        import js  # Pyodide's view of the page or the kernel's worker
        href = str(js.location.href)
    except Exception:  # no location to read: the project's pages
        return SITE
    cut = min((href.find(part) for part in SITE_PARTS if part in href), default=-1)
    return href[:cut + 1] if cut > 0 else SITE


def share(game: Game, path: str | Path | None = None, *, site: str | None = None, rules: str | None = None,
          source: str | None = None, files: str | Path | None = None) -> str:
    """Share `game`: with no `path`, the link that plays it on `site`'s shared page (`default_site()`: the
    project's pages, or in JupyterLite the site it runs from); with a `path`, one
    self-contained HTML file that plays it offline (Pyodide and the kit inside, from the built site's
    folder `files`: see `site_files`), returning its path. `rules` are the rules in your words (default:
    the game's "For players" rules), `source` the Python of a game whose source cannot be found."""
    doc = document(game, rules, source)
    open_document(doc)  # a game that cannot be rebuilt from its document is told now, not by a friend's page
    if path is None:
        return link(doc, site or default_site())
    return str(write_file(doc, payload(doc), Path(path), files))


def open_shared(where: str | Path) -> SharedGame:
    """The game in a shared link, a shared HTML file (its path) or its payload, rebuilt here with its
    source readable (`.source`); register `.game` to play it everywhere. Runs the game's Python."""
    text = str(where)
    if not text.startswith(("http:", "https:", "file:", "#")) and "#" not in text and Path(text).suffix in (
            ".html", ".htm") and Path(text).is_file():
        text = file_payload(Path(text).read_text(encoding="utf-8"))
    doc = read_payload(text)
    return SharedGame(open_document(doc), doc)


class SharedPage:
    """The Python side of a shared game's page (`play/shared.html`, or a shared file), run in the page's
    Web Worker: the payload is opened here, the game registered and served by a `SitePage`; `opened()`
    says what the page shows, or the one sentence it shows instead."""

    def __init__(self, text: Any, push: Any) -> None:
        from .page import SitePage
        self.page: SitePage | None = None
        try:
            doc = read_payload(text)
            game = open_document(doc)
            try:
                register(game)
            except InvalidOption as error:
                raise ShareError(f"This shared game cannot be played here: {error}") from None
            except Exception as error:  # a registration hook plays the game: the student's code runs there too
                raise ShareError(failed_loading(error)) from None
            self.page = SitePage(game, push)
            self.words: dict[str, Any] = {
                "name": doc["name"], "title": doc["title"], "rules": doc["rules"], "kind": doc["kind"],
                "kit": doc["kit"], "document": json.dumps(doc, indent=1, ensure_ascii=False),
                "page": json.loads(self.page.describe())}
        except ShareError as error:
            self.words = {"error": str(error)}

    def opened(self) -> str:
        """What the page shows, as JSON: the document's words and the play page's description, or
        {"error": sentence}."""
        return json.dumps(self.words)

    def deal(self, request: str) -> str:
        if self.page is None:
            return json.dumps({"error": self.words["error"]})
        return self.page.deal(request)

    def receive(self, message: str) -> None:
        if self.page is not None:
            self.page.receive(message)
