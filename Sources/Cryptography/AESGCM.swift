import CCrypto

/// AES-256-GCM from libcrypto: what keeps notes, tags and reflections unreadable in a copied database or backup.
/// A sealed box is one byte of format version, a fresh 12-byte random nonce, the ciphertext and the 16-byte tag, so
/// each value carries what it needs to be opened and a changed byte anywhere is refused. `context` (additional data)
/// binds a box to where it belongs (tenant, person, record): a box moved to another row does not open there.
public enum AESGCM {
    public static let keyLength = 32
    static let version: UInt8 = 1
    static let nonceLength = 12, tagLength = 16

    public enum Failure: Error, Equatable, Sendable {
        case badKey
        /// Not a box of ours, changed, or sealed under another key or context.
        case cannotOpen
        case cryptoFailed
    }

    public static func seal(_ plaintext: [UInt8], key: [UInt8], context: [UInt8]) throws(Failure) -> [UInt8] {
        guard key.count == keyLength else { throw .badKey }
        let nonce = SecureRandom.bytes(nonceLength)
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
        var tag = [UInt8](repeating: 0, count: tagLength)
        let ok = key.withUnsafeBufferPointer { key in
            nonce.withUnsafeBufferPointer { nonce in
                context.withUnsafeBufferPointer { context in
                    plaintext.withUnsafeBufferPointer { plaintext in
                        ciphertext.withUnsafeMutableBufferPointer { ciphertext in
                            tag.withUnsafeMutableBufferPointer { tag in
                                resett_aesgcm_seal(GCMCipher.aes256, key.baseAddress, nonce.baseAddress, context.baseAddress, Int32(context.count),
                                                      plaintext.baseAddress, Int32(plaintext.count), ciphertext.baseAddress, tag.baseAddress)
                            }
                        }
                    }
                }
            }
        }
        guard ok == 1 else { throw .cryptoFailed }
        return [version] + nonce + ciphertext + tag
    }

    public static func open(_ box: [UInt8], key: [UInt8], context: [UInt8]) throws(Failure) -> [UInt8] {
        guard key.count == keyLength else { throw .badKey }
        guard box.count >= 1 + nonceLength + tagLength, box[0] == version else { throw .cannotOpen }
        let nonce = Array(box[1..<(1 + nonceLength)])
        let ciphertext = Array(box[(1 + nonceLength)..<(box.count - tagLength)])
        let tag = Array(box[(box.count - tagLength)...])
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
        let ok = key.withUnsafeBufferPointer { key in
            nonce.withUnsafeBufferPointer { nonce in
                context.withUnsafeBufferPointer { context in
                    ciphertext.withUnsafeBufferPointer { ciphertext in
                        tag.withUnsafeBufferPointer { tag in
                            plaintext.withUnsafeMutableBufferPointer { plaintext in
                                resett_aesgcm_open(GCMCipher.aes256, key.baseAddress, nonce.baseAddress, context.baseAddress, Int32(context.count),
                                                      ciphertext.baseAddress, Int32(ciphertext.count), tag.baseAddress, plaintext.baseAddress)
                            }
                        }
                    }
                }
            }
        }
        guard ok == 1 else { throw .cannotOpen }
        return plaintext
    }
}
