"""``games``, ``export`` and ``import`` against data folders and targets that will not do: a file, a folder that
does not exist, a read-only folder, a full disk, an export target that cannot be written. Each is a real
``python -m companion`` process: exit code 2 and ONE line on stderr, never a traceback, nothing lost; and the
commands that only read (``games``, ``export``) work on a read-only folder and create nothing.

A read-only folder and a full disk are real: as root, the command runs in its own mount namespace (``unshare``)
with the folder bind-mounted read-only, or a small tmpfs filled up; otherwise the folder is made read-only with
its permissions (and the full-disk rows are skipped, saying why).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
PINNED = REPO / "tests" / "data" / "pinned_solo_v1.jsonl"


def _namespaces() -> bool:
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    return probe.returncode == 0


NAMESPACES = _namespaces()


def cli(*argv: str, prefix: list[str] | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable, "-m", "companion", *argv]
    return subprocess.run([*(prefix or []), *command], cwd=REPO, env=env, capture_output=True, timeout=120)


def in_namespace(setup: str) -> list[str]:
    """A prefix running the command after ``setup`` (shell, mounts) in a private mount namespace."""
    return ["unshare", "-m", "sh", "-c", f'{setup} && exec "$@"', "sh"]


def read_only(folder: Path) -> list[str]:
    """A prefix under which ``folder`` is read-only (or the folder made so by its permissions)."""
    if NAMESPACES:
        return in_namespace(f"mount --bind {folder} {folder} && mount -o remount,bind,ro {folder}")
    folder.chmod(0o555)
    return []


def refused(done: subprocess.CompletedProcess) -> str:
    """The one line of a refusal (exit 2, one line on stderr, nothing on stdout)."""
    err = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err[-2000:]
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert done.returncode == 2, (done.returncode, err)
    assert done.stdout == b""
    return err


@pytest.fixture
def saved(tmp_path) -> Path:
    """A data folder holding one game (the pinned record), as the app leaves it (no WAL files)."""
    folder = tmp_path / "data"
    done = cli("import", str(PINNED), "--data-dir", str(folder))
    assert done.returncode == 0 and done.stdout == b"1\n", done.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["games.sqlite3"]
    yield folder
    folder.chmod(0o755)


def test_a_data_folder_that_is_a_file(tmp_path):
    for argv in (["import", str(PINNED)], ["games"], ["export", "1", "-"]):
        err = refused(cli(*argv, "--data-dir", "/dev/null" if argv[0] == "import" else "/etc/passwd"))
        assert "is a file, not a folder" in err


@pytest.mark.parametrize("kind", ["folder", "pipe", "device"])
def test_a_saved_games_file_that_is_not_a_file(tmp_path, kind):
    """A folder, a named pipe (SQLite waited on it forever) or a link to a device where the saved games file
    goes: one line naming it, and it is left where it is."""
    folder = tmp_path / "data"
    folder.mkdir()
    store = folder / "games.sqlite3"
    {"folder": store.mkdir, "pipe": lambda: os.mkfifo(store), "device": lambda: store.symlink_to("/dev/null")}[kind]()
    for argv in (["games"], ["import", str(PINNED)], ["export", "1", str(tmp_path / "out.jsonl")]):
        err = refused(cli(*argv, "--data-dir", str(folder)))
        assert err.startswith(f"{argv[0]}: the saved games at {store} are not a file ("), err
    assert [p.name for p in folder.iterdir()] == ["games.sqlite3"]


def test_a_data_folder_name_too_long_for_the_file_system(tmp_path):
    folder = tmp_path / ("a" * 300)  # one name over the 255 bytes a file system takes
    for argv in (["import", str(PINNED)], ["games"], ["export", "1", str(tmp_path / "out.jsonl")]):
        err = refused(cli(*argv, "--data-dir", str(folder)))
        assert err.startswith(f"{argv[0]}: cannot use the data folder {folder}: "), err
    assert list(tmp_path.iterdir()) == []


def test_a_data_folder_of_a_user_that_does_not_exist_is_taken_as_written(tmp_path):
    """``~nosuchuser/data``: as the shell does, the name stays as written (a folder in the current one), where
    pathlib's expanduser raised a RuntimeError (a traceback)."""
    home = "~treasure-companion-no-such-user"
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    for argv in (["games"], ["import", str(PINNED)], ["games"]):
        done = subprocess.run([sys.executable, "-m", "companion", *argv, "--data-dir", f"{home}/data"],
                              cwd=tmp_path, env={**env, "PYTHONPATH": str(REPO)}, capture_output=True, timeout=120)
        assert done.returncode == 0 and done.stderr == b"", done.stderr[-2000:]
    assert done.stdout.startswith(b"   1  ")
    assert (tmp_path / home / "data" / "games.sqlite3").is_file()


