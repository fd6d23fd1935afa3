import RealmInterchange

/// The texts of `help TOPIC` beyond the commands themselves: what a user needs to know once,
/// written with the classes of the tutorials Realm users learned from.
enum HelpTopics {
    /// Every topic `help` knows, with the words that name it.
    static let topics: [(names: [String], text: String)] = [
        (["commands"], ""),
        (["queries", "query", "rql", "filter"], QueryHelp.text),
        (["literals", "values", "literal", "value"], literals),
        (["transactions", "transaction", "editing", "edits"], transactions),
        (["addresses", "address", "positions", "keys"], HelpCommand.addresses),
        (["scripts", "script", "shell", "keys-and-lines"], scripts),
        (["serve", "web", "http", "server"], serve),
        (["formats", "format", "versions", "old", "upgrade-formats"], OlderFormatText.help),
        (["migrations", "migration", "schema-changes"], SchemaHelp.text),
    ]

    static func text(for topic: String) -> String? {
        topics.first { $0.names.contains(topic) }?.text
    }

    static let literals = """
    Values are written as in Realm's query language, in queries and in set/update/create:

      "Bald eagle"  'Bald eagle'     strings, either quote; \\" \\' \\\\ \\n \\t escapes inside
      42  -7  0x1F                   int (64-bit)
      3.25  -1.5e3  inf  -inf  nan   double and float (a float property rounds the value)
      123.456                        decimal128 for a decimal128 property
      true  false                    bool
      null  nil                      null, where the property is optional (and for links)
      2015-04-01@12:00:00            date (UTC), also 2015-04-01@12:00:00:500000000 (nanoseconds)
      T1427889600:0                  date as seconds:nanoseconds since 1970
      oid(507f1f77bcf86cd799439011)  objectId
      uuid(3b241101-e2bb-4255-8caf-4136c566a962)
      B64"aGVsbG8="                  binary (data), base64
      Category[1]                    a link, in set: set Specimen[3].category = Category[1]
      {5, 50, 500}                   a list of values, for IN: find Item id IN {5, 50, 500}
      $0 $1                          arguments: find Specimen name == $0 "Bald eagle"

    Examples:
      set Specimen[3].latitude = 57.4778
      set Specimen[3].created = 2015-04-01@12:00:00
      create Category name = "Fungi"
      update Task isCompleted == false SET isCompleted = true

    """

    static let transactions = """
    Changes are written to the file in place, the way Realm commits a write transaction.

      set Category[0].name = "Aves"       outside a transaction: committed at once
      begin                                start a write transaction (the prompt shows realm*>)
      set Specimen[3].name = "Bald eagle"  staged, not yet written
      create Category name = "Fungi"
      delete Specimen[7]                   links to it become null, lists drop it
      append TaskList[0].tasks Task[5]     lists of links: append, remove LIST[I], move LIST FROM TO
      update Task isCompleted == false SET isCompleted = true
      status                               what commit will write
      commit                               write all staged changes as one new version
      rollback                             or drop them

    A failing statement inside 'begin' leaves the earlier staged changes as they were. With staged
    changes, 'quit', Ctrl-D and 'open' ask whether to commit, discard or cancel; in a script they
    (and the end of the script) are refused ('quit!' drops them). While a Realm app has the file
    open (its lock file is held), writing is refused; when it commits while you read, the session
    reloads the new version and says so.
    A commit that fails (a full disk, a failed write or sync, a file that cannot grow) is undone:
    the file keeps its old version and size, byte for byte, and the error names the file and the
    cause. Inside 'begin' the changes stay staged: free space and 'commit' again, or 'rollback'.
    Only if undoing fails after the new version began to be published does it say the file may
    hold either version; open it again to see which.
    Schema: add class Fungus (name string, spores int?, host Specimen, hosts Specimen[]);
    add property Specimen habitat Habitat; types: value types or a class (a link), '?' optional,
    suffix [] list, <> set, {} dictionary (tags string?[]); rename, remove, retype and index
    properties and classes: 'help schema'

    """

    static let scripts = """
    Running commands without typing them:

      realm-browser app.realm -c "classes; show Dog[0]"    commands separated by ';'
      realm-browser app.realm -f fixes.txt                 a file of commands, one per line
      printf 'classes\\nschema Dog\\n' | realm-browser app.realm
      realm-browser app.realm --bail -f fixes.txt          stop at the first failing command
      realm-browser app.realm --mode csv -c "show Dog"     the whole class as CSV (also json, jsonl)
      realm-browser app.realm -c "once dogs.md; mode markdown; show Dog"   one result to a file

    '#' starts a comment to the end of the line, on a line of its own or after a space outside
    quotes and brackets ('count Dog   # how many'; 'name == "#1"' keeps its '#'). A statement
    goes on to the next line while a quote or bracket is open, or when the line ends with '\\':
      find Specimen name BEGINSWITH[c] 'b' AND (
          latitude > 40 OR category.name == 'Birds')

    Exit status: 0 when every command succeeded, 1 when any failed (the error names the line),
    2 for bad command-line arguments, 130 when Ctrl-C stopped a command (the rest of the script
    is not run, --bail or not; Ctrl-C only ends a 'watch', and the script goes on).

    Interactively: Tab completes commands, class names, key paths (category.na -> category.name),
    query operators after a property and SORT( DISTINCT( LIMIT( after a comparison. History is
    kept in ~/.realm_browser_history, or in the file $REALM_BROWSER_HISTORY names.

    Ctrl-C at the prompt drops the line being typed (and a statement going on over lines). While
    a command runs (a query, show, dump, export, import, load, compact, generate, verify, stats,
    diff, recover) it stops that command, not the session: 'interrupted', and the prompt comes
    back. Files are written under a temporary name and renamed once complete, so a stopped
    command leaves no half-written file and a file it would have replaced as it was; staged
    changes stay staged (an interrupted import stages none of its objects). A commit is never
    stopped half-way.

    """

