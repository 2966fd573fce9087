import ArgumentParser
import Domain
import Foundation
import Cryptography
import Storage
import UseCases
import Web

/// `resett demo`: fills a tenant with believable demo data, for trying Resett and for screenshots.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill a tenant with demo data: members, months of resets, a community with a held post, a subscription.")
    @OptionGroup var options: CommonOptions
    @Option(help: "The tenant's slug.") var tenant: String = "default"
    @Flag(help: "Read the demo accounts' password from standard input; otherwise one is made and printed.")
    var passwordStdin = false

    func run() throws {
        let database = try options.openDatabase()
        guard let found = try database.tenant(slug: tenant) else { throw ValidationError("No tenant has the slug '\(tenant)'.") }
        let password: String
        if passwordStdin {
            password = readLine(strippingNewline: true) ?? ""
            if let problem = try options.passwordPolicy().check(password) { throw ValidationError(problem.message) }
        } else {
            password = "demo-" + SecureRandom.hex(8)
        }
        let library = try ResetLibrary(path: options.root + "/Content/resets.json")
        let demo = DemoData(database: database, library: library, now: Int(Date().timeIntervalSince1970))
        let signIns: DemoData.SignIns
        do {
            signIns = try demo.fill(found, passwordHash: try PasswordHasher().hash(password))
        } catch DemoData.Problem.alreadyFilled {
            throw ValidationError("\(found.slug) already has the demo accounts.")
        }
        Output.line("Filled \(found.slug) with demo data. Sign in with any of these, password \(passwordStdin ? "as given" : password):")
        for (role, email) in [("member", signIns.member), ("subscriber", signIns.subscriber), ("moderator", signIns.moderator),
                              ("admin", signIns.admin)] {
            Output.line("  \(role): \(email)")
        }
    }
}
