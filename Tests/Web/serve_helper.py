"""Helpers for the web tests of `realm-browser serve`: the built executable serving a fixture,
headless Chromium through Selenium, the fixtures' own JSON dumps, and waits with a generous
bound (the suite runs on busy machines: nothing here depends on timing)."""

import json
import os
import select
import shutil
import signal
import subprocess
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("REALM_BROWSER", os.path.join(ROOT, ".build", "debug", "realm-browser"))
FIXTURES = os.environ.get("REALM_FIXTURES", os.path.abspath(os.path.join(ROOT, "..", "shared", "fixtures")))
# Where screenshots of the main views go (scripts/screenshots.sh sets it); unset: none taken.
SCREENSHOTS = os.environ.get("REALM_SCREENSHOTS")
PATIENCE = 120


def fixture(name):
    return os.path.join(FIXTURES, name)


_dumps = {}


def dump(name):
    """The fixture's canonical JSON dump (written by realm-core), as {class: table}."""
    if name not in _dumps:
        with open(fixture(name + ".json"), encoding="utf-8") as handle:
            tables = json.load(handle)["tables"]
        _dumps[name] = {table["class"]: table for table in tables if table.get("class")}
    return _dumps[name]


def copy_fixture(name, directory):
    """A copy of NAME.realm in `directory` (tests that write never touch the fixture)."""
    target = os.path.join(directory, name + ".realm")
    shutil.copyfile(fixture(name + ".realm"), target)
    return target


def run_browser(*arguments):
    """`realm-browser ARGUMENTS`: its standard output (the exit status must be 0)."""
    result = subprocess.run([BINARY, *arguments], capture_output=True, text=True, timeout=PATIENCE)
    if result.returncode != 0:
        raise AssertionError(f"realm-browser {arguments} exited {result.returncode}: {result.stderr}")
    return result.stdout


class Server:
    """`realm-browser serve PATH... --port 0 [--write] [EXTRA]`: the URL it prints; stopped with SIGTERM."""

    def __init__(self, path, write=False, extra=()):
        paths = path if isinstance(path, (list, tuple)) else [path]
        command = [BINARY, "serve", *paths, "--port", "0"] + (["--write"] if write else []) + list(extra)
        # Standard error to a file: a pipe no one reads until the end could fill and stop the server.
        self.errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.errors, text=True)
        ready, _, _ = select.select([self.process.stdout], [], [], PATIENCE)
        line = self.process.stdout.readline().strip() if ready else ""
        if not line.startswith("http://"):
            self.errors.seek(0)
            errors = self.errors.read()
            self.stop()
            raise AssertionError(f"serve printed no URL (exit status {self.process.returncode}): {line!r} {errors}")
        self.url = line
        self.base = line.split("/?", 1)[0]

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=PATIENCE)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        self.errors.close()
        return self.process.returncode


def make_driver():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    binary = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver_path = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver") or "/usr/bin/chromedriver"
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_page_load_timeout(PATIENCE)
    driver.set_script_timeout(PATIENCE)
    return driver


def wait(driver, condition, message=""):
    """Waits until `condition(driver)` is truthy (at most PATIENCE seconds) and returns it.
    Exceptions while waiting (an element re-rendered under us) count as not yet."""
    def check(current):
        try:
            return condition(current)
        except Exception:  # noqa: BLE001 - the DOM changes under a poll; try again
            return False
    return WebDriverWait(driver, PATIENCE, poll_frequency=0.2).until(check, message)


def text_of(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).text


def shoot(driver, name, both=False):
    """Saves a screenshot as SCREENSHOTS/NAME.png when screenshots were asked for; with `both`,
    NAME.png in the light theme and NAME-dark.png in the dark one (the page's own switch, put
    back as it was)."""
    if not SCREENSHOTS:
        return
    os.makedirs(SCREENSHOTS, exist_ok=True)
    settle = "return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    if not both:
        # Let fonts and the last frame settle; a screenshot is never an assertion.
        driver.execute_script(settle)
        driver.save_screenshot(os.path.join(SCREENSHOTS, name + ".png"))
        return
    before = driver.execute_script("return localStorage.getItem('realm-browser theme')")
    for theme, suffix in (("light", ""), ("dark", "-dark")):
        driver.execute_script("stored.set(themeChoiceKey, arguments[0]); applyTheme();", theme)
        driver.execute_script(settle)
        driver.save_screenshot(os.path.join(SCREENSHOTS, name + suffix + ".png"))
    driver.execute_script("if (arguments[0] === null) localStorage.removeItem(themeChoiceKey); "
                          "else stored.set(themeChoiceKey, arguments[0]); applyTheme();", before)
