import Foundation
import ArgumentParser
import Domain
import Storage
import UseCases
import Web

struct TenantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tenant", abstract: "Create and list tenants (organisations).",
        subcommands: [Create.self, List.self, SetDomain.self, SCIMToken.self]
    )

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a tenant, served at <slug>.<base-domain>.")
        @OptionGroup var options: CommonOptions
        @Option(help: "Lower-case letters, digits and hyphens, e.g. acme.") var slug: String
        @Option(help: "The organisation's name as people see it.") var name: String

        func run() throws {
            let tenant = try options.openDatabase().createTenant(slug: slug, name: name)
            Output.line("Created tenant \(tenant.slug) (\(tenant.name)).")
        }
    }

    /// The operator's step once a tenant has shown the domain is theirs (a DNS record, a letter): until then
    /// the domain serves nothing.
    struct SetDomain: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set-domain",
                                                        abstract: "Serve a tenant at its own domain too (or stop, with --clear).")
        @OptionGroup var options: CommonOptions
        @Option(help: "The tenant's slug.") var slug: String
        @Option(help: "The domain, e.g. wellbeing.example.org.") var domain: String?
        @Flag(help: "Stop serving the tenant at its own domain.") var clear = false

        func run() throws {
            let value = clear ? nil : domain?.lowercased()
            if !clear {
                guard let value, Gate.hostName(value) == value, value.contains(".") else {
                    throw ValidationError("Give a domain like wellbeing.example.org, or --clear.")
                }
            }
            guard try options.openDatabase().setCustomDomain(slug: slug, to: value) else { throw ValidationError("No tenant \(slug).") }
            Output.line(value.map { "Tenant \(slug) is now also served at \($0)." } ?? "Tenant \(slug) has no domain of its own now.")
        }
    }

    /// A bearer token for the tenant's identity provider to provision accounts over SCIM, printed once (an admin can
    /// also make one on the Who may join page, and revoke any there).
    struct SCIMToken: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "scim-token",
                                                        abstract: "Print a new SCIM provisioning token for a tenant (shown once).")
        @OptionGroup var options: CommonOptions
        @Option(help: "The tenant's slug.") var tenant: String

        func run() throws {
            let database = try options.openDatabase()
            guard let found = try database.tenant(slug: tenant) else { throw ValidationError("No tenant \(tenant).") }
            let token = try Provisioning.operatorToken(database, tenantID: found.id, now: Int(Date().timeIntervalSince1970))
            Output.line(token)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every tenant.")
        @OptionGroup var options: CommonOptions

        func run() throws {
            for tenant in try options.openDatabase().tenants() {
                Output.line("\(tenant.slug)\t\(tenant.name)\(tenant.settings.customDomain.map { "\t\($0)" } ?? "")")
            }
        }
    }
}
