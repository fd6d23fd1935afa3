"""The grid by keyboard and copying from it (issue 32): a cell cursor moved by the keys a user
presses, paging through 200,000 rows, Enter and back, the query box by `/`; the selection
copied as tab-separated text and as canonical JSON, and one value exactly, each read back
from the clipboard and compared with the fixtures' own JSON dumps."""

import json
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

import serve_helper as helper
from page_test import PageTest
from serve_helper import dump, shoot


def shortest(text):
    """The shortest text of a double, as the REPL shows it (47.606200000000001 -> 47.6062)."""
    shown = repr(float(text))
    return shown[:-2] if shown.endswith(".0") else shown


class KeyboardTest(PageTest):
    def press(self, *keys):
        ActionChains(self.driver).send_keys(*keys).perform()

    def chord(self, modifier, key):
        ActionChains(self.driver).key_down(modifier).send_keys(key).key_up(modifier).perform()

    def cursor(self):
        """(row index, property) of the cell under the cursor."""
        return tuple(self.driver.execute_script("""
            const cell = document.querySelector('#gridRows .cell.cursor');
            return cell ? [Number(cell.closest('.row').dataset.index), cell.dataset.property] : null;""") or (None, None))

    def wait_cursor(self, row, name):
        self.wait_for(lambda d: self.cursor() == (row, name) and self.in_view(self.row(row)), f"the cursor on row {row}, {name}")

    def test_arrows_pages_home_end_enter_and_back(self):
        items = dump("big")["Item"]["objects"]
        columns = [c["name"] for c in dump("big")["Item"]["columns"]]
        server = self.serve(helper.fixture("big.realm"))
        self.open(server, "class=Item")
        self.wait_count(len(items))
        self.click(lambda: self.cell(0, "name"), "the first name")
        self.wait_cursor(0, "name")
        self.press(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_RIGHT)
        self.wait_cursor(2, columns[columns.index("name") + 1])
        self.press(Keys.ARROW_LEFT)
        self.wait_cursor(2, "name")
        page = self.driver.execute_script("return Math.max(1, viewportRows() - 2)")
        self.press(Keys.PAGE_DOWN)
        self.wait_cursor(2 + page, "name")
        self.press(Keys.PAGE_DOWN, Keys.PAGE_UP, Keys.PAGE_UP)
        self.wait_cursor(2, "name")
        last = len(items) - 1
        self.press(Keys.END)
        self.wait_cursor(last, "name")
        self.wait_for(lambda d: self.row(last).get_attribute("data-key") == str(items[last]["_key"]), "the last item's row")
        self.press(Keys.HOME)
        self.wait_cursor(0, "name")
        self.press(Keys.END, Keys.ARROW_UP)
        self.wait_cursor(last - 1, "name")
        self.wait_for(lambda d: self.row(last - 1).get_attribute("data-key"), "the row's data")
        # Enter opens the object under the cursor; Backspace comes back to the same cell.
        self.press(Keys.ENTER)
        self.wait_for(lambda d: self.css("#objectTitle").text.startswith(f"Item[_key = {items[last - 1]['_key']}]"), "the object")
        self.press(Keys.BACKSPACE)
        self.wait_for(lambda d: self.css("#grid").is_displayed(), "the grid again")
        self.wait_cursor(last - 1, "name")
        # `/` goes to the query box, Escape leaves it for the grid.
        self.press("/")
        self.wait_for(lambda d: self.driver.execute_script("return document.activeElement.id") == "query", "the query box focused")
        self.assertEqual(self.css("#query").get_attribute("value"), "")
        self.press(Keys.ESCAPE)
        self.wait_for(lambda d: self.driver.execute_script("return document.activeElement.id") == "grid", "the grid focused")

    def test_enter_follows_the_link_under_the_cursor_and_alt_left_goes_back(self):
        specimens = dump("species")["Specimen"]["objects"]
        target = specimens[1]["category"]["$link"][1]
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen")
        self.wait_count(len(specimens))
        self.click(lambda: self.cell(0, "created"), "a date")
        self.press(Keys.ARROW_DOWN, Keys.ARROW_RIGHT)
        self.wait_cursor(1, "category")
        self.press(Keys.ENTER)
        self.wait_for(lambda d: self.css("#objectTitle").text.startswith(f"Category[_key = {target}]"), "the category linked")
        self.chord(Keys.ALT, Keys.ARROW_LEFT)
        self.wait_for(lambda d: self.css("#grid").is_displayed() and self.cursor() == (1, "category"), "back to the cell")
        self.press("?")
        self.wait_for(lambda d: "Page Up" in self.css("#keyHelp").text, "the keys listed")


