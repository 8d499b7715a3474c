"""The web: a game shared as a link or a file (`sharing`, `shared_file`), and a board's page in a browser with no
kernel (`page`, what the site's play pages and a shared game's page serve).

Internal: its modules may move between releases; import what you need from `tictac_nb` itself.
"""
