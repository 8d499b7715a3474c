"""The kit's own games, one folder each: every subpackage here with a `GAME` is a game of the kit
(`tictac_nb.core.registry.discover` finds them).

A sixth game is a new folder, shaped as docs/architecture.md ("A game folder") describes; nothing outside it
changes.
"""

ORDER = ("tic-tac-two", "tyc", "tic-tac-trek", "tic-toc", "tic-tac-ko")
"""The kit's games in the order it presents them; a game not named here comes after them, by name."""
