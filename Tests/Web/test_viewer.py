"""The cell viewer (issue 32): the cell under the cursor shown whole beside the grid, each
kind of value checked against the fixture's own JSON dump: a binary's hex dump (written here
as `hexdump -C` writes it), base64 and size; a long string whole; a date in UTC and in the
browser's time zone; a UUID's and an ObjectId's parts; a Mixed dictionary as a tree."""

import base64
import datetime
import unittest
import uuid
from zoneinfo import ZoneInfo

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import serve_helper as helper
from page_test import PageTest
from serve_helper import dump, shoot

# Half an hour behind a whole one, and a name ICU keeps as it is (Asia/Kolkata it calls Asia/Calcutta).
ZONE = "America/St_Johns"


def hexdump(data):
    """`hexdump -C` without its last line (the length)."""
    lines = []
    for offset in range(0, len(data), 16):
        chunk = data[offset:offset + 16]
        cells = [f"{b:02x} " for b in chunk] + ["   "] * (16 - len(chunk))
        hex_part = "".join(cells[:8]) + " " + "".join(cells[8:])
        lines.append(f"{offset:08x}  {hex_part} |" + "".join(chr(b) if 0x20 <= b < 0x7f else "." for b in chunk) + "|")
    return "\n".join(lines)


class ViewerTest(PageTest):
    def facts(self, table_id):
        return {row.find_element(By.TAG_NAME, "th").text: row.find_element(By.TAG_NAME, "td").text
                for row in self.all(f"#{table_id} tr")}

    def put_cursor(self, row, name):
        self.driver.execute_script("cursor.anchor = null; cursor.row = arguments[0]; cursor.column = columnNames().indexOf(arguments[1]);"
                                   "scrollToRow(arguments[0]);", row, name)
        self.wait_for(lambda d: self.css("#viewerTitle").text.endswith(f"[_key = {self.objects[row]['_key']}].{name}"),
                      f"the viewer on {name} of row {row}")

    def test_each_kind_of_value_whole(self):
        self.objects = objects = dump("alltypes")["AllTypes"]["objects"]
        self.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ZONE})
        self.addCleanup(self.driver.execute_cdp_cmd, "Emulation.setTimezoneOverride", {"timezoneId": ""})
        server = self.serve(helper.fixture("alltypes.realm"))
        self.open(server, "class=AllTypes")
        self.wait_count(len(objects))
        self.driver.execute_script("localStorage.removeItem('realm-browser viewer')")
        # v opens it on the cell under the cursor; the keys move it.
        self.click(lambda: self.cell(1, "stringOpt"), "a short string")
        ActionChains(self.driver).send_keys("v", Keys.ARROW_RIGHT, Keys.ARROW_RIGHT).perform()
        self.wait_for(lambda d: self.css("#viewer").is_displayed(), "the viewer")
        self.wait_for(lambda d: self.css("#viewerTitle").text.endswith("[_key = 1].dataOpt"), "the viewer on dataOpt")
        data = base64.b64decode(objects[1]["dataOpt"]["$binary"])
        self.wait_for(lambda d: self.css("#hexDump").get_attribute("textContent") == hexdump(data), "the hex dump")
        self.assertEqual(self.css("#base64").get_attribute("textContent"), objects[1]["dataOpt"]["$binary"])
        self.assertEqual(self.css("#viewerSize").text, f"{len(data)} bytes")
        shoot(self.driver, "viewer-binary", both=True)
        # A binary past 4096 bytes: the first 4096 in hex, all of it on request.
        big = next(i for i, o in enumerate(objects) if o["dataOpt"] and len(base64.b64decode(o["dataOpt"]["$binary"])) > 4096)
        self.put_cursor(big, "dataOpt")
        whole = base64.b64decode(objects[big]["dataOpt"]["$binary"])
        self.wait_for(lambda d: self.css("#hexDump").get_attribute("textContent") == hexdump(whole[:4096]), "4096 bytes in hex")
        self.css("#viewer button.more").click()
        self.wait_for(lambda d: self.css("#hexDump").get_attribute("textContent") == hexdump(whole), "every byte in hex")
        # A long string, whole (the grid's cell is cut).
        index = next(i for i, o in enumerate(objects) if len(o["stringReq"]) > 5000)
        self.put_cursor(index, "stringReq")
        self.wait_for(lambda d: self.css("#viewerText").get_attribute("textContent") == objects[index]["stringReq"], "the whole string")
        self.assertTrue(self.css("#viewerSize").text.startswith(f"{len(objects[index]['stringReq'])} characters"))
        # A date in UTC and in the browser's zone, to the nanosecond.
        seconds, nanoseconds = objects[2]["dateOpt"]["$date"]
        self.put_cursor(2, "dateOpt")
        local = datetime.datetime.fromtimestamp(seconds, ZoneInfo(ZONE))
        offset = local.strftime("%z")
        expected = local.strftime("%Y-%m-%d %H:%M:%S") + "." + f"{nanoseconds:09d}".rstrip("0") + f" {offset[:3]}:{offset[3:]} ({ZONE})"
        self.wait_for(lambda d: self.facts("dateFacts").get("UTC"), "the date")
        self.wait_for(lambda d: self.facts("dateFacts").get("local time") == expected, f"the local time {expected}")
        utc = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
        self.assertEqual(self.facts("dateFacts")["UTC"], utc + "." + f"{nanoseconds:09d}".rstrip("0") + "Z")
        # A UUID's fields.
        self.put_cursor(1, "uuidOpt")
        parsed = uuid.UUID(objects[1]["uuidOpt"]["$uuid"])
        self.wait_for(lambda d: self.facts("uuidFacts").get("version") == str(parsed.version), "the UUID's version")
        facts = self.facts("uuidFacts")
        self.assertEqual(facts["node"], f"{parsed.node:012x}")
        self.assertEqual(facts["time_low"], f"{parsed.time_low:08x}")
        self.assertEqual(facts["clock_seq"], f"{parsed.clock_seq_hi_variant:02x}{parsed.clock_seq_low:02x}")
        self.assertTrue(facts["variant"].startswith("RFC 9562") if parsed.variant == uuid.RFC_4122 else True)
        # An ObjectId: its time, random part and counter.
        oid = objects[1]["objectIdOpt"]["$oid"]
        self.put_cursor(1, "objectIdOpt")
        when = datetime.datetime.fromtimestamp(int(oid[:8], 16), datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        self.wait_for(lambda d: self.facts("objectIdFacts").get("time (4 bytes)") == when, "the ObjectId's time")
        self.assertEqual(self.facts("objectIdFacts")["random (5 bytes)"], oid[8:18])
        self.assertEqual(self.facts("objectIdFacts")["counter (3 bytes)"], f"{int(oid[18:], 16)} (0x{oid[18:]})")

    def test_a_mixed_dictionary_as_a_tree(self):
        self.objects = objects = dump("alltypes")["AllTypes"]["objects"]
        holder = next(i for i, o in enumerate(objects) if any(k == "nestedList" for k, _ in o["mixedDict"]["$dict"]))
        entries = objects[holder]["mixedDict"]["$dict"]
        nested = dict(entries)["nestedList"]
        server = self.serve(helper.fixture("alltypes.realm"))
        self.open(server, "class=AllTypes")
        self.wait_count(len(objects))
        self.driver.execute_script("toggleViewer(true)")
        self.put_cursor(holder, "mixedDict")
        top = "#viewer ul.tree > li"
        self.wait_for(lambda d: [li.get_attribute("data-entry") for li in self.all(top)] == [k for k, _ in entries], "the entries")
        item = next(li for li in self.all(top) if li.get_attribute("data-entry") == "nestedList")
        item.find_element(By.TAG_NAME, "summary").click()
        self.wait_for(lambda d: len(item.find_elements(By.CSS_SELECTOR, "details > ul.tree > li")) == len(nested), "the nested list")
        inner = item.find_elements(By.CSS_SELECTOR, "details > ul.tree > li")
        self.assertEqual(inner[0].find_element(By.CSS_SELECTOR, ".leaf").text, str(nested[0]["$int"]))
        inner[1].find_element(By.TAG_NAME, "summary").click()
        deep = nested[1]["$dict"]
        self.wait_for(lambda d: [li.get_attribute("data-entry") for li in inner[1].find_elements(By.CSS_SELECTOR, ":scope > details > ul.tree > li")]
                      == [k for k, _ in deep], "the dictionary inside the list")
        self.assertEqual(inner[1].find_element(By.CSS_SELECTOR, ":scope > details > ul.tree > li .leaf").text, deep[0][1])
        shoot(self.driver, "viewer-tree", both=True)


if __name__ == "__main__":
    unittest.main()
