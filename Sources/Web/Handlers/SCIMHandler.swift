import Domain
import Foundation
import HTTPServer
import Logging
import UseCases

/// `/scim/v2/…`: provisioning over SCIM 2.0 (RFC 7643, 7644) for the tenant of the request's host, with a bearer token an
/// admin made. JSON in and out (`application/scim+json`), errors as RFC 7644 §3.12 gives them. Written by hand on
/// Foundation's JSON: no SCIM library builds here, and the subset a provider needs for users is small.
enum SCIMHandler {
    typealias JSONObject = [String: JSONValue]

    static let userSchema = "urn:ietf:params:scim:schemas:core:2.0:User"
    static let listSchema = "urn:ietf:params:scim:api:messages:2.0:ListResponse"
    static let errorSchema = "urn:ietf:params:scim:api:messages:2.0:Error"
    static let patchSchema = "urn:ietf:params:scim:api:messages:2.0:PatchOp"
    static let maxResults = 200

    /// A SCIM error: its status, RFC 7644's scimType where it has one, and words for the provider's log.
    struct Failure: Error {
        let status: HTTPStatus
        var scimType: String?
        let detail: String
    }

    // MARK: Routes

    static func serviceProviderConfig(_ context: RequestContext, _ environment: AppEnvironment) -> Response {
        answer(context, environment) {
            (.ok, [
                "schemas": ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
                "documentationUri": .string(environment.configuration.absoluteURL(Route.scimRoot, for: context.scope.tenant)),
                "patch": ["supported": true], "bulk": ["supported": false, "maxOperations": 0, "maxPayloadSize": 0],
                "filter": ["supported": true, "maxResults": .int(maxResults)], "changePassword": ["supported": false],
                "sort": ["supported": false], "etag": ["supported": false],
                "authenticationSchemes": [["type": "oauthbearertoken", "name": "Bearer token",
                                           "description": "A token an admin makes on the Who may join page, sent as Authorization: Bearer."]],
                "meta": ["resourceType": "ServiceProviderConfig", "location": .string(location(context, environment, "/ServiceProviderConfig"))],
            ])
        }
    }

    static func userResourceType(_ context: RequestContext, _ environment: AppEnvironment) -> JSONObject {
        ["schemas": ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"], "id": "User", "name": "User", "endpoint": "/Users",
         "description": "A person's account", "schema": .string(userSchema),
         "meta": ["resourceType": "ResourceType", "location": .string(location(context, environment, "/ResourceTypes/User"))]]
    }

    static func resourceTypes(_ context: RequestContext, _ environment: AppEnvironment) -> Response {
        answer(context, environment) { (.ok, list([userResourceType(context, environment)])) }
    }

    static func resourceType(_ context: RequestContext, _ environment: AppEnvironment, _ id: String) -> Response {
        answer(context, environment) {
            guard id == "User" else { throw Failure(status: .notFound, detail: "No such resource type.") }
            return (.ok, userResourceType(context, environment))
        }
    }

    static func userSchemaDefinition(_ context: RequestContext, _ environment: AppEnvironment) -> JSONObject {
        func attribute(_ name: String, _ type: String, required: Bool = false, uniqueness: String = "none",
                       multiValued: Bool = false, sub: [JSONValue]? = nil, mutability: String = "readWrite") -> JSONValue {
            var value: JSONObject = ["name": .string(name), "type": .string(type), "multiValued": .bool(multiValued), "required": .bool(required),
                                     "caseExact": false, "mutability": .string(mutability), "returned": "default", "uniqueness": .string(uniqueness)]
            if let sub { value["subAttributes"] = .array(sub) }
            return .object(value)
        }
        return [
            "schemas": ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
            "id": .string(userSchema), "name": "User", "description": "A person's account: only what it is, never more.",
            "attributes": [
                attribute("userName", "string", required: true, uniqueness: "server"),
                // Always set (on unless turned off), so never missing.
                attribute("active", "boolean", required: true),
                attribute("emails", "complex", required: true, multiValued: true,
                          // One address an account, its own: no type or primary to keep.
                          sub: [attribute("value", "string", required: true)]),
            ],
            "meta": ["resourceType": "Schema", "location": .string(location(context, environment, "/Schemas/" + userSchema))],
        ]
    }

