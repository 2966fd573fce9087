/// A statement's SQL as the key of a connection's prepared statements. Hashing all of it (SipHash over a few hundred
/// bytes, several times a page) showed in profiles; its length and sixteen bytes spread over it tell our statements
/// apart as well, and two that share them are still told apart by comparing the whole text.
struct StatementKey: Hashable {
    let sql: String

    static func == (left: StatementKey, right: StatementKey) -> Bool { left.sql == right.sql }

    func hash(into hasher: inout Hasher) {
        var sql = sql
        sql.withUTF8 { bytes in
            hasher.combine(bytes.count)
            guard !bytes.isEmpty else { return }
            var sample: UInt64 = 0
            var second: UInt64 = 0
            for index in 0..<16 {
                let byte = UInt64(bytes[(bytes.count - 1) * index / 15])
                if index < 8 { sample |= byte << (index * 8) } else { second |= byte << ((index - 8) * 8) }
            }
            hasher.combine(sample)
            hasher.combine(second)
        }
    }
}
