import ArgumentParser
import Domain
import Storage

struct TenantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tenant", abstract: "Create and list tenants (organisations).",
        subcommands: [Create.self, List.self]
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
