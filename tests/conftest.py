"""Makes the tests' shared helper modules (``engine_helpers``) importable under ``--import-mode=importlib``, and
turns off Hypothesis's per-example deadline for every test, and gives the tests one ``store``: an empty
store in the test's own folder (modules that need another folder define their own); the longest tests run first
(:data:`LONGEST_FIRST`); SIGINT is taken as in a terminal (:func:`pytest_configure`).

The deadline (200 ms by default) is a timing assertion: on a loaded machine an example overran it and
``test_any_unknown_space_is_named_with_card_and_field`` failed as "unreliable". Timings are measured by the
scripts in tests/bench, never asserted; a test that sets its own deadline still gets that one.
"""

import itertools
import os
import signal
import sys
from pathlib import Path

import pytest
from hypothesis import settings

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

settings.register_profile("no_deadline", deadline=None)
settings.load_profile("no_deadline")

#: The tests that take longest, by the start of their node id, longest first: each starts Python in browser pages
#: (a WebKit start of the phone site costs some 30 s of CPU, a Chromium one 10 s) or builds the phone site. They
#: run first, so that pytest-xdist's workers share the short tests out around them, instead of one worker ending
#: the run alone with a long one (tests/run.sh keeps this order: ``--no-loadscope-reorder``).
LONGEST_FIRST = (
    "tests/browser/test_webkit_phone_",
    "tests/phone/test_site.py::test_a_second_build",
    "tests/browser/test_phone_update.py::",
    "tests/browser/test_phone_site.py::",
    "tests/browser/test_phone_storage.py::",
    "tests/browser/test_webkit_",
)


def pytest_configure(config):
    """SIGINT as in a terminal, though the run was started in the background: a shell starts a background job
    with SIGINT ignored, its pytest-xdist workers inherit that, and so does every process a test starts. The app
    that tests/server/test_hangup.py stops with Ctrl+C then let uvicorn's re-raised SIGINT go as nothing and ended
    without its line. It passed only when an earlier test on its worker had set a handler (Flet's app does and
    keeps it), which the order of the tests decided; a run in the foreground never ignores SIGINT."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected: the fast tier's longest test goes first too
def pytest_collection_modifyitems(items):
    """The longest tests first, one to a worker, then each followed by a short one: pytest-xdist gives a worker
    its next test while the one before runs, and a long test queued behind another long one would wait for it
    while other workers are free."""
    def rank(item) -> int:
        return next((i for i, start in enumerate(LONGEST_FIRST) if item.nodeid.startswith(start)), len(LONGEST_FIRST))

    ranked = sorted(items, key=rank)  # stable: the rest in the order collected
    longest = [item for item in ranked if rank(item) < len(LONGEST_FIRST)]
    rest = ranked[len(longest):]
    short = iter([item for item in rest if not item.nodeid.startswith(("tests/browser/", "tests/phone/"))])
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    # Each worker is given two tests at the start: a long one and a short one queued behind it.
    order = longest[:workers] + list(itertools.islice(short, workers))
    for item in longest[workers:]:
        order += [item, *itertools.islice(short, 1)]
    chosen = {id(item) for item in order}
    items[:] = order + [item for item in rest if id(item) not in chosen]


@pytest.fixture
def store(tmp_path):
    from companion.store import Store

    st = Store.open(tmp_path)
    yield st
    st.close()
