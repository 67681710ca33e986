"""The searches' two ways: compiled by numba where it is installed (the `fast` extra), else plain Python.

`COMPILED` says which a process runs: true when numba can be imported and `PREFPRINT_NO_JIT` is unset
or empty. Decided once, when this module is first imported, without importing numba (it takes a
second to load). `searches()` gives the module of the searches (`prefprint.analysis.search`) run one
way or the other, each loaded once; its functions are decorated with `njit`, which compiles them
when that module is loaded the compiled way and leaves them as they are otherwise. Compiled code is
kept in numba's cache on disk (`cache=True`, beside the source or in `NUMBA_CACHE_DIR`): the first
process compiles, later ones load it.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from types import ModuleType

COMPILED = not os.environ.get("PREFPRINT_NO_JIT") and importlib.util.find_spec("numba") is not None
_DEFAULT = COMPILED  # the way `prefprint.analysis.search` is imported (COMPILED may be set otherwise later)
# the way of the module searches() is loading, if not the default: read by the decorators while that module runs,
# which have no caller to be handed it
_loading: bool | None = None


def compiling() -> bool:
    """True while the functions being decorated are to be compiled."""
    return _DEFAULT if _loading is None else _loading


def searches(compiled: bool | None = None) -> ModuleType:
    """The module of the searches run compiled or plain (default: COMPILED), loaded once each way.

    The default way is `prefprint.analysis.search` itself; the other is the same file loaded again
    as `prefprint.analysis.search_compiled` or `_plain`, so that the tests and the benchmarks set the
    two side by side in one process (numba compiles only functions of a module in sys.modules)."""
    global _loading
    compiled = COMPILED if compiled is None else compiled
    if compiled == _DEFAULT:
        return importlib.import_module("prefprint.analysis.search")
    name = "prefprint.analysis.search_" + ("compiled" if compiled else "plain")
    if name not in sys.modules:
        origin = importlib.util.find_spec("prefprint.analysis.search").origin
        spec = importlib.util.spec_from_file_location(name, origin)
        module = sys.modules[name] = importlib.util.module_from_spec(spec)
        _loading = compiled
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        finally:
            _loading = None
    return sys.modules[name]


def njit(signature: str | None = None, plain=None):
    """A decorator: numba's njit with the cache (and `signature`, compiled at once) when compiling, else none.

    Recursive functions must be given their signature: numba's cache of a recursive function
    typed on first call crashes the processes that load it (numba issue 6061). `plain`: the function
    that runs instead when not compiled (where a dict serves CPython better than numba's array).
    """
    if not compiling():
        return lambda function: function if plain is None else plain
    import numba

    args = () if signature is None else (signature,)

    def compiled(function):
        try:
            return numba.njit(*args, cache=True, nogil=True)(function)
        except RuntimeError:  # no folder numba may keep its cache in: compiled again in every process
            return numba.njit(*args, nogil=True)(function)

    return compiled
