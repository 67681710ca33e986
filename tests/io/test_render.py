"""PDF rendering: a document forked off renders as in the process, and print.css's rules that cannot match are left out."""

from __future__ import annotations

import io
import os
import signal
from concurrent.futures import BrokenExecutor

import pytest

from prefprint.io import render
from prefprint.io.pool import FORKS, run_forked

_DOC = (
    '<!DOCTYPE html><html><head><style>\n{css}</style></head><body class="protocol">'
    '<table class="grid rows"><tr><td class="pre">1</td><td class="fill"></td></tr></table>'
    "<p>Протокол · Сдача 1</p></body></html>"
)


def _doc() -> str:
    return _DOC.format(css=render.css_text().rstrip("\n"))


def _selectors(html: str) -> set[str]:
    """The selectors of the rules of print.css a document is rendered with."""
    rules = render._css_rules()
    return {rules[i][1].split("{")[0].strip() for i in render._rules_for(html)}


def test_a_document_keeps_the_rules_that_can_match_it_and_only_those():
    html, sheet = render._prepared(_doc())
    assert render.css_text().rstrip("\n") not in html and sheet is not None  # the inline copy: parsed rules instead
    kept = _selectors(html)
    assert ".protocol table.rows td.pre" in kept and "table.grid th, table.grid td" in kept
    assert ":root" in kept and "@page" in kept and "@page pair" in kept  # custom properties and pages: always
    assert ".card table.grid td" not in kept  # no element has the class card
    assert "table.dd th, table.dd td" not in kept
    assert "ul.notes" not in kept  # no ul
    # a selector list is kept when one of its selectors can match
    assert ".red, .suit-1-red" not in kept
    assert ".red, .suit-1-red" in _selectors(_doc().replace('class="pre"', 'class="pre suit-1-red"'))


def test_elements_the_parser_adds_count_as_present():
    # tbody is never written in the document above, yet the HTML parser puts the rows in one
    assert "table.zebra > tbody > tr:nth-child(even) > td" in _selectors(_doc().replace("grid rows", "grid rows zebra"))


def test_the_pruned_stylesheet_prints_the_same_as_the_whole_one():
    from pypdf import PdfReader

    html, sheet = render._prepared(_doc())
    whole = render._render(html, render._stylesheet())
    pruned = render._render(html, sheet)
    assert whole == pruned
    assert "Сдача 1" in PdfReader(io.BytesIO(pruned)).pages[0].extract_text()


def test_a_document_forked_off_renders_as_in_this_process():
    render.warm_up()
    assert render.pdf_bytes_forked(_doc()) == render.pdf_bytes(_doc())


def _getpid(_=None) -> int:
    return os.getpid()


def _fails():
    raise ValueError("from the child")


def _dies():
    os.kill(os.getpid(), signal.SIGKILL)


_STATE = {"n": 0}


def _changes_state():
    _STATE["n"] += 1
    return _STATE["n"]


@pytest.mark.skipif(not FORKS, reason="run_forked forks on Linux only")
def test_run_forked_returns_raises_and_leaves_this_process_as_it_was():
    assert run_forked(_getpid) != os.getpid()
    assert run_forked(_changes_state) == 1 and _STATE["n"] == 0  # the child's changes go with it
    with pytest.raises(ValueError, match="from the child"):
        run_forked(_fails)
    with pytest.raises(BrokenExecutor, match="without a result"):  # the command says it in one line
        run_forked(_dies)


def test_the_html_reader_builds_each_pattern_once_and_reads_the_same():
    import xml.etree.ElementTree as ET

    import tinyhtml5
    from tinyhtml5 import inputstream

    text = _doc()
    before = ET.tostring(tinyhtml5.parse(text, namespace_html_elements=False))
    render._fix_html_reader()
    assert ET.tostring(tinyhtml5.parse(text, namespace_html_elements=False)) == before
    cache = inputstream.characters_until_regex
    assert cache and all(isinstance(chars, (str, tuple, frozenset)) for chars, _ in cache)  # keyed as looked up
    size = len(cache)
    tinyhtml5.parse(text, namespace_html_elements=False)
    assert len(cache) == size
