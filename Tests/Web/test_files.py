"""Several files (issue 32): `serve A B` and `serve DIR` list the files found at start with
their size and number of classes (checked against the files on disk and their JSON dumps),
switch between them, each at its own URL with its own queries; an encrypted file is opened
only with the key given on the command line, and nothing over HTTP can name another file."""

import os
import shutil
import tempfile
import unittest
import urllib.error
import urllib.request

import serve_helper as helper
from page_test import PageTest
from serve_helper import dump, shoot

KEY = "".join(f"{byte:02x}" for byte in range(64))


class FilesTest(PageTest):
    def files_listed(self):
        return self.driver.execute_script("""
            return [...document.querySelectorAll('#fileList li')].map((item) =>
              [item.dataset.name, item.querySelector('.fileDetails').textContent, item.classList.contains('current')]);""")

    def wait_files(self, count):
        return self.wait_for(lambda d: len(self.files_listed()) == count and self.files_listed(), f"{count} files listed")

    def test_two_files_switched(self):
        species, demo = helper.fixture("species.realm"), helper.fixture("demo.realm")
        server = self.serve([species, demo])
        self.open(server)
        self.wait_for(lambda d: d.current_url.split("#")[0].endswith("/files/0/"), "the first file's URL")
        listed = self.wait_files(2)
        self.assertEqual([name for name, _, _ in listed], ["species.realm", "demo.realm"])
        self.assertEqual([current for _, _, current in listed], [True, False])
        # Sizes as the server gives them from the files on disk; classes as the dumps have them.
        for (name, details, _), path in zip(listed, (species, demo)):
            classes = len(dump(name[:-len(".realm")]))
            self.assertIn(f"{classes} classes", details)
            size = os.path.getsize(path)
            self.assertTrue(details.startswith(f"{size} B") or " KB" in details or " MB" in details, details)
        self.assertEqual(set(self.classes_shown()), set(dump("species")))
        # The second file: its own URL, classes and query.
        self.click(lambda: self.css('#fileList li[data-name="demo.realm"]'), "the second file")
        self.wait_for(lambda d: "/files/1/" in d.current_url and set(self.classes_shown()) == set(dump("demo")), "the demo file")
        self.assertEqual([current for _, _, current in self.wait_files(2)], [False, True])
        objects = dump("demo")["RealmTestClass1"]["objects"]
        self.driver.get(server.base + "/files/1/#class=RealmTestClass1&q=boolValue%20%3D%3D%20true")
        self.wait_count(sum(1 for item in objects if item["boolValue"]))
        shoot(self.driver, "several-files", both=True)
        # Back to the first: its own grid again.
        self.click(lambda: self.css('#fileList li[data-name="species.realm"]'), "the first file")
        self.wait_for(lambda d: "/files/0/" in d.current_url and set(self.classes_shown()) == set(dump("species")), "species again")
        self.driver.back()
        self.wait_count(sum(1 for item in objects if item["boolValue"]))

    def test_a_directory_with_an_encrypted_file_and_its_key(self):
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        for name in ("species", "encrypted"):
            helper.copy_fixture(name, directory)
        open(os.path.join(directory, "notes.txt"), "w").close()
        # Without the key: listed, not opened, and no request can give it one.
        server = self.serve(directory)
        self.open(server)
        self.wait_for(lambda d: "/files/1/" in d.current_url, "the first file that opened")
        listed = self.wait_files(2)
        self.assertEqual([name for name, _, _ in listed], ["encrypted.realm", "species.realm"])
        self.assertIn("not opened", listed[0][1])
        token = server.url.split("token=", 1)[1]
        for path in ("/files/0/api/classes", f"/files/0/api/classes?key={KEY}", "/files/2/api/classes", "/api/classes"):
            request = urllib.request.Request(server.base + path + ("&" if "?" in path else "?") + "token=" + token)
            with self.assertRaises(urllib.error.HTTPError, msg=path) as caught:
                urllib.request.urlopen(request)
            self.assertIn(caught.exception.code, (404, 409), path)
        # With the key on the command line: both open.
        keyed = self.serve(directory, extra=("--key", KEY))
        self.open(keyed)
        self.wait_for(lambda d: "/files/0/" in d.current_url, "the first file, opened this time")
        self.wait_for(lambda d: set(self.classes_shown()) == set(dump("encrypted")), "the encrypted file's classes")
        self.assertNotIn("not opened", self.wait_files(2)[0][1])


if __name__ == "__main__":
    unittest.main()
