"""The page of `realm-browser serve` in headless Chromium: what a user sees and follows,
checked against the fixtures' own JSON dumps (written by realm-core)."""

import base64
import os
import sqlite3
import tempfile
import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import serve_helper as helper
from page_test import PageTest, number, unquoted
from serve_helper import dump, shoot


class BrowsingTest(PageTest):
    def test_class_list_shows_every_class_with_its_object_count(self):
        for name in ("alltypes", "tasks", "species"):
            with self.subTest(fixture=name):
                server = self.serve(helper.fixture(name + ".realm"))
                self.open(server)
                expected = {class_name: len(table["objects"]) for class_name, table in dump(name).items()}
                self.wait_for(lambda d: self.classes_shown() == expected, f"the classes of {name}: {expected}")
                server.stop()

    def test_internal_tables_on_request(self):
        server = self.serve(helper.fixture("species.realm"))
        self.open(server)
        self.assertNotIn("metadata", self.classes_shown())
        self.css("#internal").click()
        self.wait_for(lambda d: self.classes_shown().get("metadata") == 1, "metadata among the classes")

    def test_virtual_scrolling_reaches_the_last_object_of_a_large_class(self):
        self.scroll_through_big(scaled=False)

    def test_virtual_scrolling_with_a_scaled_spacer(self):
        # 200,000 rows, as a million rows are taller than a browser lays out: the spacer is
        # scaled down and a position in it maps to a row.
        self.scroll_through_big(scaled=True)

    def scroll_through_big(self, scaled):
        items = dump("big")["Item"]["objects"]
        server = self.serve(helper.fixture("big.realm"))
        if scaled:
            script = self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                                 {"source": "window.realmBrowserTallestSpacer = 1000000;"})
            self.addCleanup(self.driver.execute_cdp_cmd, "Page.removeScriptToEvaluateOnNewDocument",
                            {"identifier": script["identifier"]})
        self.open(server, "class=Item")
        self.wait_for(lambda d: self.driver.execute_script("return document.getElementById('gridBody').offsetHeight")
                      == (1000000 if scaled else 24 * len(items)), "the spacer's height")
        self.wait_count(len(items))
        self.wait_for(lambda d: unquoted(self.cell(0, "name").text) == items[0]["name"], "the first row")
        if not scaled:
            shoot(self.driver, "grid-large")
        # Only the visible rows are in the page, not 200,000.
        self.assertLess(len(self.all("#gridRows .row")), 100)
        self.driver.execute_script("const grid = document.getElementById('grid'); grid.scrollTop = grid.scrollHeight;")
        last = len(items) - 1
        self.wait_for(lambda d: self.row(last).get_attribute("data-key") == str(items[last]["_key"])
                      and unquoted(self.cell(last, "name").text) == items[last]["name"]
                      and self.in_view(self.row(last)), "the last object, in view")
        self.assertLess(len(self.all("#gridRows .row")), 100)
        # Half-way through: the object at that position.
        self.driver.execute_script("const grid = document.getElementById('grid'); grid.scrollTop = grid.scrollHeight / 2;")
        self.wait_for(lambda d: any(row.get_attribute("data-key") == str(items[int(row.get_attribute("data-index"))]["_key"])
                                    and int(row.get_attribute("data-index")) > 50000
                                    for row in self.all("#gridRows .row[data-key]")), "rows from the middle")

    def test_following_a_link_and_going_back(self):
        specimens = dump("species")["Specimen"]["objects"]
        # The last specimen with a category, at the bottom of the grid.
        index = max(i for i, o in enumerate(specimens) if o.get("category"))
        category_key = specimens[index]["category"]["$link"][1]
        category = next(o for o in dump("species")["Category"]["objects"] if o["_key"] == category_key)
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen")
        self.wait_for(lambda d: self.cell(0, "category").is_displayed(), "the first specimen")
        shoot(self.driver, "grid")
        self.driver.execute_script("const grid = document.getElementById('grid'); grid.scrollTop = grid.scrollHeight;")
        self.wait_for(lambda d: self.in_view(self.row(index)), "the last specimens")
        self.click(lambda: self.cell(index, "category"), "the category link")
        self.wait_for(lambda d: self.css("#objectTitle").text.startswith(f"Category[_key = {category_key}]"), "the category")
        self.assertIn(f"class=Category&key={category_key}", self.driver.current_url)
        self.wait_for(lambda d: unquoted(self.css('#objectTable tr[data-property="name"] td.value').text) == category["name"], "its name")
        linking = [o["_key"] for o in specimens if o.get("category") and o["category"]["$link"][1] == category_key]
        self.wait_for(lambda d: len(self.all("#backlinks li")) == len(linking), "its backlinks")
        shoot(self.driver, "object")
        self.driver.back()
        self.wait_for(lambda d: self.css("#grid").is_displayed() and self.cell(index, "name").text
                      and self.in_view(self.row(index)), "the grid again, where it was")
        self.assertTrue(self.driver.current_url.endswith("#class=Specimen"))
        self.driver.forward()
        self.wait_for(lambda d: self.css("#objectTitle").text.startswith("Category["), "forward to the category")
        # A backlink leads to the specimen linking here.
        self.click(lambda: self.all("#backlinks .backlink")[1], "a backlink")
        self.wait_for(lambda d: self.css("#objectTitle").text.startswith(f"Specimen[_key = {linking[1]}]"), "the linking specimen")

    def test_a_shared_url_opens_the_object(self):
        server = self.serve(helper.fixture("tasks.realm"))
        self.open(server, "class=Person&key=0")
        person = dump("tasks")["Person"]["objects"][0]
        self.wait_for(lambda d: self.css("#objectTitle").text.startswith("Person[_key = 0]"), "the person")
        elements = self.all('#objectTable tr[data-property="banks"] li .element')
        self.assertEqual(len(elements), len(person["banks"]))
        # A list element is a link too.
        self.click(lambda: self.all('#objectTable tr[data-property="banks"] li .element')[0], "a list element")
        target = person["banks"][0]["$link"][1]
        self.wait_for(lambda d: self.css("#objectTitle").text.startswith(f"BankInfo[_key = {target}]"), "the bank")

    def test_collection_elements_show_the_repl_text(self):
        objects = dump("alltypes")["AllTypes"]["objects"]
        # An object with ints in a list and entries in a dictionary, and the longest list.
        holder = next(o for o in objects if o["intList"] and o["intDict"]["$dict"])
        longest = max(objects, key=lambda o: len(o["intList"]))
        server = self.serve(helper.fixture("alltypes.realm"))
        self.open(server, f"class=AllTypes&key={holder['_key']}")
        row = '#objectTable tr[data-property="intList"]'
        self.wait_for(lambda d: len(self.all(f"{row} li .element")) == len(holder["intList"]), "the list's elements")
        # The REPL's text of an int (bare), not the dump's JSON ({"$int": ...}).
        self.assertEqual([e.text for e in self.all(f"{row} li .element")], [str(n) for n in holder["intList"]])
        entries = self.all('#objectTable tr[data-property="intDict"] li')
        self.assertEqual([(e.get_attribute("data-entry"), e.find_element(By.CSS_SELECTOR, ".element").text) for e in entries],
                         [(k, str(v)) for k, v in holder["intDict"]["$dict"]])
        self.assertTrue(all(not e.text.startswith('{"$') for e in self.all("#objectTable li .element")))
        # A list of links: each element is its target's label, which opens it.
        targets = self.all('#objectTable tr[data-property="targetList"] li .element.link')
        self.assertEqual(len(targets), len(holder["targetList"]))
        # 500 elements, then the rest from the server.
        self.open(server, f"class=AllTypes&key={longest['_key']}")
        self.wait_for(lambda d: self.css("#objectTitle").text.startswith(f"AllTypes[_key = {longest['_key']}]")
                      and len(self.all(f"{row} li .element")) == 500, "the first 500 elements")
        self.click(lambda: self.css(f"{row} li button.more"), "show all")
        self.wait_for(lambda d: len(self.all(f"{row} li .element")) == len(longest["intList"]), "every element")
        texts = self.driver.execute_script("return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent);",
                                           f"{row} li .element")
        self.assertEqual(texts, [str(n) for n in longest["intList"]])

    def test_a_query_error_shows_the_message_and_the_position(self):
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen")
        self.wait_count(42)
        box = self.css("#query")
        box.clear()
        box.send_keys("name == 'x' AND latitude >", Keys.ENTER)
        self.wait_for(lambda d: self.css("#error .message").text, "the error")
        self.assertIn("expected a value", self.css("#error .message").text)
        self.assertEqual(self.css("#error .position").text, "at position 26")
        self.assertIn("^", self.css("#error .annotated").text)
        self.assertIn("q=", self.driver.current_url)
        shoot(self.driver, "query-error")

    def test_a_query_result_has_the_right_count(self):
        specimens = dump("species")["Specimen"]["objects"]
        expected = [o for o in specimens if number(o["latitude"]) > 40 and o.get("category")]
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen")
        self.wait_count(42)
        box = self.css("#query")
        box.clear()
        box.send_keys("latitude > 40 AND category != nil", Keys.ENTER)
        self.wait_count(len(expected))
        self.assertEqual(self.css("#error").text, "")
        keys = {int(row.get_attribute("data-key")) for row in self.all("#gridRows .row[data-key]")}
        self.assertEqual(keys, {o["_key"] for o in expected})

    def test_clicking_a_header_sorts_and_a_second_click_reverses(self):
        specimens = dump("species")["Specimen"]["objects"]
        ascending = [o["_key"] for o in sorted(specimens, key=lambda o: number(o["latitude"]))]
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen")
        self.wait_count(42)

        def shown_keys():
            return [int(row.get_attribute("data-key")) for row in self.all("#gridRows .row[data-key]")]

        def header():
            return next(cell for cell in self.all("#gridHead .cell") if cell.text.startswith("latitude"))

        self.click(header, "the latitude header")
        self.wait_for(lambda d: "SORT(latitude ASC)" in self.css("#query").get_attribute("value"), "the sorted query")
        self.wait_for(lambda d: len(shown_keys()) > 10 and shown_keys() == ascending[:len(shown_keys())], "ascending order")
        self.click(header, "the latitude header again")
        self.wait_for(lambda d: "SORT(latitude DESC)" in self.css("#query").get_attribute("value"), "the reversed query")
        descending = list(reversed(ascending))
        self.wait_for(lambda d: len(shown_keys()) > 10 and shown_keys() == descending[:len(shown_keys())], "descending order")

    def test_a_header_click_sorts_before_the_limit_of_the_query(self):
        specimens = dump("species")["Specimen"]["objects"]
        north = sorted((o for o in specimens if number(o["latitude"]) > 0), key=lambda o: number(o["latitude"]))
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen&q=" + "latitude > 0 LIMIT(5)".replace(" ", "%20"))
        self.wait_count(5)
        self.click(lambda: next(c for c in self.all("#gridHead .cell") if c.text.startswith("latitude")), "the header")
        self.wait_for(lambda d: self.css("#query").get_attribute("value") == "latitude > 0 SORT(latitude ASC) LIMIT(5)", "the query")
        self.wait_for(lambda d: [int(r.get_attribute("data-key")) for r in self.all("#gridRows .row[data-key]")]
                      == [o["_key"] for o in north[:5]], "the five southernmost of the north")

    def test_schema_and_graph(self):
        server = self.serve(helper.fixture("tasks.realm"))
        self.open(server, "class=BankInfo")
        self.wait_for(lambda d: "Person.banks" in self.css("#backlinkTable").text, "BankInfo's backlinks in the schema")
        self.css("#graphLink").click()
        self.wait_for(lambda d: len(self.all("#graph .box")) == len(dump("tasks")), "a box per class")
        edges = {(g.get_attribute("data-from"), g.get_attribute("data-to")) for g in self.all("#graph .edgeGroup")}
        self.assertIn(("Person", "BankInfo"), edges)
        self.assertIn(("TaskList", "Task"), edges)
        self.assertIn(("Car", "Person"), edges)
        shoot(self.driver, "graph")

    def test_export_links_name_the_class_and_query(self):
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen&q=latitude%20%3E%2040")
        self.wait_for(lambda d: "q=latitude" in self.css("#exportCsv").get_attribute("href"), "the export link")
        self.assertIn("format=csv", self.css("#exportCsv").get_attribute("href"))
        self.assertIn("format=json", self.css("#exportJson").get_attribute("href"))

    def test_a_long_value_is_cut_and_shown_whole_on_a_click(self):
        objects = dump("alltypes")["AllTypes"]["objects"]
        index, long_one = next((i, o) for i, o in enumerate(objects) if len(o["stringReq"]) > 5000)
        server = self.serve(helper.fixture("alltypes.realm"))
        self.open(server, "class=AllTypes")
        self.wait_for(lambda d: "cut" in self.cell(index, "stringReq").get_attribute("class"), "a cut cell")
        self.assertLess(len(self.cell(index, "stringReq").get_attribute("textContent")), 1000)
        self.click(lambda: self.cell(index, "stringReq"), "the cut cell")
        self.wait_for(lambda d: self.css("#fullValue").get_attribute("textContent") == long_one["stringReq"], "the whole value")

    def test_a_binary_value_shows_its_bytes_on_a_click(self):
        objects = dump("alltypes")["AllTypes"]["objects"]
        index, blob = next((i, o) for i, o in enumerate(objects) if o.get("dataOpt") and len(o["dataOpt"]["$binary"]) > 100)
        server = self.serve(helper.fixture("alltypes.realm"))
        self.open(server, "class=AllTypes")
        self.wait_for(lambda d: "cut" in self.cell(index, "dataOpt").get_attribute("class"), "the binary cell")
        self.click(lambda: self.cell(index, "dataOpt"), "the binary cell")
        self.wait_for(lambda d: self.css("#fullValue").get_attribute("textContent") == blob["dataOpt"]["$binary"], "its bytes")

    def test_export_downloads_the_class_as_csv(self):
        categories = dump("species")["Category"]["objects"]
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Category")
        self.wait_count(len(categories))
        href = self.css("#exportCsv").get_attribute("href")
        text = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; fetch(arguments[0]).then((r) => r.text()).then(done, (e) => done('failed ' + e));",
            href)
        lines = text.strip().splitlines()
        self.assertEqual(len(lines), len(categories) + 1)
        for category in categories:
            self.assertIn(category["name"], text)

    def test_export_downloads_the_whole_file_as_sqlite(self):
        specimens = dump("species")["Specimen"]["objects"]
        categories = {c["_key"]: c["name"] for c in dump("species")["Category"]["objects"]}
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen")
        self.wait_count(len(specimens))
        link = self.css("#exportSqlite")
        self.assertEqual(link.text, "SQLite")
        encoded = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            " fetch(arguments[0]).then((r) => r.arrayBuffer())"
            ".then((b) => done(btoa(String.fromCharCode(...new Uint8Array(b)))), (e) => done('failed ' + e));",
            link.get_attribute("href"))
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "species.sqlite")
            with open(path, "wb") as file:
                file.write(base64.b64decode(encoded))
            connection = sqlite3.connect(path)
            try:
                rows = connection.execute(
                    "SELECT s._key, s.name, c.name FROM Specimen s LEFT JOIN Category c ON c._key = s.category ORDER BY s._key").fetchall()
                self.assertEqual(connection.execute("PRAGMA integrity_check").fetchall(), [("ok",)])
            finally:
                connection.close()
        self.assertEqual(rows, [(s["_key"], s["name"], categories[s["category"]["$link"][1]] if s.get("category") else None)
                                for s in specimens])

    def test_read_only_has_no_editing(self):
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen")
        self.wait_count(42)
        self.assertFalse(self.css("#writebar").is_displayed())


if __name__ == "__main__":
    unittest.main()
