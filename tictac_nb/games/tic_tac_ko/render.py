"""Tic Tac K.O. drawn from one player's view."""

from __future__ import annotations

from collections.abc import Sequence

from ... import svg


def render(view: dict, actions: Sequence[str], pending: str | None = None) -> str:
    d = svg.canvas(100, 100, view["status"])
    return svg.to_text(d)
