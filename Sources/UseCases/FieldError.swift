/// One problem with what a person asked for, named as the field of the form that asks for it is (`label`, `phrase`), so
/// the web layer shows it beside that field and in the form's error summary without a table of names between them.
public struct FieldError: Sendable, Equatable {
    public let field: String
    public let message: String

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }
}

extension UseCaseError {
    /// One problem with one input.
    public static func invalid(_ field: String, _ message: String) -> UseCaseError { .invalid([FieldError(field, message)]) }
}
