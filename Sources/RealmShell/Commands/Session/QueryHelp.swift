/// `help queries`: Realm Query Language by example, on the classes of the tutorials Realm
/// users learned from (Specimen/Category, TaskList/Task, Person/BankInfo).
enum QueryHelp {
    static let text = """
    Realm Query Language, as filter("...") takes it in every Realm SDK:

      find Specimen name BEGINSWITH[c] 'b'            case-insensitive prefix ([c]; [d] ignores accents)
      find Specimen name CONTAINS 'owl' OR name ENDSWITH 'e'
      find Specimen name LIKE '*a?l*'                  * any run of characters, ? exactly one
      find Task isCompleted = true                    = and == are the same; also != <> < <= > >=
      find Specimen latitude BETWEEN {20, 40}          inclusive on both ends
      find Item id IN {5, 50, 500}
      find Specimen category == nil                   nil or null; a missing link is null
      find Specimen category.name == 'Birds'          follow links with dots
      find Specimen created > 2015-03-01@12:00:00     dates: YYYY-MM-DD@HH:MM:SS[:NANOS] or T<seconds>:<nanos>
      find TaskList tasks.@count > 3                   @count/@size of lists, sets, dictionaries, strings
      find TaskList ANY tasks.isCompleted == false     ANY (default on lists), ALL, NONE
      find TaskList NONE tasks.isCompleted == true
      find RealmTestClass1 arrayReference.@avg.integerValue < 3000000    @min @max @sum @avg
      find Person SUBQUERY(banks, $b, $b.status != 'active').@count > 0
      find BankInfo @links.Person.banks.@count == 0    objects that nothing links to, by property
      find Target @links.@count == 0                   ... or through any property
      find AllTypes intDict['k0'] == 1                 dictionaries: d['key'], d.@keys, d.@values
      find AllTypes intDict['k2'] == nil               a key that a non-empty dictionary lacks is null;
                                                      in an empty one it is no value: neither == nil
                                                      nor != nil matches (NOT (d['k'] == nil) does)
      find AllTypes mixedValue.@type == 'string'       the type held by a mixed property; also the
      find AllTypes mixedValue.@type IN {'numeric', 'collection'}   groups numeric, collection, object
      find AllTypes mixedValue.@size > 3               length of a mixed string, size of a mixed list
      find AllTypes mixedValue[0] == 12                into a list or dictionary held in a mixed value:
      find AllTypes mixedDict['nestedDict']['z'] != nil   [n] [FIRST] [LAST] [*] ['key'], to any depth;
      find AllTypes mixedList[*] == 'm'                an index past the end matches nothing
      find AllTypes mixedDict['link'].name BEGINSWITH 'target'   on through a link held in a mixed value
      find AllTypes mixedValue['name'] BEGINSWITH 't'   ['name'] on a linked object reads its property
                                                      (a class without it: no value) and goes on
      find AllTypes mixedList[LAST] == mixedValue      mixed values: numbers by value across types, other
                                                      types only with their own (a string never equals
                                                      binary), links by object, a list equals any list
                                                      and a dictionary any dictionary; two lists (or two
                                                      paths reaching several values) are not compared
      find AllTypes mixedList.@sum > 10                @sum/@avg of mixed values add every int, float,
                                                      double and decimal as decimal128, skip the rest
      find Target @links.AllTypes.target.@avg.intReq > 0          aggregate the objects linking here
      find Category @links.Specimen.category.@min.created < 2016-01-01@00:00:00
                                                      @sum/@avg take numbers; @min/@max numbers, or
                                                      dates of linked objects (not a list of dates)
      find AllTypes fullText TEXT 'quick -lazy'         full-text search: words, -excluded words
      find Specimen name == $0  "Bald eagle"          $0, $1 ... take the values after the query

    From the tutorials: the filters their apps pass to Realm, as commands here.
      Specimen search, filter("name BEGINSWITH [c] %@", text).sorted(byKeyPath: "name"):
        find Specimen name BEGINSWITH [c] $0 SORT(name ASC) "ba"
      ... the same search by date, sorted(byKeyPath: "created", ascending: true):
        find Specimen name BEGINSWITH [c] $0 SORT(created ASC) "ba"
      a list's open and completed tasks, selectedList.tasks.filter("isCompleted = false"):
        find Task isCompleted = false AND @links.TaskList.tasks.name == 'Groceries'
        find Task isCompleted = true
      task lists newest first, lists.sorted("createdAt", ascending: false):
        find TaskList TRUEPREDICATE SORT(createdAt DESC)
      the Dog tutorial, filter("color = 'tan' AND name BEGINSWITH 'B'") and filter("age < 2"):
        find Dog color = 'tan' AND name BEGINSWITH 'B'
        find Dog age < 2 SORT(name ASC)
      companies with more than five employees, filter("employees.@count > 5"):
        find Company employees.@count > 5

    After the predicate, in any order and repeated, applied left to right:
      SORT(created DESC, name ASC)   DISTINCT(category)   LIMIT(10)
      find Specimen TRUEPREDICATE SORT(name ASC) LIMIT(5)
      find Specimen TRUEPREDICATE SORT(category.name ASC)
          an object whose path meets a null link (no category) sorts after all the others
          ascending and before them descending; such objects tie and the next key decides. A
          null value at the end of the path sorts first. DISTINCT(category.name) leaves out the
          objects whose path meets a null link.

    Combine with AND (&&), OR (||), NOT (!) and parentheses. Strings take '...' or "...".
    Other literals: true/false, 42, -1.5e3, inf, nan, oid(507f1f77bcf86cd799439011),
    uuid(...), B64"..." for binary, decimal numbers for decimal128.

    The result is a paged table ('more', 'sort created desc', 'cd 2' to enter an object);
    'count CLASS QUERY' prints how many match. With --json, find prints every object as a JSON
    line with its _key. A query Realm would reject is rejected with a caret under the problem.

    """
}
