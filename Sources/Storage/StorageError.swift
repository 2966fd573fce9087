/// Everything that can go wrong opening, migrating or querying the database.
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case migrationsFolderMissing(String)
    case invalidMigrationName(String)
    case migrationFailed(file: String, reason: String)
    case queryFailed(String)
    /// A uniqueness rule would be broken (a taken slug or email).
    case conflict(String)
    /// Input the schema would refuse, caught before it gets there.
    case invalid(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the database at \(path): \(reason)"
        case .migrationsFolderMissing(let path): "the migrations folder does not exist: \(path)"
        case .invalidMigrationName(let name):
            "migration file names must look like 0001_create_tenants.sql, not \(name)"
        case .migrationFailed(let file, let reason): "migration \(file) failed: \(reason)"
        case .queryFailed(let reason): "database query failed: \(reason)"
        case .conflict(let reason): reason
        case .invalid(let reason): reason
        }
    }
}
