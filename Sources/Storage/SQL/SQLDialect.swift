/// Which database a connection speaks to. Queries are written once in the SQL both share; the few places
/// where the two differ ask this (and say why).
public enum SQLDialect: Sendable {
    case sqlite
    case postgres
}
