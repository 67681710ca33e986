"""The solver's compiler: numba's `njit` where numba is installed (the `fast` extra), else nothing.

`COMPILED` says which: true when numba can be imported and `PREFPRINT_NO_JIT` is unset or empty.
Decided once, when the module is first imported, without importing numba (it takes a second to
load): the search's kernel (`prefprint.analysis.kernel`) imports numba only when it is compiled.
Compiled code is kept in numba's cache on disk (`cache=True`, beside the source or in
`NUMBA_CACHE_DIR`): the first process compiles, later ones load it.
"""

from __future__ import annotations

import importlib.util
import os

COMPILED = not os.environ.get("PREFPRINT_NO_JIT") and importlib.util.find_spec("numba") is not None


def njit(signature: str | None = None):
    """A decorator: numba's njit with the cache (and `signature`, compiled at once) when COMPILED, else none.

    Recursive functions must be given their signature: numba's cache of a recursive function
    typed on first call crashes the processes that load it (numba issue 6061).
    """
    if not COMPILED:
        return lambda function: function
    import numba

    args = () if signature is None else (signature,)

    def compiled(function):
        try:
            return numba.njit(*args, cache=True, nogil=True)(function)
        except RuntimeError:  # no folder numba may keep its cache in: compiled again in every process
            return numba.njit(*args, nogil=True)(function)

    return compiled
