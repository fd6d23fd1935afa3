import RealmFormat

/// `verify` for files of formats 5 to 11: the original's own structure, not the image read for
/// it (which is sound by construction). The space accounting of M§8.5 holds unchanged (L§0);
/// formats 5-9 get the checks of L§14 (`ColumnStoreVerifier`), formats 10 and 11 the engine's
/// own checks of the cluster layout plus the enumerated columns damaged by realm-core 6's
/// upgrade (L§10), named with the leaf and why.
public enum LegacyVerifier {
    /// The report of the file at `path` when it is of formats 5 to 11, checked on its own
    /// layout without converting it (a file too damaged to convert is still checked whole);
    /// nil for any other file, or one that does not map or decrypt (the caller reports those).
    public static func verify(path: String, key: EncryptionKey?, progress: @escaping (Int) -> Void = { _ in }) -> VerificationReport? {
        guard let format = FileVersion.headerFormat(path: path, key: key), LegacyFormats.readable.contains(format),
              let mapped = try? MappedFile(path: path, key: key) else { return nil }
        return verify(mapped, progress: progress)
    }

    public static func verify(_ mapped: MappedFile, progress: @escaping (Int) -> Void = { _ in }) -> VerificationReport {
        let bytes = mapped.bytes
        let header: FileHeader
        do throws(RealmFormatError) {
            header = try FileHeader(file: bytes, readable: LegacyFormats.readable)
        } catch {
            return report(mapped.path, [VerificationProblem(.header, offset: error.offset, "the file does not open: \(error.problemMessage)")])
        }
        let space = SpaceAccounting.check(bytes, formats: LegacyFormats.readable)
        guard header.topRef != 0 else { return report(mapped.path, space.problems, space: space) }
        if LegacyFormats.columnStore.contains(header.fileFormat) {
            let top: GroupTop
            do throws(RealmFormatError) {
                top = try GroupTop(ref: header.topRef, file: bytes)
            } catch {
                return report(mapped.path, space.problems + [VerificationProblem(.header, offset: error.offset, error.problemMessage)], space: space)
            }
            var checks = ColumnStoreVerifier(bytes: bytes, top: top)
            checks.run()
            progress(checks.objects)
            return report(mapped.path, space.problems + checks.problems, space: space, tables: checks.tableCount, objects: checks.objects)
        }
        let file: RealmFile
        do throws(RealmFormatError) {
            file = try RealmFile(mapped: mapped, formats: LegacyFormats.clusterTrees)
        } catch {
            return report(mapped.path, space.problems + [VerificationProblem(.header, offset: error.offset, error.problemMessage)], space: space)
        }
        let engine = FileVerifier(file: file, progress: progress).verify()
        var problems: [VerificationProblem] = []
        var damaged: Set<[String]> = []
        for table in file.tables {
            do throws(RealmFormatError) {
                let damage = try EnumeratedColumnDamage(table: table, clusters: try ClusterFormatConversion.leaves(of: table), file: bytes)
                for leaf in damage.leaves {
                    damaged.insert([table.name, leaf.column.name])
                    problems.append(VerificationProblem(
                        .values, table: table.name, objectKey: leaf.firstKey, column: leaf.column.name, offset: leaf.nodeRef,
                        "the enumerated strings of \(leaf.count) objects from this key on are unknown: the leaf \(leaf.reason) (legacy document L§10)"))
                }
            } catch {
                problems.append(VerificationProblem(.values, table: table.name, offset: error.offset, error.problemMessage))
            }
        }
        // The engine's own complaints about those leaves (indexes out of range) say less.
        problems += engine.problems.filter { problem in
            !(problem.check == .values && damaged.contains([problem.table ?? "", problem.column ?? ""]))
        }
        return VerificationReport(path: mapped.path, problems: problems, unlistedProblems: engine.unlistedProblems,
                                  nodeCount: engine.nodeCount, freeEntries: engine.freeEntries, tableCount: engine.tableCount,
                                  objectCount: engine.objectCount, version: engine.version)
    }

    private static func report(_ path: String, _ problems: [VerificationProblem], space: SpaceAccounting.Report? = nil,
                               tables: Int = 0, objects: Int = 0) -> VerificationReport {
        VerificationReport(path: path, problems: problems, unlistedProblems: 0, nodeCount: space?.nodeCount ?? 0,
                           freeEntries: space?.freeEntries ?? 0, tableCount: tables, objectCount: objects, version: space?.version ?? 0)
    }
}