@pytest.mark.parametrize("target", ["nodir/x.jsonl", "folder", "/proc/version"])
def test_an_export_target_that_cannot_be_written(saved, tmp_path, target):
    (tmp_path / "folder").mkdir()
    err = refused(cli("export", "1", str(tmp_path / target), "--data-dir", str(saved)))
    assert err.startswith(f"export: cannot write {tmp_path / target}: "), err
    assert not (tmp_path / "nodir").exists() and list((tmp_path / "folder").iterdir()) == []


def test_a_listing_of_a_folder_that_does_not_exist_creates_nothing(tmp_path):
    missing = tmp_path / "no" / "such" / "data"
    done = cli("games", "--data-dir", str(missing))
    assert (done.returncode, done.stdout, done.stderr) == (0, b"No games yet.\n", b"")
    err = refused(cli("export", "1", "-", "--data-dir", str(missing)))
    assert "no game with id 1" in err
    assert not (tmp_path / "no").exists()


def test_a_read_only_data_folder_can_be_listed_and_exported(saved):
    prefix = read_only(saved)
    done = cli("games", "--data-dir", str(saved), prefix=prefix)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert done.stdout.decode().split()[:1] == ["1"]
    done = cli("export", "1", "-", "--data-dir", str(saved), prefix=read_only(saved))
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert done.stdout == PINNED.read_bytes()
    done = cli("export", "--format", "bgstats", "--all", "-", "--data-dir", str(saved), prefix=read_only(saved))
    assert done.returncode == 0 and done.stderr == b"", done.stderr


def test_an_import_into_a_read_only_data_folder_is_refused_and_stores_nothing(saved):
    before = (saved / "games.sqlite3").read_bytes()
    err = refused(cli("import", str(PINNED), "--again", "--data-dir", str(saved), prefix=read_only(saved)))
    assert "read-only" in err or "may not be written" in err, err
    saved.chmod(0o755)
    assert (saved / "games.sqlite3").read_bytes() == before


@pytest.mark.skipif(not NAMESPACES, reason="a real full disk needs a private tmpfs (root and unshare)")
def test_an_import_on_a_full_disk_is_refused_and_the_games_before_are_kept(tmp_path):
    folder = tmp_path / "small"
    folder.mkdir()
    script = (
        f"mount -t tmpfs -o size=400k tmpfs {folder} && "
        f"{sys.executable} -m companion import {PINNED} --data-dir {folder}/data >/dev/null && "
        f"(dd if=/dev/zero of={folder}/filler bs=4k 2>/dev/null; true) && "
        f"{sys.executable} -m companion import {PINNED} --again --data-dir {folder}/data; echo \"rc=$?\" >&2; "
        f"rm {folder}/filler && {sys.executable} -m companion games --data-dir {folder}/data"
    )
    done = subprocess.run(["unshare", "-m", "sh", "-c", script], cwd=REPO, capture_output=True, timeout=60)
    err = done.stderr.decode()
    assert "Traceback" not in err, err
    line, rc = err.splitlines()
    assert rc == "rc=2" and line.startswith("import: ") and "the disk is full" in line, err
    assert done.stdout.decode().splitlines()[0].split()[0] == "1" and len(done.stdout.splitlines()) == 1


