import pytest
from helpers import ALL_GAMES, VARIANTS


@pytest.fixture(params=ALL_GAMES)
def game_name(request) -> str:
    return request.param


@pytest.fixture(params=VARIANTS, ids=lambda v: f"{v[0]}: {v[1]}")
def variant(request) -> tuple[str, str, dict]:
    """A game and one of its option sets worth trying: the rules as printed, then the game's `variants`."""
    return request.param
