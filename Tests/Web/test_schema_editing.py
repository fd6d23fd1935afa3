"""The schema panel of `realm-browser serve --write` (issue 31): rename, remove and the index
toggle, staged with the page's other pending changes and committed together; each committed
change is checked by reading the file again with the command line."""

import json
import unittest

from selenium.webdriver.common.keys import Keys

import serve_helper as helper
from serve_helper import dump, shoot
from test_editing import WritingTest


class SchemaPanelTest(WritingTest):
    def action(self, property_name, action):
        return self.css(f'#schemaTable tr[data-property="{property_name}"] button[data-action="{action}"]')

    def rename(self, property_name, new_name):
        self.click(lambda: self.action(property_name, "rename"), f"rename {property_name}")
        field = self.wait_for(lambda d: self.css("#schemaName"), "the name field")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(new_name, Keys.ENTER)

    def test_rename_remove_and_index_from_the_schema_panel(self):
        server = self.serve(self.path, write=True)
        self.open(server, "class=Specimen")
        self.wait_for(lambda d: self.all('#schemaTable tr[data-property="specimenDescription"]'), "the schema panel")
        # An object edit and the schema changes are one transaction.
        self.wait_for(lambda d: self.cell(3, "name").text, "the rows")
        self.edit(3, "name", "Barnacle goose (edited)")
        self.wait_for(lambda d: self.pending() == 1, "the edit pending")
        self.rename("specimenDescription", "notes")
        self.wait_for(lambda d: self.pending() == 2, "the rename pending")
        self.wait_for(lambda d: self.all("#schemaStaged"), "the note that the objects show the committed schema")
        # The panel shows the staged name, marked, and its buttons use it.
        self.wait_for(lambda d: "staged" in self.css('#schemaTable tr[data-property="notes"]').get_attribute("class")
                      and not self.all('#schemaTable tr[data-property="specimenDescription"]'), "the staged rename in the panel")
        self.assertIn("~ property Specimen.specimenDescription → Specimen.notes: string (renamed; 42 values kept)",
                      self.css("#pendingList").get_attribute("textContent"))
        self.click(lambda: self.action("longitude", "remove"), "remove longitude")
        self.click(lambda: self.css("#schemaSend"), "Remove (staged)")
        self.wait_for(lambda d: self.pending() == 3, "the removal pending")
        self.wait_for(lambda d: not self.all('#schemaTable tr[data-property="longitude"]'), "the staged removal in the panel")
        self.click(lambda: self.action("name", "index"), "index name")
        self.wait_for(lambda d: self.pending() == 4, "the index pending")
        self.wait_for(lambda d: self.all('#schemaTable tr[data-property="name"] button[data-action="unindex"]'), "the staged index in the panel")
        # The server's refusal shows in the dialog, and nothing more is staged.
        self.rename("latitude", "created")
        self.wait_for(lambda d: "Specimen already has a property created" in self.css("#schemaError").text, "the refusal")
        self.assertEqual(self.pending(), 4)
        shoot(self.driver, "schema-editing")
        self.click(lambda: self.css("#dialog button:last-child"), "Close")
        self.commit()
        self.wait_for(lambda d: self.all('#schemaTable tr[data-property="notes"]')
                      and not self.all('#schemaTable tr[data-property="longitude"]')
                      and "indexed" in self.css('#schemaTable tr[data-property="name"] .flags').text
                      and not self.all("#schemaStaged"), "the new schema in the panel")
        server.stop()
        shown = json.loads(helper.run_browser(self.path, "--json", "-c", "show Specimen[3]"))
        original = dump("species")["Specimen"]["objects"][3]
        self.assertEqual(shown["name"], "Barnacle goose (edited)")
        self.assertEqual(shown["notes"], original["specimenDescription"])
        self.assertNotIn("longitude", shown)
        self.assertNotIn("specimenDescription", shown)
        schema = [json.loads(line) for line in helper.run_browser(self.path, "--json", "-c", "schema Specimen").splitlines()]
        self.assertTrue(next(row for row in schema if row["property"] == "name")["indexed"])
        self.assertIn("OK", helper.run_browser(self.path, "-c", "verify"))

    def test_rename_a_class_and_roll_back(self):
        server = self.serve(self.path, write=True)
        self.open(server, "class=Category")
        self.click(lambda: self.css('#schema button[data-action="rename class"]'), "rename class")
        field = self.wait_for(lambda d: self.css("#schemaName"), "the name field")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("Kind", Keys.ENTER)
        self.wait_for(lambda d: self.pending() == 1, "the rename pending")
        self.assertIn("~ class Category → Kind", self.css("#pendingList").get_attribute("textContent"))
        self.wait_for(lambda d: self.css("#schema h3").text == "Schema of Category → Kind", "the staged name in the panel")
        # The panel's buttons now name the class Kind, as the transaction does; removing it is
        # refused while Specimen.category links to it, and the dialog says so.
        self.click(lambda: self.css('#schema button[data-action="remove class"]'), "remove class")
        self.click(lambda: self.css("#schemaSend"), "Remove (staged)")
        self.wait_for(lambda d: "Kind cannot be removed while other classes link to it: Specimen.category"
                      in self.css("#schemaError").text, "the refusal")
        self.click(lambda: self.css("#dialog button:last-child"), "Close")
        self.click(lambda: self.action("name", "rename"), "rename Kind.name")
        field = self.wait_for(lambda d: self.css("#schemaName"), "the name field")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("label", Keys.ENTER)
        self.wait_for(lambda d: self.pending() == 2, "the property of the renamed class renamed")
        self.assertIn("~ property Kind.name → Kind.label", self.css("#pendingList").get_attribute("textContent"))
        self.click(lambda: self.css("#rollback"), "Rollback")
        self.wait_for(lambda d: self.pending() == 0, "nothing pending")
        server.stop()
        with open(self.path, "rb") as edited, open(helper.fixture("species.realm"), "rb") as original:
            self.assertEqual(edited.read(), original.read())

if __name__ == "__main__":
    unittest.main()
