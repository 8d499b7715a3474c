"""The classroom: what a game's exercises and print-and-play sheets are written in, and the tools that gather them
(`exercises.for_game`, `printing.print_and_play`). It needs only the core, so every game folder can use it.

Internal: its modules may move between releases; import what you need from `tictac_nb` itself.
"""
