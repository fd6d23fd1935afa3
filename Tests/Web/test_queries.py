"""The query box (issue 32): completion by the REPL's completer behind /api/complete (property
names, key paths through a link, operators by type, keywords; class names in the class
finder), each list checked against the fixture's own schema in its JSON dump; the history of
queries run and named saved queries, both still there after a reload."""

import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

import serve_helper as helper
from page_test import PageTest, number
from serve_helper import dump, shoot


class QueryBoxTest(PageTest):
    def shown(self):
        return [item.get_attribute("data-value") for item in self.all("#completions li")] if self.css("#completions").is_displayed() else []

    def type_in_query(self, text):
        box = self.css("#query")
        box.click()
        box.send_keys(text)
        return box

    def test_completion_of_properties_key_paths_operators_and_keywords(self):
        tables = dump("species")
        specimen = [c["name"] for c in tables["Specimen"]["columns"]]
        category = [c["name"] for c in tables["Category"]["columns"]]
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen")
        self.wait_count(len(tables["Specimen"]["objects"]))
        box = self.type_in_query("lat")
        # One property begins so: Tab takes it, and the operators of a double follow.
        self.wait_for(lambda d: self.shown() == [n for n in specimen if n.startswith("lat")], "latitude offered")
        box.send_keys(Keys.TAB)
        self.wait_for(lambda d: box.get_attribute("value") == "latitude ", "latitude taken")
        self.wait_for(lambda d: {"==", "!=", "<", ">", "BETWEEN"} <= set(self.shown()), "the operators of a number")
        self.assertNotIn("BEGINSWITH", self.shown())
        shoot(self.driver, "completion", both=True)
        box.send_keys("> 40 ")
        self.wait_for(lambda d: {"AND", "OR", "SORT(", "LIMIT("} <= set(self.shown()), "what follows a comparison")
        # The arrows choose, Enter takes it (and runs nothing).
        ActionChains(self.driver).send_keys(Keys.ARROW_DOWN).perform()
        chosen = self.css("#completions li.chosen").get_attribute("data-value")
        box.send_keys(Keys.ENTER)
        self.wait_for(lambda d: box.get_attribute("value") == "latitude > 40 " + chosen + ("" if chosen.endswith("(") else " "),
                      "the chosen keyword taken")
        # Escape closes the list, a second one leaves the box.
        box.send_keys(Keys.ESCAPE)
        self.wait_for(lambda d: not self.css("#completions").is_displayed(), "the list closed")
        self.assertEqual(self.driver.execute_script("return document.activeElement.id"), "query")
        box.send_keys(Keys.ESCAPE)
        self.wait_for(lambda d: self.driver.execute_script("return document.activeElement.id") == "grid", "the grid focused")
        # An empty box: every property; through the link, the target's properties.
        box.clear()
        box.send_keys(Keys.TAB)
        self.wait_for(lambda d: set(specimen) <= set(self.shown()), "every property of Specimen")
        box.send_keys("category.")
        self.wait_for(lambda d: {"category." + n for n in category} <= set(self.shown()), "Category's properties through the link")

    def test_the_class_finder_completes_class_names(self):
        classes = sorted(dump("tasks"))
        server = self.serve(helper.fixture("tasks.realm"))
        self.open(server, "class=Task")
        self.wait_count(len(dump("tasks")["Task"]["objects"]))
        ActionChains(self.driver).send_keys("g").perform()
        self.wait_for(lambda d: self.driver.execute_script("return document.activeElement.id") == "classFind", "the finder focused")
        ActionChains(self.driver).send_keys("T").perform()

        def visible():
            return [item.get_attribute("data-name") for item in self.all("#classes li[data-name]") if item.is_displayed()]

        self.wait_for(lambda d: visible() == [n for n in classes if n.startswith("T")] and len(visible()) < len(classes), "the T classes")
        ActionChains(self.driver).send_keys("askL", Keys.ENTER).perform()
        self.wait_for(lambda d: self.driver.current_url.endswith("#class=TaskList"), "TaskList opened")
        self.wait_for(lambda d: visible() == classes, "every class again")


class QueryHistoryTest(PageTest):
    def test_history_and_saved_queries_survive_a_reload(self):
        specimens = dump("species")["Specimen"]["objects"]
        north = [o for o in specimens if number(o["latitude"]) > 40]
        server = self.serve(helper.fixture("species.realm"))
        self.open(server, "class=Specimen")
        self.wait_count(len(specimens))
        self.driver.execute_script("localStorage.clear()")
        box = self.css("#query")
        box.click()
        box.send_keys("latitude > 40", Keys.ENTER)
        self.wait_count(len(north))
        self.driver.refresh()
        self.wait_count(len(north))
        self.css("#historyToggle").click()
        self.wait_for(lambda d: self.all("#queryHistory li"), "the history")
        first = self.all("#queryHistory li")[0]
        self.assertEqual((first.get_attribute("data-class"), first.get_attribute("data-query")), ("Specimen", "latitude > 40"))
        self.assertIn(f"{len(north)} objects", first.text)
        # Saved under a name, kept over a reload, and run from another class.
        self.css("#saveName").send_keys("the north", Keys.ENTER)
        self.wait_for(lambda d: [i.get_attribute("data-name") for i in self.all("#savedQueries li")] == ["the north"], "saved")
        shoot(self.driver, "history", both=True)
        self.open(server, "class=Category")
        self.wait_count(len(dump("species")["Category"]["objects"]))
        self.driver.refresh()
        self.wait_for(lambda d: self.all("#gridRows .row[data-key]"), "the categories")
        ActionChains(self.driver).send_keys("h").perform()
        self.wait_for(lambda d: self.all('#savedQueries li[data-name="the north"]'), "the saved query after a reload")
        self.click(lambda: self.css('#savedQueries li[data-name="the north"]'), "the saved query")
        self.wait_count(len(north))
        self.assertIn("class=Specimen", self.driver.current_url)
        self.assertEqual(self.css("#query").get_attribute("value"), "latitude > 40")
        # Forgotten on request.
        self.css("#historyToggle").click()
        self.click(lambda: self.css('#savedQueries li[data-name="the north"] .forget'), "forget")
        self.wait_for(lambda d: not self.all("#savedQueries li"), "no saved query")


if __name__ == "__main__":
    unittest.main()
