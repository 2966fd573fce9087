import Domain
import Testing
@testable import Storage

/// Steps several suites take: sharing a post through the form, finding it, and a signed-up person given a role.

/// Shares `body` under `topic` through the community form.
func share(_ browser: Browser, topic: String = "wins", _ body: String) throws -> RawClient.Answer {
    _ = try browser.get("/community")
    return try browser.post("/community/posts", [("topic", topic), ("body", body)])
}

/// The id of the post whose text is `body`.
func postID(_ app: RunningApp, body: String) throws -> String {
    try #require(try app.environment.database.read { try $0.string(sql: "SELECT id FROM posts WHERE body = ?", arguments: [body]) })
}

/// Signs `email` up on `host` and gives them `role` in the tenant `slug`.
func staff(_ app: RunningApp, _ email: String, _ role: Role, tenant slug: String = "default", host: String = "localhost") throws -> Browser {
    let browser = app.browser(host: host)
    try browser.signUp(email)
    let tenant = try #require(try app.environment.database.tenant(slug: slug))
    _ = try app.environment.database.setRole(tenantID: tenant.id, email: EmailAddress(email)!, role: role)
    return browser
}