    static func schemas(_ context: RequestContext, _ environment: AppEnvironment) -> Response {
        answer(context, environment) { (.ok, list([userSchemaDefinition(context, environment)])) }
    }

    static func schema(_ context: RequestContext, _ environment: AppEnvironment, _ id: String) -> Response {
        answer(context, environment) {
            guard id == userSchema else { throw Failure(status: .notFound, detail: "No such schema.") }
            return (.ok, userSchemaDefinition(context, environment))
        }
    }

    /// POST /.search across every resource type: not offered (Users are the only type), so 501 as RFC 7644 §3.12 says.
    static func searchEverything(_ context: RequestContext, _ environment: AppEnvironment) -> Response {
        answer(context, environment) { throw Failure(status: .notImplemented, detail: "Search /Users/.search instead.") }
    }

    /// Anything else under /scim/v2: a SCIM 404 (or 405), so a provider's log says what happened. It says nothing
    /// about the tenant, so needs no token.
    static func unknown(_ status: HTTPStatus) -> Response {
        json(status, error(Failure(status: status, detail: status == .notFound ? "Nothing is here: Resett provisions Users." : "That method is not supported here.")))
    }

    static func listUsers(_ context: RequestContext, _ environment: AppEnvironment) -> Response {
        answer(context, environment) {
            let query = try context.query()
            return try search(context, environment, filter: query["filter"], startIndex: query["startIndex"], count: query["count"],
                              projection: Projection(attributes: query["attributes"], excluded: query["excludedAttributes"]))
        }
    }

    /// POST /Users/.search: the same as a GET, its parameters in a SearchRequest body.
    static func searchUsers(_ context: RequestContext, _ environment: AppEnvironment) -> Response {
        answer(context, environment) {
            let body = try object(context)
            func text(_ key: String) -> String? { body[key]?.string ?? body[key]?.int.map(String.init) }
            func names(_ key: String) -> String? {
                guard let values = body[key]?.array else { return body[key]?.string }
                let names = values.compactMap(\.string)
                return names.count == values.count ? names.joined(separator: ",") : nil
            }
            return try search(context, environment, filter: text("filter"), startIndex: text("startIndex"), count: text("count"),
                              projection: Projection(attributes: names("attributes"), excluded: names("excludedAttributes")))
        }
    }

    static func search(_ context: RequestContext, _ environment: AppEnvironment, filter: String?, startIndex: String?, count: String?,
                       projection: Projection) throws -> (HTTPStatus, JSONObject?) {
        var userName: String?, externalID: String?
        if let filter { (userName, externalID) = try parse(filter: filter) }
        let start = try startIndex.map { text -> Int in
            guard let number = WholeNumber.parse(text, in: 1...Int(Int32.max)) else {
                throw Failure(status: .badRequest, scimType: "invalidValue", detail: "startIndex is a whole number from 1.")
            }
            return number
        } ?? 1
        let size = try count.map { text -> Int in
            guard let number = WholeNumber.parse(text, in: 0...Int(Int32.max)) else {
                throw Failure(status: .badRequest, scimType: "invalidValue", detail: "count is a whole number from 0.")
            }
            return min(number, maxResults)
        } ?? 100
        let found = try environment.provisioning.list(context.scope, userName: userName, externalID: externalID, startIndex: start, count: size)
        return (.ok, [
            "schemas": [.string(listSchema)], "totalResults": .int(found.total), "startIndex": .int(start), "itemsPerPage": .int(found.users.count),
            "Resources": .array(found.users.map { .object(projection.apply(resource($0, context, environment))) }),
        ])
    }

    /// `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5): top-level names, compared without case; id and schemas
    /// are always returned.
    struct Projection {
        let only: Set<String>?
        let excluded: Set<String>

        init(attributes: String?, excluded: String?) {
            func names(_ text: String?) -> Set<String>? {
                text.map { Set($0.split(separator: ",").prefix(50).map { name in
                    let name = name.trimmingCharacters(in: .whitespaces).lowercased()
                    let bare = name.hasPrefix(SCIMHandler.userSchema.lowercased() + ":") ? String(name.dropFirst(SCIMHandler.userSchema.count + 1)) : name
                    return String(bare.split(separator: ".").first ?? "")
                }) }
            }
            only = names(attributes)
            self.excluded = names(excluded) ?? []
        }

