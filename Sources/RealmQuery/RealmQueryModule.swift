/// Realm Query Language: lexer, parser and (later) evaluator.
enum RealmQueryModule {}
