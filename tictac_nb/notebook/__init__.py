"""The notebook board: the plain part of a board (`table`), the widget (`frontend`, `widget`), a room's seat joined
from a kernel (`remote`), a played game's positions (`timeline`, widget-free) and its widget (`replay`), exported
pages (`export`) and the play pages (`play`).

Internal: its modules may move between releases; import what you need from `tictac_nb` itself.
"""
