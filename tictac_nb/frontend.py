"""The board's front end: where its files are (`FRONTEND`) and the traits it syncs (`BoardFront`).

The notebook `Board`, a room seat's `RemoteBoard`, the replay widget, exported pages and the room server
all serve these same files; this module is what they share, so none of them imports another for it.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets


def _frontend() -> Path:
    """`widgets/` ships inside the wheel as tictac_nb/widgets; in a checkout it sits beside the package."""
    here = Path(__file__).parent
    for folder in (here / "widgets", here.parent / "widgets"):
        if (folder / "board.js").is_file():
            return folder
    raise FileNotFoundError("tictac_nb's front end (widgets/board.js) is missing from this install")


FRONTEND = _frontend()


class BoardFront(anywidget.AnyWidget):
    """The board's front end (widgets/board.js) and the traits it syncs: what every board widget shares, the
    `Board` that holds its game and the `RemoteBoard` of a room's seat alike."""

    _esm = FRONTEND / "board.js"
    _css = FRONTEND / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    said = traitlets.Unicode("").tag(sync=True)
    """The last action in words (`State.describe`), for the live region."""
    message = traitlets.Unicode("").tag(sync=True)
    turn = traitlets.Int(0).tag(sync=True)
    """The position shown: it grows with every move, undo and new game, and never repeats on one board."""
    played = traitlets.Int(0).tag(sync=True)
    """How many actions the game has had: what a reader (or a test) counts as moves."""
    answers = traitlets.Int(0).tag(sync=True)
    """Messages answered so far: the page knows its queued click was handled even when nothing changed."""
    cover = traitlets.Unicode("").tag(sync=True)
    thinking = traitlets.Bool(False).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_new = traitlets.Bool(True).tag(sync=True)
    """New game may be asked for (not on a room's spectator page, nor in a room the teacher ended)."""
    choosing = traitlets.Bool(False).tag(sync=True)
    """A first step is open (the page shows Cancel)."""
    can_hint = traitlets.Bool(False).tag(sync=True)
    """The viewer is the human to move on an uncovered board (the page shows Hint)."""
    hint_words = traitlets.Unicode("").tag(sync=True)
    """The coach's sentence while its hint is drawn, for the live region (empty otherwise)."""
