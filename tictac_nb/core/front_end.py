"""The board's front end as every page of the kit serves it, with no widget: where its files are (`FRONTEND`),
the traits a page is sent (`TRAITS`), and the codes a room's socket closes with.

The notebook `Board`, a room seat's `RemoteBoard`, the replay widget, exported pages and the room server all
serve these same files and speak these same names.
"""

from __future__ import annotations

from pathlib import Path


def _frontend() -> Path:
    """`widgets/` ships inside the wheel as tictac_nb/widgets; in a checkout it sits beside the package."""
    here = Path(__file__).parent.parent
    for folder in (here / "widgets", here.parent / "widgets"):
        if (folder / "board.js").is_file():
            return folder
    raise FileNotFoundError("tictac_nb's front end (widgets/board.js) is missing from this install")


FRONTEND = _frontend()


TRAITS = ("svg", "status", "said", "message", "turn", "played", "answers", "cover", "thinking", "can_undo",
          "can_new", "choosing", "can_hint", "hint_words")
"""What a board's page is sent: the traits `BoardFront` syncs, by the same names (a room's frames carry them)."""

CLOSE_TAKEN_OVER, CLOSE_REISSUED, CLOSE_FREED, CLOSE_FULL = 4409, 4410, 4411, 4403
CLOSE_REMOVED, CLOSE_LOCKED, CLOSE_BAD_LINK = 4404, 4423, 4401
"""A page closed with CLOSE_LOCKED tries again by itself (the seat may be unlocked); after any other of these,
it stops and says why (`tictac_nb.core.words.DEAD_ENDS`)."""
CLOSED_FOR_GOOD = (CLOSE_BAD_LINK, CLOSE_FULL, CLOSE_REMOVED, CLOSE_TAKEN_OVER, CLOSE_REISSUED, CLOSE_FREED)
"""Close codes after which a page does not reconnect: a bad link, a full gallery, no such room (or removed), the
seat taken over on another screen, reissued or freed by the teacher."""
