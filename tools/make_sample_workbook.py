"""Write sample_events/club-night-20-filled.xlsx: the club night's protocol workbook with every row filled.

The workbook is the one `prefprint kit sample_events/club-night-20.toml` writes (with the hidden
sheet that ties it to the event's movement and deals), filled with plausible random results from a
fixed seed, so that `prefprint results sample_events/club-night-20.toml
sample_events/club-night-20-filled.xlsx` publishes at once on a fresh clone. Run it again whenever
the spec, the movement, the deals or the workbook format change (tests/test_readme.py says so):

    python tools/make_sample_workbook.py

The file is written byte for byte the same on every run: the zip members carry the event's date and
the document properties carry no time of writing.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from prefprint.engine.fills import random_fills  # noqa: E402
from prefprint.io.spec import load_event  # noqa: E402
from prefprint.io.workbook import fill_workbook, write_protocol_workbook  # noqa: E402

SPEC = ROOT / "sample_events" / "club-night-20.toml"
TARGET = ROOT / "sample_events" / "club-night-20-filled.xlsx"
SEED = 20261205


def reproducible(data: bytes, stamp: tuple) -> bytes:
    """The same workbook with fixed zip times and document dates, so that a run without changes changes nothing."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    iso = "{:04d}-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}Z".format(*stamp)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in sorted(src.infolist(), key=lambda i: i.filename != "[Content_Types].xml"):
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", lambda m: m.group(1) + iso.encode(), body)
            member = zipfile.ZipInfo(info.filename, date_time=stamp)
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = 0o644 << 16
            dst.writestr(member, body)
    return out.getvalue()


def make(spec: Path = SPEC, target: Path = TARGET, seed: int = SEED) -> Path:
    """Write the filled workbook of `spec` to `target`; every row filled, whists written."""
    event = load_event(spec)
    with tempfile.TemporaryDirectory(prefix="prefprint-sample-") as tmp:
        blank = write_protocol_workbook(event, Path(tmp) / "protocols.xlsx")
        fills, _ = random_fills(event, seed, blank_whists=0)
        filled = fill_workbook(blank, Path(tmp) / "filled.xlsx", fills)
        data = filled.read_bytes()
    day = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)", str(event.date))
    stamp = (*map(int, day.groups()), 12, 0, 0) if day else (2026, 1, 1, 12, 0, 0)
    target.write_bytes(reproducible(data, stamp))
    return target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", type=Path, default=SPEC, help="the event spec (default: the club night)")
    parser.add_argument("-o", "--output", type=Path, default=TARGET, help="the workbook to write")
    parser.add_argument("--seed", type=int, default=SEED, help="seed of the random results")
    args = parser.parse_args(argv)
    print(make(args.spec, args.output, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
