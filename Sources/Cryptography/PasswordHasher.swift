import CArgon2

/// Argon2id through the system libargon2, stored as the standard encoded string
/// (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), which carries its own parameters.
public struct PasswordHasher: Sendable {
    public struct Parameters: Sendable, Equatable {
        /// Memory in KiB.
        public var memoryKiB: UInt32
        public var iterations: UInt32
        public var parallelism: UInt32

        /// OWASP's minimum for Argon2id: 19 MiB, 2 iterations, 1 lane.
        public static let owaspMinimum = Parameters(memoryKiB: 19 * 1024, iterations: 2, parallelism: 1)

        public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
            self.memoryKiB = memoryKiB
            self.iterations = iterations
            self.parallelism = parallelism
        }
    }

    public enum Failure: Error, Sendable, Equatable {
        case hashingFailed(code: Int32)
    }

    public let parameters: Parameters
    static let saltBytes = 16
    static let hashBytes = 32

    public init(parameters: Parameters = .owaspMinimum) {
        self.parameters = parameters
    }

    public func hash(_ password: String) throws(Failure) -> String {
        let salt = SecureRandom.bytes(Self.saltBytes)
        let password = Array(password.utf8)
        let length = argon2_encodedlen(parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                                       UInt32(Self.saltBytes), UInt32(Self.hashBytes), Argon2_id)
        var encoded = [CChar](repeating: 0, count: length + 1)
        let code = password.withUnsafeBytes { passwordBytes in
            salt.withUnsafeBytes { saltBytes in
                argon2id_hash_encoded(parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                                      passwordBytes.baseAddress, passwordBytes.count, saltBytes.baseAddress,
                                      saltBytes.count, Self.hashBytes, &encoded, encoded.count)
            }
        }
        guard code == ARGON2_OK.rawValue else { throw .hashingFailed(code: code) }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` matches `encoded`. Malformed hashes simply do not match.
    public func verify(_ password: String, against encoded: String) -> Bool {
        let password = Array(password.utf8)
        return encoded.withCString { hash in
            password.withUnsafeBytes { argon2id_verify(hash, $0.baseAddress, $0.count) == ARGON2_OK.rawValue }
        }
    }

    /// Whether a stored hash was made with other parameters and should be replaced at the next login.
    public func needsRehash(_ encoded: String) -> Bool {
        Self.parameters(of: encoded) != parameters
    }

    static func parameters(of encoded: String) -> Parameters? {
        let parts = encoded.split(separator: "$")
        guard parts.count == 5, parts[0] == "argon2id", parts[1] == "v=19" else { return nil }
        var values: [Substring: UInt32] = [:]
        for pair in parts[2].split(separator: ",") {
            let keyValue = pair.split(separator: "=")
            guard keyValue.count == 2, let value = UInt32(keyValue[1]) else { return nil }
            values[keyValue[0]] = value
        }
        guard let m = values["m"], let t = values["t"], let p = values["p"] else { return nil }
        return Parameters(memoryKiB: m, iterations: t, parallelism: p)
    }
}
