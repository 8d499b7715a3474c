import pytest
from tic_toc.toc_scripts import scripted


@pytest.fixture
def deal():
    """`scripted`, as a fixture."""
    return scripted
