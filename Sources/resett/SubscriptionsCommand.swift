import ArgumentParser
import Foundation
import Logging
import Web

struct SubscriptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions", abstract: "Look after subscriptions.", subcommands: [Tick.self]
    )

    struct Tick: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Renew subscriptions that are due and expire those that have ended, once (serve does this every minute).")
        @OptionGroup var options: CommonOptions

        func run() throws {
            let logger = try options.makeLogger(label: "resett.subscriptions")
            let environment = try AppEnvironment.load(root: options.root, database: options.db, logger: logger)
            let outcome = try environment.subscriptionClock.tick(now: Int(Date().timeIntervalSince1970))
            Output.line("Renewals requested: \(outcome.renewalsRequested). Expired: \(outcome.expired).")
        }
    }
}
