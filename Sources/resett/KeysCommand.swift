import ArgumentParser
import Security
import UseCases

/// The master key that wraps every organisation's data keys: made once, given to `resett serve --data-key-file`, and
/// rotated by re-wrapping (the data keys, and so the data, stay as they are).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Make or rotate the master key that protects notes, tags and reflections.",
        subcommands: [Create.self, Rotate.self])

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
}
