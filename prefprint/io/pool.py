"""One pool of worker processes for every caller (PDF rendering, double-dummy analysis).

The workers never outlive the process that started them:

- on Linux the kernel sends them SIGKILL when their parent dies (`PR_SET_PDEATHSIG`), even
  when the parent is killed outright; elsewhere, and as a second guard, a thread in each worker
  watches its parent and ends the worker as soon as it is gone (`die_with_parent`, which every
  process the package starts calls first thing). A worker whose parent died while it started (a
  started-afresh worker imports for a while before it can ask) sees another parent and ends at once;
  with it goes multiprocessing's resource tracker, which ends when the last process holding its
  pipe does;
- Ctrl-C and SIGTERM are the parent's to handle (the command turns SIGTERM into
  KeyboardInterrupt): a worker ignores Ctrl-C, dies of SIGTERM without a word, and any exception
  in the block that uses the pool (an interruption, a failed task) ends every worker at once —
  SIGTERM, then SIGKILL for one that has not gone within a second — and the parent waits for
  each of them before the exception goes on.

    with WorkerPool(4) as pool:
        futures = pool.submit_all(work, items)
        results = [f.result() for f in futures]

The parent-death signal is tied to the thread that starts the workers: use a pool from a thread
that lives as long as the pool (the main thread, as every caller does).
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import pickle
import signal
import struct
import sys
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

_PR_SET_PDEATHSIG = 1
FORKS = sys.platform == "linux" and hasattr(os, "fork")  # run_forked forks (else it calls in this process)
_STOPS = {signal.SIGINT, signal.SIGTERM}
STOP_WAIT = 1.0  # seconds a worker is given to end on SIGTERM before it is killed
PER_CORE = 4  # the most workers a pool starts per core, whatever was asked
_WATCH_EVERY = 0.25  # seconds between two looks at the parent, where the kernel cannot watch


def die_with_parent(parent: int | None, watch: bool = True) -> None:
    """Make this process end when its parent does, first thing in a process the package starts.

    Linux: the kernel sends SIGKILL when the parent dies (`PR_SET_PDEATHSIG`; strictly, when the parent's
    thread that started this process ends: a pool is used from a thread that lives as long as it). `parent`:
    the process that started this one (None: whoever is the parent now, as for a fork server's children,
    whose server ends with the pool's process); if it is no longer the parent, it died before the signal was
    asked for, and this process ends at once. `watch`: a thread also looks at the parent every
    _WATCH_EVERY seconds and ends the process when it has gone (where the kernel cannot, macOS, and as a
    second guard).
    """
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (AttributeError, OSError):
        pass
    if parent is None:
        parent = os.getppid()
    elif os.getppid() != parent:  # the parent died before the line above: the signal will not come
        os._exit(1)
    if watch:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="prefprint-parent-watch").start()


def _worker_start(parent: int | None, initializer, initargs) -> None:
    """In each worker, first thing: end with the parent, leave Ctrl-C to it, die of SIGTERM at once.

    `parent`: the pool's own process, whose children the workers are (fork, spawn), else None (a fork
    server's children).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent stops the workers
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the command's handler inherited through fork
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)  # blocked by the parent while it started the workers
    die_with_parent(parent)
    if initializer is not None:
        initializer(*initargs)


def _watch_parent(parent: int) -> None:
    """Where the kernel cannot do it (or missed it): leave as soon as the parent is gone."""
    while os.getppid() == parent:
        time.sleep(_WATCH_EVERY)
    os._exit(1)


class _Held:
    """Ctrl-C and SIGTERM held back (in the main thread) while a block runs, delivered right after.

    An interruption while the executor starts its processes or queues tasks could leave its
    internal locks held and the workers half-started; delivered a moment later, stopping is clean.
    """

    def __enter__(self):
        self.held = threading.current_thread() is threading.main_thread()
        if self.held:
            signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
        return self

    def __exit__(self, *exc):
        if self.held:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)
        return False


