"""Makes the tests' shared helper modules (``engine_helpers``) importable under ``--import-mode=importlib``, and
turns off Hypothesis's per-example deadline for every test.

The deadline (200 ms by default) is a timing assertion: on a loaded machine one example took 433 ms and
``test_any_unknown_space_is_named_with_card_and_field`` failed as "unreliable". Timings are measured by the
scripts in tests/bench, never asserted; a test that sets its own deadline still gets that one.
"""

import sys
from pathlib import Path

from hypothesis import settings

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

settings.register_profile("no_deadline", deadline=None)
settings.load_profile("no_deadline")
