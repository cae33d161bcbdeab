"""Every record of a fixed set of simulated runs is byte for byte the record the engine wrote before it was tuned
for speed, under each rules version (see ``tests/record_hashes.py`` for the runs and when a list may be written
again)."""

import json

import pytest

from tests.record_hashes import HASH_FILES, RUNS, record_hashes


@pytest.mark.parametrize("version", sorted(HASH_FILES))
def test_simulated_records_are_byte_identical_to_the_committed_hashes(version):
    expected = json.loads(HASH_FILES[version].read_text(encoding="utf-8"))
    assert set(expected) == set(RUNS)
    got = record_hashes(version)
    for name, hashes in expected.items():
        assert len(got[name]) == len(hashes) == RUNS[name]["games"], name
        for number, (was, now) in enumerate(zip(hashes, got[name], strict=True), start=1):
            assert now == was, f"version {version}, {name}: game {number} is no longer the same record"
