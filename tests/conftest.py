import pytest
from helpers import ALL_GAMES


@pytest.fixture(params=ALL_GAMES)
def game_name(request) -> str:
    return request.param
