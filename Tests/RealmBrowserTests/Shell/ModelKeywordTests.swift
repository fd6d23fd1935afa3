import Foundation
import Testing
import TestSupport

/// `models` for properties named like a language's keywords: the Java that came out
/// (`private long default;`, `getClass()`) did not compile.
@Suite("models with keyword names end to end", .enabled(if: Fixtures.shouldRun, Fixtures.skipComment))
struct ModelKeywordTests {
    let runner = ExecutableTests()

    @Test func javaFieldsNamedByKeywordsGetRealmField() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try ExecutableTests.workingCopy(of: "species", suite: "ModelKeywordTests", named: "kw")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let added = try runner.run([file, "-c", "add class Holder (default int, class string?, name string)"])
        #expect(added.status == 0, "\(added.standardError)")
        let models = try runner.run([file, "-c", "models java Holder"])
        #expect(models.status == 0, "\(models.standardError)")
        // Written by hand from Realm Java's rules: a reserved word cannot name a field, so the
        // field is renamed and @RealmField keeps the name in the file; Object.getClass() is final.
        #expect(models.standardOutput == """
        // Realm models for kw.realm, written by realm-browser from the file's schema.
        // One class per file, as Java requires.

        // Holder.java
        import io.realm.RealmObject;
        import io.realm.annotations.RealmField;
        import io.realm.annotations.Required;

        public class Holder extends RealmObject {
            @RealmField("default")
            private long default_;
            @RealmField("class")
            private String class_;
            @Required
            private String name;

            public long getDefault_() { return default_; }
            public void setDefault_(long default_) { this.default_ = default_; }

            public String getClass_() { return class_; }
            public void setClass_(String class_) { this.class_ = class_; }

            public String getName() { return name; }
            public void setName(String name) { this.name = name; }
        }

        """)
    }

    @Test func swiftPropertiesNamedByKeywordsAreEscaped() throws {
        guard Fixtures.requirePresent() else { return }
        let (directory, file) = try ExecutableTests.workingCopy(of: "species", suite: "ModelKeywordTests", named: "kw")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let added = try runner.run([file, "-c", "add class Alias (typealias int, Any string, name string)"])
        #expect(added.status == 0, "\(added.standardError)")
        // By hand: Swift reserves typealias and Any; backticks make them property names.
        #expect(try runner.run([file, "-c", "models swift Alias"]).standardOutput == """
        // Realm models for kw.realm, written by realm-browser from the file's schema.
        import Foundation
        import RealmSwift

        class Alias: Object {
            @Persisted var `typealias`: Int
            @Persisted var `Any`: String
            @Persisted var name: String
        }

        """)
    }
}
