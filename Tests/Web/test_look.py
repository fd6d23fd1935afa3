"""How the page looks (issue 32): dark mode following the system's setting and a switch that
is remembered, read as computed colours; columns in the declared order of the fixtures' own
dumps, resized by dragging and still so after a reload; the primary key and indexed
properties marked in the header."""

import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select

import serve_helper as helper
from page_test import PageTest
from serve_helper import dump, shoot

LIGHT_BACKGROUND = "rgb(255, 255, 255)"
DARK_BACKGROUND = "rgb(28, 30, 34)"      # theme.css: --bg #1c1e22
DARK_TEXT = "rgb(220, 223, 228)"         # --fg #dcdfe4
DARK_HEAD = "rgb(42, 46, 53)"            # --head #2a2e35


class LookTest(PageTest):
    def system(self, scheme):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})

    def colour(self, selector, prop):
        return self.driver.execute_script("return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]]", selector, prop)

    def choose_theme(self, choice):
        Select(self.css("#theme")).select_by_value(choice)

    def test_dark_mode_follows_the_system_and_the_switch_is_remembered(self):
        self.addCleanup(self.driver.execute_cdp_cmd, "Emulation.setEmulatedMedia", {"features": []})
        server = self.serve(helper.fixture("species.realm"))
        self.system("light")
        self.open(server, "class=Specimen")
        self.wait_count(len(dump("species")["Specimen"]["objects"]))
        self.driver.execute_script("localStorage.removeItem('realm-browser theme')")
        self.assertEqual(self.colour("body", "backgroundColor"), LIGHT_BACKGROUND)
        # The system turns dark: the page follows at once.
        self.system("dark")
        self.wait_for(lambda d: self.colour("body", "backgroundColor") == DARK_BACKGROUND, "a dark page")
        self.assertEqual(self.colour("body", "color"), DARK_TEXT)
        self.assertEqual(self.colour("#gridHead", "backgroundColor"), DARK_HEAD)
        self.assertEqual(self.css("#theme").get_attribute("value"), "auto")
        shoot(self.driver, "grid-dark")
        # The switch says light: light, and still after a reload, whatever the system says.
        self.choose_theme("light")
        self.wait_for(lambda d: self.colour("body", "backgroundColor") == LIGHT_BACKGROUND, "light by choice")
        self.driver.refresh()
        self.wait_for(lambda d: self.css("#theme").get_attribute("value") == "light", "the choice remembered")
        self.assertEqual(self.colour("body", "backgroundColor"), LIGHT_BACKGROUND)
        self.choose_theme("auto")
        self.wait_for(lambda d: self.colour("body", "backgroundColor") == DARK_BACKGROUND, "the system's dark again")
        self.system("light")
        self.choose_theme("dark")
        self.wait_for(lambda d: self.colour("body", "backgroundColor") == DARK_BACKGROUND, "dark by choice")
        self.driver.execute_script("localStorage.removeItem('realm-browser theme')")

    def header_names(self):
        return [cell.get_attribute("data-property") for cell in self.all("#gridHead .cell[data-property]")]

    def test_columns_in_declared_order_with_keys_and_indexes_marked(self):
        for fixture, class_name in (("alltypes", "AllTypes"), ("tasks", "BankInfo"), ("big", "Item")):
            with self.subTest(fixture=fixture):
                table = dump(fixture)[class_name]
                server = self.serve(helper.fixture(fixture + ".realm"))
                self.open(server, "class=" + class_name)
                self.wait_count(len(table["objects"]))
                declared = [column["name"] for column in table["columns"]]
                self.wait_for(lambda d: self.header_names() == declared, f"{class_name}'s columns in declared order")
                primary = table.get("primary_key")
                indexed = {column["name"] for column in table["columns"] if column["indexed"]} - {primary}
                self.wait_for(lambda d: {c.get_attribute("data-property") for c in self.all("#gridHead .cell.primary")}
                              == ({primary} if primary else set()), "the primary key marked")
                self.assertEqual({c.get_attribute("data-property") for c in self.all("#gridHead .cell.indexed")}, indexed)
                server.stop()

    def test_a_resized_column_keeps_its_width_after_a_reload(self):
        server = self.serve(helper.fixture("tasks.realm"))
        self.open(server, "class=Task")
        self.wait_count(len(dump("tasks")["Task"]["objects"]))
        self.driver.execute_script("localStorage.clear()")

        def width(selector):
            return round(self.driver.execute_script("return document.querySelector(arguments[0]).getBoundingClientRect().width", selector))

        head = '#gridHead .cell[data-property="notes"]'
        self.wait_for(lambda d: width(head) == 180, "the default width")
        handle = self.css(head + " .resize")
        ActionChains(self.driver).click_and_hold(handle).move_by_offset(60, 0).move_by_offset(60, 0).release().perform()
        self.wait_for(lambda d: width(head) == 300, "the column 120 pixels wider")
        self.assertEqual(width('#gridRows .row[data-index="0"] .cell[data-property="notes"]'), 300)
        # The drag sorted nothing.
        self.assertEqual(self.css("#query").get_attribute("value"), "")
        self.driver.refresh()
        self.wait_for(lambda d: self.all('#gridRows .row[data-index="0"]'), "the grid again")
        self.wait_for(lambda d: width(head) == 300 and width('#gridRows .row[data-index="0"] .cell[data-property="notes"]') == 300,
                      "the width after a reload")
        # Per class: another class's column of the same name keeps the default.
        self.open(server, "class=TaskList")
        self.wait_for(lambda d: width('#gridHead .cell[data-property="name"]') == 180, "TaskList.name as it was")
        self.open(server, "class=Task")
        self.wait_for(lambda d: width(head) == 300, "Task.notes still wider")
        # A double-click on the handle puts the default back.
        ActionChains(self.driver).double_click(self.css(head + " .resize")).perform()
        self.wait_for(lambda d: width(head) == 180, "the default again")


if __name__ == "__main__":
    unittest.main()