class CopyTest(PageTest):
    def allow_clipboard(self, server):
        self.driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": server.base, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})

    def clipboard(self):
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.clipboard.readText().then(done, (error) => done('failed: ' + error));")

    def wait_clipboard(self, expected, message):
        self.wait_for(lambda d: self.clipboard() == expected, message)
        self.assertEqual(self.clipboard(), expected)

    def clear_clipboard(self):
        self.driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                         "navigator.clipboard.writeText('').then(() => done(), () => done());")

    def shift_click(self, element):
        ActionChains(self.driver).key_down(Keys.SHIFT).click(element).key_up(Keys.SHIFT).perform()

    def test_rows_and_cells_as_tab_separated_text(self):
        specimens = dump("species")["Specimen"]["objects"]
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen")
        self.wait_count(len(specimens))
        self.allow_clipboard(server)
        # Cells: a click, then a shift-click; strings whole and bare, doubles as the REPL shows them.
        self.click(lambda: self.cell(1, "name"), "a name")
        self.shift_click(self.cell(3, "longitude"))
        self.wait_for(lambda d: len(self.all("#gridRows .cell.selected")) == 3 * 4, "twelve cells selected")
        shoot(self.driver, "selection", both=True)
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("c").key_up(Keys.CONTROL).perform()
        expected = "".join(f"{o['name']}\t{o['specimenDescription']}\t{shortest(o['latitude']['$double'])}\t"
                           f"{shortest(o['longitude']['$double'])}\n" for o in specimens[1:4])
        self.wait_clipboard(expected, "the cells as TSV")
        # Rows: the row numbers clicked; a header line, then every column.
        self.clear_clipboard()
        self.click(lambda: self.row(5).find_element("css selector", ".cell.index"), "row 5")
        self.shift_click(self.row(6).find_element("css selector", ".cell.index"))
        self.wait_for(lambda d: len(self.all("#gridRows .row.selected")) == 2, "two rows selected")
        self.css("#copyTsv").click()
        text = self.wait_for(lambda d: self.clipboard() or None, "the rows copied")
        lines = text.rstrip("\n").split("\n")
        self.assertEqual(lines[0].split("\t"), ["_key", "name", "specimenDescription", "latitude", "longitude", "created", "category"])
        self.assertEqual([line.split("\t")[:3] for line in lines[1:]],
                         [[str(o["_key"]), o["name"], o["specimenDescription"]] for o in specimens[5:7]])
        # Shift+arrows grow the selection from the cursor.
        self.clear_clipboard()
        self.click(lambda: self.cell(0, "name"), "the first name")
        ActionChains(self.driver).key_down(Keys.SHIFT).send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN).key_up(Keys.SHIFT).perform()
        self.wait_for(lambda d: len(self.all("#gridRows .cell.selected")) == 3, "three cells selected")
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("c").key_up(Keys.CONTROL).perform()
        self.wait_clipboard("".join(o["name"] + "\n" for o in specimens[0:3]), "three names")

    def test_rows_as_canonical_json_with_exact_integers(self):
        objects = dump("alltypes")["AllTypes"]["objects"]
        server = self.serve(helper.fixture("alltypes.realm"))
        self.open(server, "class=AllTypes")
        self.wait_count(len(objects))
        self.allow_clipboard(server)
        # The clipboard is the browser's, kept from the test before: emptied, so what is read is this copy.
        self.clear_clipboard()
        self.click(lambda: self.row(0).find_element("css selector", ".cell.index"), "row 0")
        self.shift_click(self.row(2).find_element("css selector", ".cell.index"))
        self.press_key("j")
        text = self.wait_for(lambda d: self.clipboard() or None, "the JSON copied")
        # Python reads integers exactly: 9223372036854775807 must come back as it is in the dump.
        self.assertEqual(json.loads(text), objects[0:3])
        self.assertIn("9223372036854775807", text)

    def test_one_value_exactly(self):
        objects = dump("alltypes")["AllTypes"]["objects"]
        index, long_one = next((i, o) for i, o in enumerate(objects) if len(o["stringReq"]) > 5000)
        server = self.serve(helper.fixture("alltypes.realm"))
        self.open(server, "class=AllTypes")
        self.wait_count(len(objects))
        self.allow_clipboard(server)
        # A long string is cut in the grid, copied whole; an int past 2^53 to the digit.
        self.driver.execute_script("cursor.row = arguments[0]; cursor.column = columnNames().indexOf('stringReq'); scrollToRow(arguments[0]);", index)
        self.wait_for(lambda d: "cut" in self.cell(index, "stringReq").get_attribute("class"), "the cut cell")
        self.driver.execute_script("document.getElementById('grid').focus()")
        self.press_key("y")
        self.wait_clipboard(long_one["stringReq"], "the whole string")
        self.click(lambda: self.cell(1, "intOpt"), "a big integer")
        self.press_key("y")
        self.wait_clipboard(str(objects[1]["intOpt"]), "the integer's digits")

    def press_key(self, key):
        ActionChains(self.driver).send_keys(key).perform()


if __name__ == "__main__":
    unittest.main()
