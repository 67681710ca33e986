"""The desk's browser tests' driver: headless Chromium at 1280 px (tests/server/desk/browsing.py has the rest)."""

import pytest


@pytest.fixture
def browser():
    from helpers import chromium

    driver = chromium(1280, 900)
    yield driver
    driver.quit()
