"""Every record of a fixed set of simulated runs is byte for byte the record the engine wrote before it was tuned
for speed (see ``tests/record_hashes.py`` for the runs and when the list may be written again)."""

import json

from tests.record_hashes import HASH_FILE, RUNS, record_hashes


def test_simulated_records_are_byte_identical_to_the_committed_hashes():
    expected = json.loads(HASH_FILE.read_text(encoding="utf-8"))
    assert set(expected) == set(RUNS)
    got = record_hashes()
    for name, hashes in expected.items():
        assert len(got[name]) == len(hashes) == RUNS[name]["games"], name
        for number, (was, now) in enumerate(zip(hashes, got[name], strict=True), start=1):
            assert now == was, f"{name}: game {number} is no longer the same record"
