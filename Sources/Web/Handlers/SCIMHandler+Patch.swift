import Domain
import Foundation
import HTTPServer

/// Reading a SCIM PatchOp (RFC 7644 §3.5.2): which attributes it names and what it makes of the account. Pure, so the
/// fuzz target (Fuzz/FuzzTargets, "SCIM") runs it without a database.
extension SCIMHandler {
    /// What a PatchOp body makes of `original`, or why it cannot be read. A PATCH changes only what it names: the email
    /// stays unless emails was sent, or unless the userName changed on an account whose userName is its email (then nil:
    /// the userName, if an address, becomes the email).
    static func patched(_ original: ProvisionedUser, by body: JSONObject) throws -> Change {
        let listed = body["Operations"]?.array ?? []
        let operations = listed.compactMap(\.object)
        guard operations.count == listed.count, !operations.isEmpty, operations.count <= 100 else {
            throw Failure(status: .badRequest, scimType: "invalidSyntax", detail: "A PatchOp needs 1 to 100 Operations.")
        }
        var change = Change(user: original)
        for operation in operations {
            guard let op = operation["op"]?.string?.lowercased(), ["add", "replace", "remove"].contains(op) else {
                throw Failure(status: .badRequest, scimType: "invalidSyntax", detail: "op is add, replace or remove.")
            }
            if let path = operation["path"]?.string {
                try apply(op, path: path, value: operation["value"], to: &change)
            } else if let values = operation["value"]?.object, op != "remove" {
                for (path, value) in values { try apply(op, path: path, value: value, to: &change) }
            } else {
                throw Failure(status: .badRequest, scimType: "noTarget", detail: "An operation without a path needs an object value.")
            }
        }
        let userNameChanged = change.userName != (original.userName ?? original.email)
        if change.email == nil, !(userNameChanged && original.userName == nil) { change.email = original.email }
        return change
    }

    /// A user as a PATCH changes it: the stored account, its SCIM userName, and an email if one was sent.
    struct Change {
        var user: ProvisionedUser
        var userName: String
        var email: String?

        init(user: ProvisionedUser) {
            self.user = user
            userName = user.userName ?? user.email
        }
    }

    static func apply(_ op: String, path: String, value: JSONValue?, to change: inout Change) throws {
        let attribute = path.lowercased().replacingOccurrences(of: userSchema.lowercased() + ":", with: "")
        switch attribute {
        case "active":
            // Removed, it takes its default: on.
            if op == "remove" { change.user.isActive = true; return }
            guard let flag = try active(value) else { throw Failure(status: .badRequest, scimType: "invalidValue", detail: "active is true or false.") }
            change.user.isActive = flag
        case "username":
            guard op != "remove", let name = value?.string, !name.isEmpty else {
                throw Failure(status: .badRequest, scimType: "invalidValue", detail: "userName is required and a string.")
            }
            change.userName = name
        case "externalid":
            change.user.externalID = op == "remove" ? nil : try externalID(["externalId": value ?? .null])
        case _ where attribute.hasPrefix("emails"):
            // emails, emails.value or emails[type eq "work"].value: the account's one address.
            if op == "remove" { throw Failure(status: .badRequest, scimType: "mutability", detail: "An account needs its email address.") }
            guard let address = try email(value) ?? value?.string else {
                throw Failure(status: .badRequest, scimType: "invalidValue", detail: "emails needs a value.")
            }
            change.email = address
        default:
            // Names, titles, phone numbers and the like: Resett keeps none of them, so there is nothing to change.
            break
        }
    }

    /// The address in `emails` (the primary one, else the first), if any was sent.
    static func email(_ value: JSONValue?) throws -> String? {
        guard let value, !value.isNull else { return nil }
        let listed = value.array?.compactMap(\.object)
        let entries = listed.flatMap { $0.count == value.array?.count ? $0 : nil } ?? value.object.map { [$0] }
        guard let entries else {
            if value.string != nil { return nil }
            throw Failure(status: .badRequest, scimType: "invalidValue", detail: "emails is a list of {value, type, primary}.")
        }
        let chosen = entries.first { $0["primary"]?.bool == true } ?? entries.first
        return chosen?["value"]?.string
    }
}
