import Foundation

/// A secret key's file (the master key, the push key): readable by its owner only, written once and never overwritten,
/// flushed to disk before it is said to exist.
public enum KeyFile {
    public enum Failure: Error, Equatable, Sendable {
        case unreadable
        /// Others may read or write it.
        case exposed
        case exists
        case cannotWrite
    }

    /// The file's bytes; refused when anyone but its owner may read or write it (whoever can read it has the key).
    public static func read(_ path: String) throws(Failure) -> Data {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadable }
        guard status.st_mode & 0o077 == 0 else { throw .exposed }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable }
        return data
    }

    /// Writes `contents` to a new file at `path`, mode 0600; refuses a path that exists.
    public static func create(_ path: String, contents: [UInt8]) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw errno == EEXIST ? .exists : .cannotWrite }
        defer { close(descriptor) }
        guard contents.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == contents.count, fsync(descriptor) == 0 else {
            throw .cannotWrite
        }
    }
}
