"""Editing in the page of `realm-browser serve --write` (headless Chromium), on copies of the
fixtures: each change committed is checked by reading the file again with the command line."""

import json
import re
import tempfile
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import serve_helper as helper
from page_test import PageTest, unquoted
from serve_helper import dump, shoot


class WritingTest(PageTest):
    """Tests on a copy of FIXTURE in a temporary folder, with the helpers of editing."""
    fixture = "species"

    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)
        self.path = helper.copy_fixture(self.fixture, self.directory.name)

    def pending(self):
        match = re.match(r"(\d+) pending", self.css("#pending").text)
        return int(match.group(1)) if match else -1

    def edit(self, index, property_name, text):
        def open_editor(driver):
            ActionChains(driver).double_click(self.cell(index, property_name)).perform()
            return True
        self.wait_for(open_editor, "a double-click on the cell")
        editor = self.wait_for(lambda d: self.cell(index, property_name).find_element(By.CSS_SELECTOR, "input"), "the editor")
        editor.send_keys(Keys.CONTROL, "a")
        editor.send_keys(text, Keys.ENTER)

    def classes_in_file(self):
        lines = helper.run_browser(self.path, "--json", "-c", "classes").splitlines()
        return {entry["class"]: entry["objects"] for entry in map(json.loads, lines)}

    def commit(self):
        self.click(lambda: self.css("#commit"), "Commit")
        self.wait_for(lambda d: self.pending() == 0 and "committed" in self.css("#writeMessage").text.lower(), "the commit")


class EditingTest(WritingTest):
    def test_an_edit_committed_is_in_the_file(self):
        server = self.serve(self.path, write=True)
        self.open(server, "class=Specimen")
        self.wait_count(42)
        self.wait_for(lambda d: self.cell(3, "name").text, "the rows")
        self.edit(3, "name", "Barnacle goose (edited)")
        self.wait_for(lambda d: self.pending() == 1, "one pending change")
        self.assertIn("Barnacle goose (edited)", self.css("#pendingList").get_attribute("textContent"))
        self.wait_for(lambda d: "staged" in self.cell(3, "name").get_attribute("class")
                      and self.cell(3, "name").text == '"Barnacle goose (edited)"', "the staged value marked")
        # A value the type check refuses never reaches the server; one the server refuses shows its message.
        self.wait_for(lambda d: not self.all("#gridRows input"), "the editor closed")
        self.edit(4, "latitude", "north")
        self.wait_for(lambda d: "not a number" in self.css("#writeMessage").text, "the page's own check")
        self.cell(4, "latitude").find_element(By.CSS_SELECTOR, "input").send_keys(Keys.ESCAPE)
        self.edit(4, "created", "yesterday")
        self.wait_for(lambda d: "failed" in self.css("#writeMessage").get_attribute("class")
                      and "yesterday" not in self.css("#pendingList").get_attribute("textContent")
                      and self.css("#writeMessage").text, "the server's message")
        self.assertEqual(self.pending(), 1)
        self.css("#pending").click()
        shoot(self.driver, "editing")
        self.css("#pending").click()
        self.cell(4, "created").find_element(By.CSS_SELECTOR, "input").send_keys(Keys.ESCAPE)
        self.css("#commit").click()
        self.wait_for(lambda d: self.pending() == 0 and "committed" in self.css("#writeMessage").text.lower(), "the commit")
        self.wait_for(lambda d: self.cell(3, "name").text == "Barnacle goose (edited)"
                      and "staged" not in self.cell(3, "name").get_attribute("class"), "the new value on screen")
        server.stop()
        shown = helper.run_browser(self.path, "--json", "-c", "show Specimen[3]")
        self.assertIn('"name": "Barnacle goose (edited)"', shown)

    def test_a_line_separator_in_a_string_is_sent_escaped(self):
        # U+2028 is no line break to JSON.stringify, but the server takes literals on one line:
        # the page sends it as \u2028, which the REPL reads back into the character.
        server = self.serve(self.path, write=True)
        self.open(server, "class=Specimen")
        self.wait_for(lambda d: self.cell(5, "name").text, "the rows")
        self.edit(5, "name", "two\u2028lines")
        self.wait_for(lambda d: self.pending() == 1, "one pending change")
        self.css("#commit").click()
        self.wait_for(lambda d: self.pending() == 0 and "committed" in self.css("#writeMessage").text.lower(), "the commit")
        server.stop()
        shown = json.loads(helper.run_browser(self.path, "--json", "-c", "show Specimen[5]"))
        self.assertEqual(shown["name"], "two\u2028lines")

    def test_rollback_drops_the_change(self):
        server = self.serve(self.path, write=True)
        self.open(server, "class=Specimen")
        self.wait_for(lambda d: self.cell(2, "latitude").text, "the rows")
        self.edit(2, "latitude", "12.5")
        self.wait_for(lambda d: self.pending() == 1, "one pending change")
        self.css("#rollback").click()
        self.wait_for(lambda d: self.pending() == 0, "nothing pending")
        server.stop()
        shown = json.loads(helper.run_browser(self.path, "--json", "-c", "show Specimen[2]"))
        original = next(o for o in dump("species")["Specimen"]["objects"] if o["_key"] == shown["_key"])
        self.assertEqual(shown["latitude"], original["latitude"])

    def test_create_and_delete_objects(self):
        categories = dump("species")["Category"]["objects"]
        server = self.serve(self.path, write=True)
        self.open(server, "class=Category")
        self.wait_count(len(categories))
        self.click(lambda: self.css("#create"), "New object")
        self.wait_for(lambda d: self.css('#dialog input[data-property="name"]').is_displayed(), "the form")
        self.css('#dialog input[data-property="name"]').send_keys("Fungi")
        self.click(lambda: self.css("#createSend"), "Create")
        self.wait_for(lambda d: self.pending() == 1, "the creation pending")
        self.commit()
        self.wait_count(len(categories) + 1)
        # Delete the last fixture category from its object view.
        last = categories[-1]
        self.driver.get(server.url + f"#class=Category&key={last['_key']}")
        self.click(lambda: self.css("#deleteObject"), "Delete")
        self.wait_for(lambda d: self.pending() == 1, "the deletion pending")
        self.assertTrue(self.driver.current_url.endswith("#class=Category"))
        self.commit()
        self.wait_count(len(categories))
        server.stop()
        self.assertEqual(self.classes_in_file()["Category"], len(categories))
        names = [json.loads(line)["name"] for line in helper.run_browser(self.path, "--json", "-c", "show Category").splitlines()]
        self.assertIn("Fungi", names)
        self.assertNotIn(last["name"], names)

    def test_live_refresh_after_another_process_commits(self):
        server = self.serve(self.path)
        self.open(server, "class=Specimen")
        self.wait_for(lambda d: unquoted(self.cell(0, "name").text) == dump("species")["Specimen"]["objects"][0]["name"], "the rows")
        helper.run_browser(self.path, "-c", 'begin; set Specimen[0].name = "Changed elsewhere"; commit')
        self.wait_for(lambda d: self.css("#banner").is_displayed() and "new version" in self.css("#banner").text, "the banner")
        self.wait_for(lambda d: unquoted(self.cell(0, "name").text) == "Changed elsewhere", "the new value")


