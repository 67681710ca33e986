"""Output folders: whatever a killed run left beside the folder, the next run takes over and cleans up."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest

from prefprint.io.outdir import MANIFEST, OutputError, OutputFolder, write_atomic


def _beside(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".out."))


def _old(path: Path, seconds: int = 3600) -> None:
    t = time.time() - seconds
    os.utime(path, (t, t))


def test_a_lock_left_by_a_killed_run_is_taken_over(tmp_path):
    (tmp_path / ".out.lock").write_text("")  # a run killed with SIGKILL: the file stays, its flock is gone
    with OutputFolder(tmp_path / "out").staged() as staging:
        (staging / "index.html").write_text("new")
    assert (tmp_path / "out" / "index.html").read_text() == "new"
    assert _beside(tmp_path) == []


def test_a_killed_runs_staging_is_removed_and_an_old_folder_caught_in_a_swap_put_back(tmp_path):
    staged = tmp_path / ".out.swap-killed1"  # killed while writing: thrown away
    (staged / "deals").mkdir(parents=True)
    (staged / MANIFEST).write_text(json.dumps({"kind": "results", "state": "staging", "names": []}))
    old = tmp_path / ".out.swap-killed2"  # killed between the two renames: the old folder waits here
    old.mkdir()
    (old / "index.html").write_text("old")
    (old / "notes.txt").write_text("the director's own")
    (old / MANIFEST).write_text(json.dumps({"kind": "results", "state": "done", "names": ["index.html"]}))
    with OutputFolder(tmp_path / "out").staged() as staging:
        (staging / "index.html").write_text("new")
    assert (tmp_path / "out" / "index.html").read_text() == "new"
    assert (tmp_path / "out" / "notes.txt").read_text() == "the director's own"
    assert _beside(tmp_path) == []


def test_half_written_files_of_a_killed_run_are_removed_only_when_stale_and_ours(tmp_path):
    out = tmp_path / "out"
    with OutputFolder(out).staged() as staging:
        (staging / "index.html").write_text("first")
    leftovers = {
        out / ".index.html.abcd1234.tmp": True,
        tmp_path / ".start-list.pdf.k2_9zz00.tmp": True,
        out / ".results.pdf.fresh000.tmp": False,
        tmp_path / ".letter.txt.abcd1234.tmp": False,
    }
    for path, stale in leftovers.items():
        path.write_text("half")
        if stale or "letter" in path.name:
            _old(path)
    with OutputFolder(out).staged() as staging:  # a folder holding our temporary files is still ours
        (staging / "index.html").write_text("second")
    assert not (tmp_path / ".start-list.pdf.k2_9zz00.tmp").exists()
    assert (tmp_path / ".letter.txt.abcd1234.tmp").exists()  # not a name prefprint writes: not ours to remove
    assert (out / "index.html").read_text() == "second"
    # inside the folder: the stale one gone, the fresh one (a concurrent `analyse` may be writing it) carried over
    assert sorted(p.name for p in out.iterdir()) == [".prefprint", ".results.pdf.fresh000.tmp", "index.html"]


def test_a_process_forked_while_the_lock_is_held_never_keeps_it(tmp_path):
    """A worker that outlives its run (as one did under SIGKILL) must not keep the next run out."""
    out = tmp_path / "out"
    read, write = os.pipe()
    with OutputFolder(out).staged():
        child = os.fork()
        if child == 0:  # the child: say whether it holds the lock file open, then linger
            try:
                os.write(write, b"held" if _holds_lock() else b"free")
                time.sleep(30)
            finally:
                os._exit(0)
    os.close(write)  # the child's answer, or the end of the pipe if it failed
    try:
        assert os.read(read, 10) == b"free"
        with OutputFolder(out).staged() as staging:  # the child lives on; the next run goes ahead
            (staging / "index.html").write_text("next")
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        os.close(read)
    assert (out / "index.html").read_text() == "next" and _beside(tmp_path) == []


def _holds_lock() -> bool:
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}").endswith(".out.lock"):
                return True
        except OSError:  # the listing's own descriptor, already closed
            pass
    return False


def test_a_running_run_still_keeps_another_out(tmp_path):
    with OutputFolder(tmp_path / "out").staged(), pytest.raises(OutputError) as e:
        with OutputFolder(tmp_path / "out").staged():
            pass
    assert e.value.message.code == "outdir.locked"
    assert _beside(tmp_path) == []


def test_write_atomic_leaves_no_temporary_file(tmp_path):
    write_atomic(tmp_path / "a.html", "x")
    assert [p.name for p in tmp_path.iterdir()] == ["a.html"]


def test_published_results_are_readable_as_the_users_own_folders_are_a_kit_its_owners_alone(tmp_path):
    """Staged folders are made private (mkdtemp's 0700); results swapped in are made as any folder the user
    makes (0755 under umask 022), so that a web server can read a site copied with its modes (rsync -a); a kit,
    whose cards print the entry codes, stays its owner's."""
    from prefprint.io import outdir

    with OutputFolder(tmp_path / "out").staged() as staging:
        (staging / "deals").mkdir()
        write_atomic(staging / "index.html", "site")
    with OutputFolder(tmp_path / "out").staged() as staging:  # and swapped in over an earlier one
        write_atomic(staging / "index.html", "again")
    with OutputFolder(tmp_path / "kit", kind="kit").staged() as staging:
        write_atomic(staging / "director.html", "codes")
    assert (tmp_path / "out").stat().st_mode & 0o777 == 0o777 & ~outdir._UMASK
    assert (tmp_path / "out" / "index.html").stat().st_mode & 0o777 == 0o666 & ~outdir._UMASK
    assert (tmp_path / "kit").stat().st_mode & 0o777 == 0o700


@pytest.mark.parametrize("written, writing", [("kit", "results"), ("results", "kit")])
def test_a_kit_folder_is_never_replaced_by_results_nor_results_by_a_kit(tmp_path, written, writing):
    """`prefprint results -o KIT` would have replaced the kit, its filled protocols.xlsx with it: refused, the
    folder untouched, a folder for the results named."""
    out = tmp_path / "event"
    with OutputFolder(out, kind=written).staged() as staging:
        (staging / "protocols.xlsx").write_bytes(b"filled by the scorers")
    before = _files(out)
    with pytest.raises(OutputError) as refused:
        with OutputFolder(out, kind=writing).staged() as staging:
            (staging / "index.html").write_text("new")
    assert refused.value.message.code == f"outdir.is_{written}"
    if written == "kit":
        assert str(out / "results") in refused.value.message.text("ru")
    assert _files(out) == before
    assert _beside(tmp_path) == []


def test_a_competitions_kit_or_results_are_never_replaced_by_the_other_either(tmp_path):
    """A competition's kit is a folder of session-N/ kits (each with its manifest), its results one folder with
    session-N/ inside: results over the kit, or a session's kit into the results, are refused."""
    kit, results = tmp_path / "kit", tmp_path / "results"
    with OutputFolder(kit / "session-1", kind="kit").staged() as staging:
        (staging / "protocols.xlsx").write_bytes(b"filled by the scorers")
        (staging / "scoring.sqlite").write_bytes(b"the server's rows")
    write_atomic(kit / "index.html", "the competition's kit")
    with OutputFolder(results).staged() as staging:
        (staging / "session-1").mkdir()
        (staging / "session-1" / "index.html").write_text("session 1's results")
    before = _files(tmp_path)
    with pytest.raises(OutputError, match="holds an event.s kit"):
        with OutputFolder(kit).staged():
            pass
    for session in ("session-1", "session-2"):
        with pytest.raises(OutputError, match="holds published results"):
            with OutputFolder(results / session, kind="kit").staged():
                pass
    assert _files(tmp_path) == before


def _files(folder: Path) -> list:
    return sorted((str(p), p.read_bytes()) for p in folder.rglob("*") if p.is_file())