        func apply(_ resource: JSONObject) -> JSONObject {
            resource.filter { key, _ in
                let name = key.lowercased()
                if name == "id" || name == "schemas" { return true }
                if let only { return only.contains(name) }
                return !excluded.contains(name)
            }
        }
    }

    static func getUser(_ context: RequestContext, _ environment: AppEnvironment, _ id: String) -> Response {
        answer(context, environment) {
            let query = try context.query()
            let projection = Projection(attributes: query["attributes"], excluded: query["excludedAttributes"])
            return (.ok, projection.apply(resource(try environment.provisioning.user(context.scope, id: id), context, environment)))
        }
    }

    static func createUser(_ context: RequestContext, _ environment: AppEnvironment) -> Response {
        answer(context, environment) {
            let body = try object(context)
            let user = try environment.provisioning.create(context.scope, userName: try userName(body), email: try email(body["emails"]),
                                                           externalID: try externalID(body), active: try active(body["active"]) ?? true)
            return (.created, resource(user, context, environment))
        }
    }

    static func replaceUser(_ context: RequestContext, _ environment: AppEnvironment, _ id: String) -> Response {
        answer(context, environment) {
            let body = try object(context)
            var user = try environment.provisioning.user(context.scope, id: id)
            user.externalID = try externalID(body)
            user.isActive = try active(body["active"]) ?? true
            let saved = try environment.provisioning.update(context.scope, user, userName: try userName(body), email: try email(body["emails"]))
            return (.ok, resource(saved, context, environment))
        }
    }

    static func patchUser(_ context: RequestContext, _ environment: AppEnvironment, _ id: String) -> Response {
        answer(context, environment) {
            let body = try object(context)
            let original = try environment.provisioning.user(context.scope, id: id)
            let change = try patched(original, by: body)
            let saved = try environment.provisioning.update(context.scope, change.user, userName: change.userName, email: change.email)
            return (.ok, resource(saved, context, environment))
        }
    }

    static func deleteUser(_ context: RequestContext, _ environment: AppEnvironment, _ id: String) -> Response {
        answer(context, environment) {
            try environment.provisioning.delete(context.scope, id: id)
            return (.noContent, nil)
        }
    }

    // MARK: Reading requests

