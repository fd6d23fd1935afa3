import RealmFormat
let f = try RealmFile(path: CommandLine.arguments[1])
print(f.header.fileFormat, f.top!.version, f.top!.historyType)
for t in f.tables {
  print(t.name, t.kind, t.objects.count, t.allColumns.map { "\($0.name):\($0.type):\($0.isNullable):\(String(describing: $0.collection)):\($0.targetTableKey.map{String($0)} ?? "-"):pk=\($0.isPrimaryKey):ix=\($0.isIndexed)" })
  var n = 0
  try t.objects.forEachLeaf { leaf in
    let readers = try t.columns.map { try ColumnLeafReader(leaf: leaf, column: $0) }
    for r in 0..<leaf.count { 
      n += 1
      if n <= 2 || n == t.objects.count { print("  ", try leaf.key(at: r), try readers.map { try $0.value(at: r) }) }
    }
  }
  print("  iterated", n)
}
