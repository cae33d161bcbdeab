"""Makes the tests' shared helper modules (``engine_helpers``) importable under ``--import-mode=importlib``, and
turns off Hypothesis's per-example deadline for every test, and gives the tests one ``store``: an empty
store in the test's own folder (modules that need another folder define their own).

The deadline (200 ms by default) is a timing assertion: on a loaded machine an example overran it and
``test_any_unknown_space_is_named_with_card_and_field`` failed as "unreliable". Timings are measured by the
scripts in tests/bench, never asserted; a test that sets its own deadline still gets that one.
"""

import sys
from pathlib import Path

import pytest
from hypothesis import settings

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

settings.register_profile("no_deadline", deadline=None)
settings.load_profile("no_deadline")


@pytest.fixture
def store(tmp_path):
    from companion.store import Store

    st = Store.open(tmp_path)
    yield st
    st.close()