@pytest.mark.parametrize("argv", [
    ["games"],
    ["export", "1", "{tmp}/out.jsonl"],
    ["import", str(PINNED)],
    ["simulate", "--games", "1"],
    ["app", "--no-browser", "--host", "127.0.0.1"],
    ["--no-browser", "--host", "127.0.0.1"],
], ids=lambda a: a[0])
def test_an_empty_data_dir_is_one_line_and_exit_2_for_every_command(tmp_path, argv):
    """``--data-dir ""`` (a shell variable not set) was the current folder for games/export/import/simulate
    (import stored a game in it) and the default folder for the app; now every command refuses it alike."""
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "TREASURE_COMPANION_DATA": str(tmp_path / "data"),
           "PYTHONPATH": str(REPO)}  # run in tmp_path (the folder an empty name would mean), this checkout's code
    done = subprocess.run([sys.executable, "-m", "companion", *args, "--data-dir", ""], cwd=tmp_path, env=env,
                          capture_output=True, timeout=60)
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "--data-dir: empty: leave --data-dir out for the default folder" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing made here nor in the default folder
    assert done.stdout == b""


EMPTY_OPTION = "the name is empty (a shell variable that was not set?)"


@pytest.mark.parametrize(("argv", "says"), [
    (["simulate", "--games", "1", "--deck", ""],
     f"treasure-companion simulate: argument --deck: {EMPTY_OPTION} (see treasure-companion simulate --help)"),
    (["simulate", "--games", "1", "--records", ""],
     f"treasure-companion simulate: argument --records: {EMPTY_OPTION} (see treasure-companion simulate --help)"),
    (["calibrate", "--games", "1", "--deck", ""],
     f"treasure-companion calibrate: argument --deck: {EMPTY_OPTION} (see treasure-companion calibrate --help)"),
    (["decks", "check", ""], '"": cannot read: the file name is empty'),
    (["score", ""], 'error: cannot read "": the file name is empty'),
    (["replay", ""], 'replay: cannot read "": the file name is empty'),
    (["log", ""], 'log: cannot read "": the file name is empty'),
    (["import", ""], 'import: cannot read "": the file name is empty'),
], ids=lambda a: " ".join(a) if isinstance(a, list) else None)
def test_an_empty_file_name_is_said_to_be_empty_not_the_current_folder(tmp_path, argv, says):
    """``simulate --deck ""`` said "`.`: it is a folder" (an empty path is the current folder), and
    ``--records ""`` wrote the records into it; the others said "cannot read : No such file or directory"."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "TREASURE_COMPANION_DATA": str(tmp_path / "data"),
           "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "companion", *argv], cwd=tmp_path, env=env, capture_output=True,
                          timeout=60)
    assert (done.returncode, done.stdout, done.stderr.decode()) == (2, b"", says + "\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_an_empty_data_folder_name_from_code_is_a_store_error_not_the_current_folder(tmp_path, monkeypatch):
    from companion.store import Store, StoreError

    monkeypatch.chdir(tmp_path)
    with pytest.raises(StoreError, match="the data folder name is empty"):
        Store.open("")
    assert list(tmp_path.iterdir()) == []


def test_the_app_without_a_usable_temporary_folder_says_so_in_one_line(tmp_path):
    """A full disk where the temporary folders are: every page load failed with a traceback in the terminal
    (Flet writes its page into one); now the app does not start, and says why."""
    script = ("import sys, tempfile\n"
              f"tempfile._candidate_tempdir_list = lambda: [{str(tmp_path / 'full')!r}]\n"
              "tempfile.tempdir = None\n"
              "from companion.cli.main import main\n"
              "sys.exit(main(sys.argv[1:]))\n")
    done = subprocess.run([sys.executable, "-c", script, "--no-browser", "--host", "127.0.0.1", "--port", "1",
                           "--data-dir", str(tmp_path / "data")], cwd=REPO, capture_output=True, timeout=60)
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("treasure-companion: no temporary folder can be written (is the disk full?)")


@pytest.mark.parametrize("argv", [["games"], ["export", "1", "-"], ["import", str(PINNED)]], ids=lambda a: a[0])
def test_a_data_folder_under_a_file_is_named_not_read_as_empty(tmp_path, argv):
    """``games --data-dir afile/data`` said "No games yet." (and export "no game with id 1"): a folder that
    cannot exist was read as one that does not exist yet."""
    (tmp_path / "afile").write_text("x")
    done = cli(*argv, "--data-dir", str(tmp_path / "afile" / "data"))
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1 and done.stdout == b"", err
    assert err.endswith(f"the data folder {tmp_path}/afile/data cannot be made: {tmp_path}/afile is a file\n")
