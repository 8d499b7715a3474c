"""The core every other part speaks: the game protocol (`engine`), the games found (`registry`), the kit's bots,
the drawing vocabulary (`svg`), the words for actions (`words`), frozen tables, the front end's files, what the
kit does differently inside a web page (`browser`), and the old module names (`moved`). Pure Python: it runs in
Pyodide as it does in a kernel.

Internal: its modules may move between releases; import what you need from `tictac_nb` itself.
"""