    /// `userName eq "…"` or `externalId eq "…"` (names and operator in any case); anything else is refused.
    static func parse(filter: String) throws -> (userName: String?, externalID: String?) {
        guard let match = filter.wholeMatch(of: /\s*(?i:(userName|externalId))\s+(?i:eq)\s+"((?:[^"\\]|\\.){0,320})"\s*/) else {
            throw Failure(status: .badRequest, scimType: "invalidFilter", detail: "Filters supported: userName eq \"…\" and externalId eq \"…\".")
        }
        let value = String(match.2).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
        return match.1.lowercased() == "username" ? (value, nil) : (nil, value)
    }

    static func object(_ context: RequestContext) throws -> JSONObject {
        let type = context.request.headers["Content-Type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/scim+json" || type == "application/json" else {
            throw Failure(status: .unsupportedMediaType, detail: "Send application/scim+json.")
        }
        // Foundation's parser refuses nesting deeper than 512, and the body is already bounded by the server.
        guard let object = JSONValue.object(from: context.request.body) else {
            throw Failure(status: .badRequest, scimType: "invalidSyntax", detail: "The body is not a JSON object.")
        }
        return object
    }

    static func userName(_ body: JSONObject) throws -> String {
        guard let name = body["userName"]?.string, !name.isEmpty else {
            throw Failure(status: .badRequest, scimType: "invalidValue", detail: "userName (the person's email address) is required.")
        }
        return name
    }

    static func externalID(_ body: JSONObject) throws -> String? {
        guard let value = body["externalId"] else { return nil }
        if value.isNull { return nil }
        guard let text = value.string else { throw Failure(status: .badRequest, scimType: "invalidValue", detail: "externalId is a string.") }
        return text
    }

    /// A boolean, or the strings "true"/"false" some providers send.
    static func active(_ value: JSONValue?) throws -> Bool? {
        guard let value, !value.isNull else { return nil }
        if let flag = value.bool { return flag }
        if let text = value.string?.lowercased(), text == "true" || text == "false" { return text == "true" }
        throw Failure(status: .badRequest, scimType: "invalidValue", detail: "active is true or false.")
    }

    // MARK: Answers

    static func location(_ context: RequestContext, _ environment: AppEnvironment, _ path: String) -> String {
        environment.configuration.absoluteURL(Route.scimRoot + path, for: context.scope.tenant)
    }

    static func resource(_ user: ProvisionedUser, _ context: RequestContext, _ environment: AppEnvironment) -> JSONObject {
        let created = Date(timeIntervalSince1970: TimeInterval(user.createdAt)).ISO8601Format()
        var resource: JSONObject = [
            "schemas": [.string(userSchema)], "id": .string(user.id.rawValue), "userName": .string(user.userName ?? user.email), "active": .bool(user.isActive),
            "emails": [["value": .string(user.email)]],
            "meta": ["resourceType": "User", "created": .string(created), "lastModified": .string(created),
                     "location": .string(location(context, environment, "/Users/" + user.id.rawValue))],
        ]
        if let externalID = user.externalID { resource["externalId"] = .string(externalID) }
        return resource
    }

    static func list(_ resources: [JSONObject]) -> JSONObject {
        ["schemas": [.string(listSchema)], "totalResults": .int(resources.count), "startIndex": 1, "itemsPerPage": .int(resources.count),
         "Resources": .array(resources.map(JSONValue.object))]
    }

    /// Checks the bearer token, runs `body`, and writes what it returns (or the error) as SCIM JSON.
    static func answer(_ context: RequestContext, _ environment: AppEnvironment,
                       _ body: () throws -> (HTTPStatus, JSONObject?)) -> Response {
        do {
            let header = context.request.headers["Authorization"] ?? ""
            guard header.count <= 200, header.lowercased().hasPrefix("bearer "),
                  try environment.provisioning.authorises(context.scope, bearer: String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces))
            else {
                var response = json(.unauthorized, error(Failure(status: .unauthorized, detail: "A valid bearer token is required.")))
                response.headers.set("WWW-Authenticate", "Bearer realm=\"SCIM\"")
                return response
            }
            let (status, object) = try body()
            return object.map { json(status, $0) } ?? Response(status: status)
        } catch let failure as Failure {
            return json(failure.status, error(failure))
        } catch let problem as Provisioning.Problem {
            let failure = switch problem {
            case .notFound: Failure(status: .notFound, detail: "No such user.")
            case .uniqueness: Failure(status: .conflict, scimType: "uniqueness", detail: "Another account has that userName.")
            case .invalidValue(let detail): Failure(status: .badRequest, scimType: "invalidValue", detail: detail)
            case .lastAdmin: Failure(status: .conflict, scimType: "mutability", detail: "This is the organisation's only admin: name another in Resett first.")
            case .staff: Failure(status: .forbidden, scimType: "mutability",
                                 detail: "This account is an admin or moderator: only the organisation's admins change it, in Resett.")
            }
            return json(failure.status, error(failure))
        } catch let error as WebError {
            return json(error.status, self.error(Failure(status: error.status, detail: "The request could not be read.")))
        } catch {
            environment.logger.error("SCIM request failed", metadata: ["request_id": .string(context.request.id), "error": .string("\(error)")])
            return json(.internalServerError, self.error(Failure(status: .internalServerError, detail: "Something went wrong on our side.")))
        }
    }

    static func error(_ failure: Failure) -> JSONObject {
        var object: JSONObject = ["schemas": [.string(errorSchema)], "status": .string(String(failure.status.code)), "detail": .string(failure.detail)]
        if let type = failure.scimType { object["scimType"] = .string(type) }
        return object
    }

    static func json(_ status: HTTPStatus, _ object: JSONObject) -> Response {
        var response = Response(status: status, headers: ["Content-Type": "application/scim+json"], body: JSONValue.encode(object))
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