class ListEditingTest(WritingTest):
    fixture = "tasks"

    def test_append_to_and_remove_from_a_list(self):
        task_list = dump("tasks")["TaskList"]["objects"][0]
        tasks = dump("tasks")["Task"]["objects"]
        server = self.serve(self.path, write=True)
        self.open(server, f"class=TaskList&key={task_list['_key']}")
        row = 'tr[data-property="tasks"]'
        self.wait_for(lambda d: len(self.all(f"{row} li")) == len(task_list["tasks"]), "the list")
        self.css(f"{row} .appendValue").send_keys(f"Task[{len(tasks) - 1}]", Keys.ENTER)
        self.wait_for(lambda d: self.pending() == 1, "the append pending")
        self.click(lambda: self.all(f"{row} li .remove")[0], "remove")
        self.wait_for(lambda d: self.pending() == 2, "the removal pending")
        self.commit()
        server.stop()
        shown = json.loads(helper.run_browser(self.path, "--json", "-c", "show TaskList[0]"))
        expected = [link["$link"][1] for link in task_list["tasks"][1:]] + [tasks[-1]["_key"]]
        self.assertEqual([link["$link"][1] for link in shown["tasks"]], expected)

    def test_a_link_set_in_the_object_view(self):
        cars = dump("tasks")["Car"]["objects"]
        persons = dump("tasks")["Person"]["objects"]
        car = cars[0]
        new_owner = next(i for i, p in enumerate(persons) if not car.get("owner") or p["_key"] != car["owner"]["$link"][1])
        server = self.serve(self.path, write=True)
        self.open(server, f"class=Car&key={car['_key']}")
        row = 'tr[data-property="owner"]'
        self.click(lambda: self.css(f"{row} .edit"), "edit")
        editor = self.wait_for(lambda d: self.css(f"{row} input.editor"), "the editor")
        editor.send_keys(Keys.CONTROL, "a")
        editor.send_keys(f"Person[{new_owner}]", Keys.ENTER)
        self.wait_for(lambda d: self.pending() == 1, "the change pending")
        self.commit()
        self.wait_for(lambda d: self.css(f"{row} td.value .link").text.startswith("Person["), "the new link")
        server.stop()
        shown = json.loads(helper.run_browser(self.path, "--json", "-c", "show Car[0]"))
        self.assertEqual(shown["owner"]["$link"][1], persons[new_owner]["_key"])


class DictionaryEditingTest(WritingTest):
    fixture = "alltypes"

    def test_set_an_entry_of_a_dictionary(self):
        holder = next(o for o in dump("alltypes")["AllTypes"]["objects"] if o["intDict"]["$dict"])
        server = self.serve(self.path, write=True)
        self.open(server, f"class=AllTypes&key={holder['_key']}")
        row = 'tr[data-property="intDict"]'
        self.wait_for(lambda d: len(self.all(f"{row} li")) == len(holder["intDict"]["$dict"]), "the entries")
        self.css(f"{row} .entryKey").send_keys("added")
        self.css(f"{row} .appendValue").send_keys("42")
        self.click(lambda: self.css(f"{row} .setEntry"), "set entry")
        self.wait_for(lambda d: self.pending() == 1, "the entry pending")
        self.commit()
        self.wait_for(lambda d: any(e.get_attribute("data-entry") == "added" and e.find_element(By.CSS_SELECTOR, ".element").text == "42"
                                    for e in self.all(f"{row} li")), "the new entry")
        server.stop()
        shown = json.loads(helper.run_browser(self.path, "--json", "-c", f"show AllTypes[_key = {holder['_key']}]"))
        self.assertEqual(sorted(map(tuple, shown["intDict"]["$dict"])), sorted([tuple(e) for e in holder["intDict"]["$dict"]] + [("added", 42)]))



if __name__ == "__main__":
    unittest.main()
