import ArgumentParser

@main
struct Resett: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resett",
        abstract: "Resett: calm, science-backed resets for organisations and their people.",
        subcommands: [Serve.self, Migrate.self, DemoCommand.self, TenantCommand.self, UserCommand.self, SubscriptionsCommand.self, CopyDataCommand.self,
                      BackupCommand.self, KeysCommand.self]
    )
}
