import Domain

// A typed id goes to the database as its text and comes back typed: the type holds from the Gate to the bind, so a
// tenant's id cannot be passed where an account's is expected. Ids read back were written by us under the schema's
// CHECK on their form, so they are taken as stored.
extension EntityID: SQLBindable {
    public var sqlValue: SQLValue { .text(rawValue) }
}

extension EntityID: SQLDecodable {
    public init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue else { return nil }
        self.init(stored: text)
    }
}