class WorkerPool:
    """A process pool whose workers die with their parent and stop at once when the block fails."""

    def __init__(self, workers: int, initializer=None, initargs=(), spawn: bool = False):
        """`spawn`: workers started afresh rather than forked (for a process with threads and an event
        loop of its own, such as the scoring server, whose state a fork would copy half-way)."""
        # more processes than a few per core only wait for the same cores, each with its own memory
        # (`--jobs 100000` would fork one per deal)
        self.workers = max(1, min(int(workers), PER_CORE * (os.cpu_count() or 1)))
        self._init = (initializer, tuple(initargs))
        self._context = multiprocessing.get_context("spawn") if spawn else None
        self._executor: ProcessPoolExecutor | None = None
        self._processes: list = []

    # ---------------------------------------------------------------- use

    def __enter__(self) -> WorkerPool:
        with _Held():
            method = (self._context or multiprocessing.get_context()).get_start_method()
            children = method in ("fork", "spawn")  # the workers are this process's children (not a fork server's)
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=self._context,
                initializer=_worker_start,
                initargs=(os.getpid() if children else None, *self._init),
            )
        return self

    def __exit__(self, kind, exc, tb) -> bool:
        if kind is None:
            self._executor.shutdown(wait=True)
        else:
            self.stop()
        return False

    def start(self) -> WorkerPool:
        """Start the workers now (their initializer runs while the caller goes on), not at the first task."""
        self.submit(os.getpid)
        return self

    def submit(self, fn, *args) -> Future:
        with _Held():
            future = self._executor.submit(fn, *args)
        self._remember()
        return future

    def submit_all(self, fn, items) -> list[Future]:
        """`fn(item)` for each item, queued in order (an interruption meanwhile comes after the last)."""
        with _Held():
            futures = [self._executor.submit(fn, item) for item in items]
        self._remember()
        return futures

    def _remember(self) -> None:
        # the executor forgets its processes when it shuts down: keep them to stop and wait for them
        for proc in list((getattr(self._executor, "_processes", None) or {}).values()):
            if proc not in self._processes:
                self._processes.append(proc)

    # ---------------------------------------------------------------- stop

    def stop(self, wait: float = STOP_WAIT) -> None:
        """Cancel what is queued, end every worker now (SIGTERM, then SIGKILL after `wait` seconds) and wait
        for each."""
        self._remember()
        # the executor's own thread, which notices its workers gone and closes its wake-up pipe: waited for, so
        # that the interpreter's exit never wakes it through the closed pipe (on Python 3.11 a traceback,
        # "OSError: Bad file descriptor", in a process that stops while solving)
        manager = getattr(self._executor, "_executor_manager_thread", None)
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
        stop_processes(self._processes, wait)
        if manager is not None:
            manager.join(wait)


def stop_processes(processes, wait: float = STOP_WAIT) -> None:
    """SIGTERM to each living process, SIGKILL to those still there after `wait` seconds; each one reaped."""
    for proc in processes:
        if proc.is_alive():
            try:
                proc.terminate()
            except (OSError, ValueError):
                pass
    deadline = time.monotonic() + wait
    for proc in processes:
        proc.join(max(0.0, deadline - time.monotonic()))
    for proc in processes:
        if proc.is_alive():
            try:
                proc.kill()
            except (OSError, ValueError):
                pass
            proc.join(1)


def run_forked(fn, *args):
    """`fn(*args)` in a child process forked for this one call, its result (or exception) handed back by pipe.

    What the call builds goes with the child when it ends: the cyclic collector never walks it (a WeasyPrint
    document leaves some 600,000 objects in cycles, a tenth of its rendering time to collect) and the caller's
    memory does not grow. The child runs with the collector off, dies with the caller (the parent-death signal,
    as a worker), and ends with os._exit (no interpreter teardown). Off Linux (FORKS false: no fork, or a fork
    of a process that has loaded system libraries is not safe there), `fn` runs here.
    """
    return start_forked(fn, *args)()


def start_forked(fn, *args):
    """run_forked started: returns at once a function that waits for the result (or raises the exception), so
    that this process can work meanwhile. Off Linux `fn` runs here, at once."""
    if not FORKS:
        value = fn(*args)
        return lambda: value
    read, write = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 1
        try:
            os.close(read)
            gc.disable()
            die_with_parent(parent, watch=False)  # the kernel's signal is there: FORKS is Linux only
            try:
                data = b"r" + pickle.dumps(fn(*args), protocol=pickle.HIGHEST_PROTOCOL)
            except BaseException as e:  # noqa: BLE001 - handed to the caller, raised there
                try:
                    data = b"e" + pickle.dumps(e, protocol=pickle.HIGHEST_PROTOCOL)
                except Exception:  # noqa: BLE001 - an exception that does not pickle: its text
                    data = b"e" + pickle.dumps(RuntimeError(repr(e)))
            with os.fdopen(write, "wb") as out:
                out.write(struct.pack("<Q", len(data)) + data)
            code = 0
        finally:
            os._exit(code)
    os.close(write)

    def result():
        try:
            with os.fdopen(read, "rb") as pipe:
                head = pipe.read(8)
                data = pipe.read(struct.unpack("<Q", head)[0]) if len(head) == 8 else b""
        finally:
            _, status = os.waitpid(pid, 0)
        if not data:  # killed from outside (out of memory): as a worker of the pool killed, one line to the user
            raise BrokenProcessPool(f"forked process {pid} ended without a result (status {status})")
        value = pickle.loads(data[1:])
        if data[:1] == b"e":
            raise value
        return value

    return result
