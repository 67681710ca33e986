"""Where the PDF rendering's seconds go: `python benchmarks/render_profile.py [--profile N] [--only DOC] [--dump DIR]`.

Builds the HTML parts the render processes get for the 100-player open (sample_events/open-100.toml): each
document of the kit (`kit --no-analysis`) and results.pdf of the filled workbook (every row), then renders
every part the way a render process does (io.render.warm_up, then each part in a child forked for it,
pdf_bytes_forked), one part at a time, and prints the CPU seconds of each document (parts, pages, seconds,
share). `--profile N` renders in this process instead, under cProfile, the collector off while a part renders
and run after it outside the profile (as a forked child never runs it), and prints the N costliest functions;
`--only` renders one document (or "results"); `--dump DIR` writes the parts as HTML files (to render them
with pdftoppm before and after). With PREFPRINT_ROOT set to a checkout from before the forked render
processes, the parts are rendered there as its workers did (pdf_bytes, the collector run after each part).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(os.environ.get("PREFPRINT_ROOT") or Path(__file__).resolve().parent.parent).resolve()
sys.path.insert(0, str(ROOT))

SPEC = ROOT / "sample_events" / "open-100.toml"


class _Captured(Exception):
    pass


def kit_parts() -> dict[str, list[str]]:
    """The kit's documents as the render processes get them (no analysis)."""
    from prefprint.app import kit
    from prefprint.io.spec import load_event

    event = load_event(SPEC)
    return {name: kit.render_parts(event, name) for name in kit.documents_of(event)}


def results_parts(folder: Path) -> list[str]:
    """The parts of results.pdf of the filled workbook (every row entered)."""
    from prefprint.app import results
    from prefprint.app.publish import pdf
    from prefprint.engine.fills import random_fills
    from prefprint.io.spec import load_competition, load_event
    from prefprint.io.workbook import fill_workbook, write_protocol_workbook

    event = load_event(SPEC)
    blank = write_protocol_workbook(event, folder / "protocols.xlsx")
    fills, _ = random_fills(event, 1)
    book = fill_workbook(blank, folder / "filled.xlsx", fills)
    captured = []

    def capture(documents, *args, **kwargs):
        captured.extend(text for parts in documents.values() for text in parts)
        raise _Captured

    pdf.render_pdfs = capture
    try:
        results.run(load_competition(SPEC), [book], folder / "results", results.Options(pdf=True))
    except _Captured:
        pass
    return captured


def _children_cpu() -> float:
    import resource

    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", type=int, default=0, metavar="N", help="print the N costliest functions")
    ap.add_argument("--only", help="one document of the kit, or 'results'")
    ap.add_argument("--dump", type=Path, help="write each part's HTML into this folder")
    ap.add_argument("--sort", default="tottime", help="pstats sort key of the profile (tottime, cumulative)")
    args = ap.parse_args()

    from prefprint.io import render
    from prefprint.io.render import pdf_pages, warm_up

    documents = {} if args.only == "results" else kit_parts()
    if args.only in (None, "results"):
        with tempfile.TemporaryDirectory() as tmp:
            documents["results"] = results_parts(Path(tmp))
    if args.only:
        documents = {args.only: documents[args.only]}
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
        for name, parts in documents.items():
            for i, text in enumerate(parts):
                (args.dump / f"{name}-{i:02d}.html").write_text(text, encoding="utf-8")

    warm_up()
    profile = cProfile.Profile() if args.profile else None
    forked = getattr(render, "pdf_bytes_forked", None)
    times, pages, sizes = {}, {}, {}
    for name, parts in documents.items():
        times[name], pdfs = 0.0, []
        for text in parts:
            if profile and forked:
                gc.disable()
                t = time.process_time()
                profile.enable()
                pdfs.append(render._render(*render._prepared(text)))
                profile.disable()
                times[name] += time.process_time() - t
                gc.enable()
                gc.collect()
            elif profile:
                t = time.process_time()
                profile.enable()
                pdfs.append(render.pdf_bytes(text))
                profile.disable()
                times[name] += time.process_time() - t
            elif forked:
                t = _children_cpu() + time.process_time()
                pdfs.append(forked(text))
                times[name] += _children_cpu() + time.process_time() - t
            else:
                t = time.process_time()
                pdfs.append(render.pdf_bytes(text))
                times[name] += time.process_time() - t
        pages[name] = sum(pdf_pages(p) for p in pdfs)
        sizes[name] = sum(len(p) for p in pdfs)
    total = sum(times.values())
    print(f"{'document':<12} {'parts':>5} {'pages':>5} {'CPU s':>7} {'share':>6} {'ms/page':>8} {'KB':>6}")
    for name in documents:
        print(
            f"{name:<12} {len(documents[name]):>5} {pages[name]:>5} {times[name]:>7.2f} {times[name] / total:>6.0%} "
            f"{1000 * times[name] / max(1, pages[name]):>8.0f} {sizes[name] // 1024:>6}"
        )
    print(f"{'all':<12} {sum(map(len, documents.values())):>5} {sum(pages.values()):>5} {total:>7.2f}")
    if profile:
        stats = pstats.Stats(profile)
        stats.sort_stats(args.sort).print_stats(args.profile)


if __name__ == "__main__":
    main()
