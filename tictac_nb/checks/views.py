"""Views are JSON data under the engine's header, and boards are SVG with their status line group."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from ..core.engine import HEADER_KEYS, excerpt
from .run import Broken, Promise, Run


def views(run: Run) -> None:
    for spot in run.spots():
        state = run.visit(spot)
        for viewer in run.seats(state):
            run.doing = f"view_body({viewer})"
            body = state.view_body(viewer)
            if type(body) is not dict:
                raise Broken(f"{spot.where()}: view_body({viewer}) gave {type(body).__name__}; it must be a dict")
            shadow = [key for key in HEADER_KEYS if key in body]
            if shadow:
                raise Broken(f"{spot.where()}: view_body({viewer}) has the key {shadow[0]!r}, which the engine's "
                             f"header already has ({', '.join(HEADER_KEYS)}): give it another name")
            run.doing = f"view({viewer})"
            view = state.view(viewer)
            try:
                back = json.loads(json.dumps(view))
            except (TypeError, ValueError) as error:
                raise Broken(f"{spot.where()}: view({viewer}) is not JSON data ({error}): a view holds only "
                             "text, numbers, True/False, None, lists and dicts with text keys") from None
            if back != view:
                key = next((k for k in view if back.get(k) != view[k]), "?")
                raise Broken(f"{spot.where()}: view({viewer})[{key!r}] changes through JSON "
                             f"({excerpt(view.get(key))} comes back as {excerpt(back.get(key))}): use lists "
                             "for tuples and text keys in dicts")
            if len(set(view["players"])) != state.num_players:
                raise Broken(f"{spot.where()}: the players' names {view['players']} are not all different")


def drawing(run: Run) -> None:
    """Every viewer's board at the positions `run.drawn` samples."""
    for spot in filter(run.drawn, run.spots()):
        state = run.visit(spot)
        for viewer in run.seats(state):
            svg = run.board(spot, state, viewer)
            if type(svg) is not str:
                raise Broken(f"{spot.where()}: render_svg({viewer}) gave {type(svg).__name__}; the renderer "
                             "returns the SVG as text")
            try:
                root = ET.fromstring(svg)
            except ET.ParseError as error:
                raise Broken(f"{spot.where()}: the board drawn for viewer {viewer} is not well-formed XML "
                             f"({error}): escape text with html.escape, close every tag") from None
            if not root.tag.endswith("svg"):
                raise Broken(f"{spot.where()}: the board drawn for viewer {viewer} is a <{root.tag}>, not an <svg>")
            if not any("ttn-status-line" in (e.get("class") or "").split() for e in root.iter()):
                raise Broken(f"{spot.where()}: the board drawn for viewer {viewer} has no group of class "
                             "'ttn-status-line' around its status line: the board widget hides that group and "
                             "says the status once below the board (svg.py draws one)")


VIEWS = Promise("views", "view(player) is JSON data that starts with the engine's header", views)
DRAWING = Promise("drawing", "render_svg(viewer) is an SVG with the status line in a 'ttn-status-line' group",
                  drawing)
