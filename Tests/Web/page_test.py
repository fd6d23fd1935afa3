"""The base of the web tests of `realm-browser serve`: one headless Chromium per test class, a
server per test, and the page's parts found by their ids. Every wait is for a condition, with
a generous bound: nothing depends on the machine's speed."""

import os
import unittest

from selenium.webdriver.common.by import By

import serve_helper as helper
from serve_helper import Server, wait


def unquoted(text):
    """A cell's text without the quotes a string may be shown in."""
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


def number(value):
    return float(value["$double"]) if isinstance(value, dict) else float(value)


class PageTest(unittest.TestCase):
    """One Chromium for the class; a server per test."""

    @classmethod
    def setUpClass(cls):
        if not os.path.isdir(helper.FIXTURES):
            # CI must run them: a green run with none of them run would prove nothing.
            if os.environ.get("CI") == "true":
                raise AssertionError(f"the fixtures are not in {helper.FIXTURES}; CI needs them")
            raise unittest.SkipTest(f"the fixtures are not in {helper.FIXTURES}")
        cls.driver = helper.make_driver()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()

    def serve(self, path, write=False, extra=()):
        server = Server(path, write=write, extra=extra)
        self.addCleanup(server.stop)
        return server

    def open(self, server, hash_part=""):
        self.driver.get(server.url + ("#" + hash_part if hash_part else ""))
        wait(self.driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#classes li[data-name]"), "the class list")

    def css(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def wait_for(self, condition, message):
        return wait(self.driver, condition, message)

    def click(self, find, message):
        """Clicks what `find` finds, again if the grid re-rendered it in between."""
        def attempt(driver):
            find().click()
            return True
        self.wait_for(attempt, message)

    def row(self, index):
        return self.css(f'#gridRows .row[data-index="{index}"]')

    def cell(self, index, property_name):
        return self.row(index).find_element(By.CSS_SELECTOR, f'.cell[data-property="{property_name}"]')

    def wait_count(self, count):
        self.wait_for(lambda d: self.css("#count").text == f"{count} object" + ("" if count == 1 else "s"),
                      f"the count {count}")

    def in_view(self, element):
        """Whether `element` lies inside the grid's visible part (below its header)."""
        return self.driver.execute_script("""
            const grid = document.getElementById('grid');
            const bottom = grid.getBoundingClientRect().top + grid.clientTop + grid.clientHeight;
            const head = document.getElementById('gridHead').getBoundingClientRect();
            const rect = arguments[0].getBoundingClientRect();
            return rect.top >= head.bottom - 1 && rect.bottom <= bottom + 1;""", element)

    def classes_shown(self):
        return {item.get_attribute("data-name"): int(item.find_element(By.CSS_SELECTOR, ".count").text)
                for item in self.all("#classes li[data-name]")}
