"""Charts (issue 32): the chart of the cursor's column drawn as SVG, its bars' counts checked
against `stats` (run as a separate process, its figures and its minimum and maximum) and the
fixture's own JSON dump counted into the bins those bounds give, by the documented rule."""

import json
import unittest

from selenium.webdriver.common.action_chains import ActionChains

import serve_helper as helper
from page_test import PageTest
from serve_helper import dump, shoot

BINS = 20


def stats(path, class_name, property_name):
    """`stats CLASS PROPERTY` in json mode (a row a line): {statistic: value}."""
    rows = [json.loads(line) for line in helper.run_browser(path, "--json", "-c", f"stats {class_name} {property_name}").splitlines()]
    return {row["statistic"]: row["value"] for row in rows}


class ChartTest(PageTest):
    def bars(self):
        return self.driver.execute_script("""
            return [...document.querySelectorAll('#chart svg .bar')].map((bar) => [bar.dataset.label, Number(bar.dataset.count)]);""")

    def figures(self):
        return {row.find_element("css selector", "th").text: row.find_element("css selector", "td").text
                for row in self.all("#chart .chartFigures tr")}

    def chart_of(self, row, name):
        # The cursor put on the cell (a click on a list would open its elements), then the key.
        self.wait_for(lambda d: self.cell(row, name), f"a cell of {name}")
        self.driver.execute_script("cursor.anchor = null; cursor.row = arguments[0]; cursor.column = columnNames().indexOf(arguments[1]);"
                                   "markCursor(); document.getElementById('grid').focus();", row, name)
        ActionChains(self.driver).send_keys("s").perform()
        self.wait_for(lambda d: self.css("#chart").get_attribute("data-state") == "drawn"
                      and self.css("#chartProperty").get_attribute("value") == name, f"the chart of {name}")

    def test_a_histogram_of_integers_against_stats(self):
        path = helper.fixture("demo.realm")
        objects = dump("demo")["RealmTestClass1"]["objects"]
        server = self.serve(path)
        self.open(server, "class=RealmTestClass1")
        self.wait_count(len(objects))
        self.chart_of(0, "integerValue")
        self.assertEqual(self.css("#chart").get_attribute("data-kind"), "histogram")
        expected = stats(path, "RealmTestClass1", "integerValue")
        shown = self.figures()
        for label in ("count", "nulls", "min", "max", "sum"):
            self.assertEqual(int(shown[label]), expected[label], label)
        self.assertEqual(float(shown["avg"]), expected["avg"])
        # The bins from stats' minimum and maximum: edge i = min + floor((max - min + 1) * i / BINS).
        low, high = int(expected["min"]), int(expected["max"])
        edges = [low + (high - low + 1) * index // BINS for index in range(BINS + 1)]
        counts = [0] * BINS
        for item in objects:
            value = item["integerValue"]
            counts[max(index for index in range(BINS) if edges[index] <= value)] += 1
        bars = self.bars()
        self.assertEqual([count for _, count in bars], counts)
        self.assertEqual(sum(counts), int(expected["count"]))
        shoot(self.driver, "chart-histogram", both=True)
        # The bars take the theme's colour: dark's when the switch says dark.
        fill = lambda: self.driver.execute_script("return getComputedStyle(document.querySelector('#chart svg .bar')).fill")
        self.assertEqual(fill(), "rgb(74, 120, 194)")
        self.driver.execute_script("stored.set(themeChoiceKey, 'dark'); applyTheme();")
        self.addCleanup(self.driver.execute_script, "localStorage.removeItem(themeChoiceKey)")
        self.wait_for(lambda d: fill() == "rgb(110, 155, 232)", "the dark theme's bars")
        self.driver.execute_script("stored.set(themeChoiceKey, 'light'); applyTheme();")
        # Dates: as many in the bars as stats counts.
        self.driver.execute_script("closeDialog()")
        self.chart_of(0, "dateValue")
        self.assertEqual(sum(count for _, count in self.bars()), stats(path, "RealmTestClass1", "dateValue")["count"])
        shoot(self.driver, "chart-dates", both=True)

    def test_booleans_as_bars_and_a_query_s_objects(self):
        path = helper.fixture("demo.realm")
        objects = dump("demo")["RealmTestClass1"]["objects"]
        server = self.serve(path)
        self.open(server, "class=RealmTestClass1")
        self.wait_count(len(objects))
        self.chart_of(0, "boolValue")
        expected = stats(path, "RealmTestClass1", "boolValue")
        self.assertEqual(self.bars(), [["true", int(expected["true"])], ["false", int(expected["false"])]])
        self.driver.execute_script("closeDialog()")
        self.chart_of(0, "arrayReference")
        shoot(self.driver, "chart-lengths", both=True)
        self.driver.execute_script("closeDialog()")
        # Over a query: only its objects, and the whole class on request.
        self.open(server, "class=RealmTestClass1&q=" + "boolValue%20%3D%3D%20true")
        trues = sum(1 for item in objects if item["boolValue"])
        self.wait_count(trues)
        self.chart_of(0, "boolValue")
        self.assertEqual(self.bars(), [["true", trues], ["false", 0]])
        self.assertIn(f"{trues} objects the query found", self.css("#chart .chartScope").text)
        scope = self.css("#chartScope")
        self.driver.execute_script("arguments[0].value = 'class'; arguments[0].dispatchEvent(new Event('change'))", scope)
        self.wait_for(lambda d: self.css("#chart").get_attribute("data-state") == "drawn"
                      and "of the class" in self.css("#chart .chartScope").text, "the whole class")
        self.assertEqual(self.bars(), [["true", trues], ["false", len(objects) - trues]])


if __name__ == "__main__":
    unittest.main()
