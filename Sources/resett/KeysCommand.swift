import ArgumentParser
import Foundation
import Cryptography
import UseCases
import WebPush

/// The master key that wraps every organisation's data keys: made once, given to `resett serve --data-key-file`, and
/// rotated by re-wrapping (the data keys, and so the data, stay as they are).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Make or rotate the master key that protects notes, tags and reflections.",
        subcommands: [Create.self, Rotate.self, NewDataKey.self, Push.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a new random master key to a file (readable by you only). It never overwrites one.",
            discussion: "Keep a copy somewhere safe and apart from the database's backups: without it, encrypted words cannot be read.")

        @Option(help: "The file to write; it must not exist yet.")
        var out: String

        func run() throws {
            do { try MasterKey.create(at: out) } catch { throw ValidationError("\(error)") }
            Output.line("Wrote a new master key to \(out). Start the server with --data-key-file \(out).")
        }
    }

    struct Push: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a new key pair for reminders on members' devices (Web Push's VAPID) to a file (readable by you only).",
            discussion: "Give it to every node with --push-key-file. Keep it as you keep the master key: a new one means every device must be allowed again.")

        @Option(help: "The file to write; it must not exist yet.")
        var out: String

        func run() throws {
            do { try VAPIDKey.create(at: out) } catch { throw ValidationError("\(error)") }
            Output.line("Wrote a new push key to \(out). Start the server with --push-key-file \(out).")
        }
    }

    struct Rotate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-wrap every organisation's data keys under a new master key, in one transaction.",
            discussion: "Make the new key with `resett keys create`, run this, then restart every node with the new file.")

        @OptionGroup var options: CommonOptions

        @Option(help: "The master key in use now.")
        var from: String

        @Option(help: "The new master key.")
        var to: String

        func run() throws {
            let old: MasterKey, new: MasterKey
            do {
                old = try MasterKey.load(path: from)
                new = try MasterKey.load(path: to)
            } catch {
                throw ValidationError("\(error)")
            }
            let count: Int
            do { count = try DataVault.rewrap(try options.openDatabase(), from: old, to: new) } catch DataVault.Failure.cannotOpen {
                throw ValidationError("--from does not open this database's data keys; nothing was changed.")
            }
            Output.line("Re-wrapped \(count) data key\(count == 1 ? "" : "s"). Restart every node with --data-key-file \(to).")
        }
    }

    struct NewDataKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new-data-key",
            abstract: "Retire an organisation's data key: new words are sealed with a new one, older words still open with theirs.")

        @OptionGroup var options: CommonOptions

        @Option(help: "The organisation's slug.")
        var tenant: String

        func run() throws {
            let database = try options.openDatabase()
            guard let found = try database.tenant(slug: tenant, withUnlimitedEmails: false) else {
                throw ValidationError("There is no organisation with the slug \(tenant).")
            }
            let retired = try database.retireDataKeys(tenantID: found.id, now: Int(Date().timeIntervalSince1970))
            Output.line(retired == 0 ? "\(tenant) had no data key in use; one is made when it is first needed."
                                      : "Retired \(tenant)'s data key. The next words written are sealed with a new one.")
        }
    }
}
