import ArgumentParser
import Domain
import Foundation
import Cryptography
import Storage

struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Create accounts and set their roles, per tenant.",
        subcommands: [Create.self, SetRole.self]
    )

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an account; the password is read from standard input.")
        @OptionGroup var options: CommonOptions
        @Option(help: "The tenant's slug.") var tenant: String
        @Option(help: "The person's email address.") var email: String
        @Flag(help: "Read the password from standard input (required: passwords never go on the command line).")
        var passwordStdin = false
        @Option(help: "member, moderator or admin.") var role: Role = .member
        @Option(help: "An IANA time zone.") var timeZone: String = TimeZoneName.fallback

        func run() throws {
            guard passwordStdin else { throw ValidationError("Pass --password-stdin and give the password on standard input.") }
            let database = try options.openDatabase()
            guard let tenant = try database.tenant(slug: tenant) else { throw ValidationError("No tenant has the slug '\(self.tenant)'.") }
            guard let address = EmailAddress(email) else { throw ValidationError("'\(email)' is not an email address.") }
            guard TimeZoneName.isValid(timeZone) else { throw ValidationError("'\(timeZone)' is not an IANA time zone.") }
            let password = readLine(strippingNewline: true) ?? ""
            let policy = try options.passwordPolicy()
            if let problem = policy.check(password) { throw ValidationError(problem.message) }
            let hash = try PasswordHasher().hash(password)
            _ = try database.createAccount(tenantID: tenant.id, email: address, passwordHash: hash, role: role, timeZone: timeZone,
                                           now: Int(Date().timeIntervalSince1970))
            Output.line("Created \(role.rawValue) \(address.value) in \(tenant.slug).")
        }
    }

    struct SetRole: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-role", abstract: "Change an account's role in a tenant.")
        @OptionGroup var options: CommonOptions
        @Option(help: "The tenant's slug.") var tenant: String
        @Option(help: "The person's email address.") var email: String
        @Option(help: "member, moderator or admin.") var role: Role

        func run() throws {
            let database = try options.openDatabase()
            guard let tenant = try database.tenant(slug: tenant) else { throw ValidationError("No tenant has the slug '\(self.tenant)'.") }
            guard let address = EmailAddress(email), try database.setRole(tenantID: tenant.id, email: address, role: role) else {
                throw ValidationError("No account for \(email) in \(tenant.slug).")
            }
            Output.line("\(address.value) is now \(role.rawValue) in \(tenant.slug).")
        }
    }
}

extension Role: ExpressibleByArgument {}
