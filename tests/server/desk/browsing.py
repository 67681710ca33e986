"""Helpers of the desk's browser tests (headless Chromium through Selenium; the driver is tests/conftest.py's `browser`): waiting for an
element or its text, a click on an element scrolled into view, a screenshot saved where PREFPRINT_SCREENSHOTS
says. The tests skip where chromium or chromedriver is absent (`absent`)."""

from __future__ import annotations

import os
import shutil

import pytest
from helpers import DRIVER, start_uvicorn

SHOTS = os.environ.get("PREFPRINT_SCREENSHOTS")  # a folder: the walks' screenshots are saved there
absent = pytest.mark.skipif(not (shutil.which("chromium") and DRIVER), reason="chromium or chromedriver absent")


def wait(driver, timeout=30):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,))


def find(driver, css, timeout=30):
    from selenium.webdriver.common.by import By

    wait(driver, timeout).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))
    return driver.find_element(By.CSS_SELECTOR, css)


def text(driver, css, want, timeout=30):
    from selenium.webdriver.common.by import By

    def seen(d):
        found = d.find_elements(By.CSS_SELECTOR, css)
        return found and want(found[0].text)

    wait(driver, timeout).until(seen)
    return driver.find_element(By.CSS_SELECTOR, css).text


def click(driver, css):
    button = find(driver, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def serving(app, port: int):
    """The desk's app on 127.0.0.1:port in a thread, until the generator is closed (a fixture yields from it)."""
    srv, thread = start_uvicorn(app, port)
    try:
        yield
    finally:
        srv.should_exit = True
        thread.join(10)


def shot(driver, name):
    if SHOTS:
        driver.save_screenshot(os.path.join(SHOTS, f"desk-{name}.png"))


def fits_390(driver) -> None:
    """The page at a phone's 390 px: nothing in it scrolls sideways, nor the page itself."""
    driver.set_window_size(390, 844)
    wide = driver.execute_script(
        "return [document.documentElement, ...document.querySelectorAll('#app *')]"
        ".filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')"
        ".map((e) => e.id || e.className || e.tagName)"
    )
    assert wide == [], wide
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= driver.execute_script("return window.innerWidth"), width
