import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ALL_GAMES, GRID_GAMES, GRID_VARIANTS, VARIANTS, registered

import tictac_nb

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(params=ALL_GAMES + list(GRID_GAMES))
def game_name(request):
    """A game's name: each of the kit's five, then the grid family's examples (registered while the test runs)."""
    yield registered(request.param)
    if request.param in GRID_GAMES:
        tictac_nb.unregister(request.param)


@pytest.fixture(params=VARIANTS + GRID_VARIANTS, ids=lambda v: f"{v[0]}: {v[1]}")
def variant(request):
    """A game and one of its option sets worth trying: the rules as printed, then the game's `variants`."""
    registered(request.param[0])
    yield request.param
    if request.param[0] in GRID_GAMES:
        tictac_nb.unregister(request.param[0])


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The kit's wheel, built once per test process from this checkout (tests/test_packaging.py, test_extras.py)."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(ROOT)],
                   check=True, capture_output=True)
    return next(out.glob("tictac_nb-*.whl"))