    static let serve = """
    The browser as a web page, from the command line (not a REPL command):

      realm-browser serve app.realm                 prints http://127.0.0.1:PORT/?token=HEX
      realm-browser serve app.realm --port 8080     a fixed port (default 0: any free port)
      realm-browser serve app.realm --host 0.0.0.0  other machines too (warns; think twice)
      realm-browser serve app.realm --host ::1      IPv6 loopback (http://[::1]:PORT/...)
      realm-browser serve app.realm --write         allow changes (staged, then committed)
      realm-browser serve a.realm b.realm           several files: the page lists and switches
      realm-browser serve ~/realms                  a directory: the .realm files in it now

    Open the URL printed: the page lists the classes with their counts, shows a class a page
    at a time and runs queries, through the same session and query engine as the REPL. It
    serves until Ctrl-C (SIGINT) or SIGTERM, which also stops a request still running (it
    answers 503), then exits 0. Edits staged with --write and not committed are then dropped
    (rolled back, listed on standard error); the exit status is still 0. Another process's
    commits are picked up at the next request.

    Security: only 127.0.0.1 listens unless --host is given (an IPv4 or IPv6 address; '::' is
    every IPv6 address, not IPv4); every request needs the random token of the URL (then kept
    in an HttpOnly, SameSite=Strict cookie) and a Host header naming the address listened on
    with its port ('localhost' too on a loopback address; any name on 0.0.0.0 or '::'), against
    DNS rebinding; nothing but the embedded page and the API is served; without --write every
    POST, PUT or DELETE is refused and the file is only ever opened for reading; long requests
    and bodies are refused.

    The JSON API (GET; the token as ?token=HEX or the cookie), for scripts too:
      /api/classes[?internal=1]              names, object counts (internal tables too)
      /api/schema?class=C                    the properties, as 'schema C' in jsonl mode
      /api/objects?class=C&offset=N&limit=M  a page of objects (canonical JSON, as dump), and
                                             "cells": each value's text as the REPL shows it
      /api/object?class=C&key=K              one object by key, with the objects linking to it;
                                             "elements": each list's, set's and dictionary's
                                             elements as the REPL's text (an entry's key as
                                             "entry"), the first 500, and "elementCounts"
      /api/object?class=C&key=K&elements=P&from=N   the next 500 elements of collection P
      /api/query?class=C&q=RQL&offset&limit  the matches; an invalid query answers 400 with
                                             "position" and "end" (UTF-8 byte offsets in q);
                                             the next pages of the same query reuse its result
      /api/export?class=C&format=csv|json[&q=RQL]   a class or a query result, as 'export'
      /api/graph                             classes and the links between them
      /api/version                           the file's version now and the one last read
      /api/complete?class=C&q=TEXT           what tab completion offers for 'find C TEXT'
      /api/chart?class=C&property=P[&q=RQL]  'stats' figures of P and the bars of its chart
      curl -b "realm_browser_token_PORT=HEX" "http://127.0.0.1:PORT/api/classes"

    With --write (POST, with the header X-Realm-Browser-Token: HEX; the same transaction as
    begin/set/commit, so the file is locked for writing from the first edit to the commit):
      /api/edit    {"class": C, "key": K, "property": P, "value": "LITERAL"}  stages 'set'
                   (with "entry": "KEY": a dictionary's entry, set C[_key = K].P["KEY"] = …)
      /api/create  {"class": C, "values": {"P": "LITERAL", ...}}            stages 'create'
      /api/delete  {"class": C, "key": K}                                  stages 'delete'
      /api/append  {"class": C, "key": K, "property": P, "value": "LITERAL"}  stages 'append'
      /api/remove  {"class": C, "key": K, "property": P, "index": I}  (or "entry": "KEY")
      /api/schema-change  {"change": "rename property", "class": C, "property": P, "name": N}
                   stages a schema change (also "remove property", "rename class" with "name",
                   "remove class", "add index", "remove index"): the schema panel's buttons
      /api/commit  writes every staged change as one version;  /api/rollback  drops them

    Several files (serve A B, serve DIR): each has a session of its own (its own version read,
    lock and transaction) and its own URL, /files/N/ (N its place in the list printed on
    standard error at start), its API under /files/N/api/...; /api/files lists them (name,
    size, classes). Files are named by that number only, never by a path, and a directory's
    files are those found at start. An encrypted file opens with the key given to serve
    (--key-file, --key, REALM_BROWSER_KEY), tried on the encrypted files only; without one it
    is listed, not opened: the page never asks for a key. Files of formats 5-11 stay read-only.

    """
}
