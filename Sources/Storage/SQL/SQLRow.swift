/// One row of a result, with its columns' names, from either database.
public struct SQLRow: Sendable, CustomStringConvertible {
    let names: SQLColumns
    let values: [SQLValue]

    init(columns: SQLColumns, values: [SQLValue]) {
        self.names = columns
        self.values = values
    }

    init(columns: [String], values: [SQLValue]) {
        self.init(columns: SQLColumns(columns), values: values)
    }

    var columns: [String] { names.names }

    func value(named name: String) -> SQLValue {
        guard let index = names.place(of: name) else {
            preconditionFailure("no column \(name) in [\(columns.joined(separator: ", "))]: the query and its reader disagree")
        }
        return values[index]
    }

    /// A column as an optional Swift value: nil when NULL.
    public subscript<T: SQLDecodable>(_ name: String) -> T? {
        T(sqlValue: value(named: name))
    }

    /// A column that the schema says is never NULL. A NULL or an unreadable value here is a bug in our own
    /// query (as with GRDB's subscript), never something a client can cause.
    public subscript<T: SQLDecodable>(_ name: String) -> T {
        guard let decoded = T(sqlValue: value(named: name)) else {
            preconditionFailure("column \(name) holds \(value(named: name)), not a \(T.self)")
        }
        return decoded
    }

    public subscript<T: SQLDecodable>(_ index: Int) -> T {
        guard values.indices.contains(index), let decoded = T(sqlValue: values[index]) else {
            preconditionFailure("column \(index) cannot be read as a \(T.self)")
        }
        return decoded
    }

    public var description: String {
        zip(columns, values).map { "\($0)=\($1)" }.joined(separator: " ")
    }
}

/// A result's column names with their places, made once per statement and shared by its rows. A row read by name
/// looks its column up in a small open-addressed table under a hash of the name: a tenant and a session are some fifty
/// columns read on every request, and a `Dictionary` spent most of that in SipHash's set-up and finish.
final class SQLColumns: Sendable {
    let names: [String]
    /// Places in `names`, plus one (0 is an empty slot); its count a power of two at least twice the names'.
    private let slots: [Int]

    init(_ names: [String]) {
        self.names = names
        var size = 8
        while size < names.count * 2 { size *= 2 }
        var slots = [Int](repeating: 0, count: size)
        // The first of two columns with one name wins, as a scan from the left would find it.
        for (place, name) in names.enumerated() {
            var slot = Self.hash(name) & (size - 1)
            var taken = false
            while slots[slot] != 0 {
                if names[slots[slot] - 1] == name { taken = true; break }
                slot = (slot + 1) & (size - 1)
            }
            if !taken { slots[slot] = place + 1 }
        }
        self.slots = slots
    }

    /// The place of the first column called `name`, if any.
    func place(of name: String) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        while slots[slot] != 0 {
            let place = slots[slot] - 1
            if names[place] == name { return place }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private static func hash(_ name: String) -> Int {
        // Over the contiguous bytes (a column name is a literal or a native string, so this copies nothing), and only its
        // length and first and last eight bytes: a byte at a time through `name.utf8`, this was a tenth of a small page's
        // work. Names that share those land in one slot's run, and `place(of:)` compares whole names.
        var name = name
        return name.withUTF8 { bytes in
            let count = bytes.count
            var head: UInt64 = 0, tail: UInt64 = 0
            if count >= 8, let start = bytes.baseAddress {
                head = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
                tail = UnsafeRawPointer(start + count - 8).loadUnaligned(as: UInt64.self)
            } else {
                for byte in bytes { head = head << 8 | UInt64(byte) }
            }
            var hash = UInt64(count) &* 0x9e37_79b9_7f4a_7c15
            hash = (hash ^ head) &* 0xff51_afd7_ed55_8ccd
            hash = (hash ^ tail) &* 0xc4ce_b9fe_1a85_ec53
            return Int(truncatingIfNeeded: hash >> 29)
        }
    }
}
