/// `help schema` (and `help migrations`): every schema change by example, with the lines the
/// commands print for the species and tasks fixtures, so that a user learns what a change
/// costs and what it means for an app before making it. `HelpExamplesTests` runs the examples
/// and compares the lines.
enum SchemaHelp {
    static let text = """
      Changing the schema (each alone is committed at once; inside 'begin' they are staged with
      the other changes, 'status' lists them with what each costs, 'rollback' forgets them):
        add class Fungus (name string, spores int?, host Specimen)    a new class ('help add')
        add property Specimen habitat string?                         a new property
        rename property Specimen.specimenDescription description      values, index and links stay
          ~ property Specimen.specimenDescription → Specimen.description: string (renamed; 42 values kept)
        remove property Specimen.longitude                            its values (and index) go
          - property Specimen.longitude: double (42 values dropped)
        rename class Specimen Sighting                                links to it follow
          ~ class Specimen → Sighting (renamed; 42 objects kept)
        remove class Category            refused while other classes link to it, naming them:
          Category cannot be removed while other classes link to it: Specimen.category; remove or change those properties first
        change type Specimen.latitude string                          every value converted, or nothing changes
          ~ property Specimen.latitude: double → string (42 values converted)
        set optional Task.notes                                       null becomes allowed
        set required Task.notes --default ""                          refused while nulls remain, unless a default is given
        set primary key Person.name                                   refused while duplicates or nulls exist (they are listed)
          ~ class Person: primary key none → name (5 unique values; index built)
        remove primary key Person
        add index Specimen.name                                       no migration needed
          ~ property Specimen.name: string → string (indexed) (index built over 42 objects; no migration needed)
        remove index Specimen.name

      Types: int ↔ double, float, decimal128, bool (0/1); float ↔ double; every number, bool,
      date, decimal128, objectId, uuid and data → string (the text 'show' prints); string → any
      of those where every value reads as one; the objects whose values do not are listed.
      Lists, sets and dictionaries are renamed, removed and converted like any property; a
      removed link's backlinks go with it, and embedded objects only it owned are deleted.

      Apps: a Realm app opening a file whose schema changed needs a migration. Each commit that
      changes more than indexes raises the schema version in the metadata table, as a Realm
      migration would, and says what to declare:
          apps: an app opening this file needs a migration for this schema; the schema version is now 2 (was 1): declare schemaVersion 2 with a migration block
        remove property Specimen.longitude --keep-version             the schema version stays
        commit --keep-version                                          the same for a transaction
      'models swift' (and kotlin, java, js, ts, csharp) shows the classes for the new schema.

    """
}
