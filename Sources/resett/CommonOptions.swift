import ArgumentParser
import Logging

/// Options every command shares.
struct CommonOptions: ParsableArguments {
    @Option(help: "The SQLite database file; created with its folder on first use.")
    var db: String = "./data/resett.sqlite"

    @Option(help: "The folder that holds Views/, Public/ and Migrations/.")
    var root: String = "."

    @Option(help: "Lowest log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    func makeLogger(label: String) throws -> Logger {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("Unknown log level '\(logLevel)'.")
        }
        var logger = Logger(label: label)
        logger.logLevel = level
        return logger
    }
}
