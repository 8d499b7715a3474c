"""Each game notebook shows the coach's hint on a scripted position and the analysis of its bot game, with
their outputs saved; the design lab compares two variants with `lab.coach_summary`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tictac_nb

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def cell_with(name: str, words: str):
    cells = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    found = [c for c in cells if c["cell_type"] == "code" and words in "".join(c["source"])]
    assert len(found) == 1, f"{name}: {len(found)} cells with {words!r}"
    return "".join(found[0]["source"]), found[0]["outputs"]


@pytest.mark.parametrize("game", [name for name in tictac_nb.GAMES if (NOTEBOOKS / f"{name}.ipynb").is_file()])
def test_each_game_notebook_shows_a_hint_and_its_bot_games_analysis(game):
    source, outputs = cell_with(game, "coach.hint(position)")
    assert "coach.hinted_svg(position, hint)" in source
    assert "coach.analyse(bot_game" in source and "coach.evaluation_chart(analysis)" in source
    svgs = ["".join(o["data"]["image/svg+xml"]) for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) == 2 and "ttn-coach-best" in svgs[0] and "ttn-evaluation" in svgs[1]
    assert not [o for o in outputs if o["output_type"] == "error"]


def test_the_design_lab_compares_two_variants_with_the_coachs_measures():
    _source, outputs = cell_with("design-lab", "lab.coach_summary(")
    table = "".join(outputs[-1]["data"]["text/plain"])
    assert "decision_tension" in table and "with the Peek tile" in table and "a blank tile instead" in table
