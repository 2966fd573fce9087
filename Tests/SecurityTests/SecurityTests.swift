import Foundation
import Synchronization
import Testing
@testable import Domain
@testable import Cryptography

@Suite("Password hashing, digests and random")
struct SecurityTests {
    // Small parameters keep the suite fast; the production minimum has its own test below.
    let hasher = PasswordHasher(parameters: .init(memoryKiB: 1024, iterations: 1, parallelism: 1))

    @Test func hashesVerifyAndCarryTheirParameters() throws {
        let hash = try hasher.hash("correct horse battery staple ✓")
        #expect(hash.hasPrefix("$argon2id$v=19$m=1024,t=1,p=1$"))
        #expect(hasher.verify("correct horse battery staple ✓", against: hash))
        #expect(!hasher.verify("correct horse battery staple", against: hash))
        #expect(!hasher.verify("anything", against: "not a hash"))
        #expect(try hasher.hash("same") != (try hasher.hash("same")), "salts must differ")
    }

    @Test func olderParametersAskForARehash() throws {
        let old = try hasher.hash("password one")
        #expect(!hasher.needsRehash(old))
        let stronger = PasswordHasher()
        #expect(stronger.needsRehash(old))
        #expect(stronger.verify("password one", against: old))
    }

    @Test func theDefaultIsAtLeastOWASPsMinimum() throws {
        let hash = try PasswordHasher().hash("a long enough passphrase")
        let parameters = try #require(PasswordHasher.parameters(of: hash))
        #expect(parameters.memoryKiB >= 19 * 1024 && parameters.iterations >= 2 && parameters.parallelism >= 1)
    }

    @Test func sha256AndHMACMatchKnownVectors() {
        #expect(Digest.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // FIPS 180-2's other vectors, through libcrypto's own SHA-256 functions (not EVP): nothing, two blocks, and a
        // million bytes.
        #expect(Digest.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Digest.sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(Hex.encode(Digest.sha256([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // RFC 4231 test case 2.
        let mac = Digest.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(Hex.encode(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // Test case 6: a key longer than the block (hashed first), and an empty key and message.
        let long = Digest.hmacSHA256(key: [UInt8](repeating: 0xaa, count: 131),
                                     message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        #expect(Hex.encode(long) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
        #expect(Hex.encode(Digest.hmacSHA256(key: [], message: [])) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
        // Many threads at once share the one prepared context: every answer is still the same.
        let answers = Mutex<Set<String>>([])
        DispatchQueue.concurrentPerform(iterations: 2000) { index in
            let text = Hex.encode(Digest.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
            answers.withLock { _ = $0.insert(text) }
        }
        #expect(answers.withLock { $0 } == ["5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"])
        #expect(Digest.constantTimeEqual("abc", "abc") && !Digest.constantTimeEqual("abc", "abd") && !Digest.constantTimeEqual("abc", "ab"))
    }

    @Test func aes256GCMOpensTheSpecsExampleAndRefusesAChangedByte() throws {
        // McGrew and Viega's GCM specification, test case 16 (AES-256, 96-bit IV, additional data), as our box:
        // version, nonce, ciphertext, tag.
        let key = try #require(Hex.decode("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308"))
        let aad = try #require(Hex.decode("feedfacedeadbeeffeedfacedeadbeefabaddad2"))
        let nonce = try #require(Hex.decode("cafebabefacedbaddecaf888"))
        let ciphertext = try #require(Hex.decode("522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
            + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662"))
        let tag = try #require(Hex.decode("76fc6ece0f4e1768cddf8853bb2d551b"))
        let box = [AESGCM.version] + nonce + ciphertext + tag
        #expect(Hex.encode(try AESGCM.open(box, key: key, context: aad)) == "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
            + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
        var changed = box
        changed[20] ^= 1
        #expect(throws: AESGCM.Failure.cannotOpen) { try AESGCM.open(changed, key: key, context: aad) }
        #expect(throws: AESGCM.Failure.cannotOpen) { try AESGCM.open(box, key: key, context: Array(aad.dropLast())) }
        // And our own seal opens again, from many threads at once (one fetched cipher shared).
        let opened = Mutex<Set<[UInt8]>>([])
        DispatchQueue.concurrentPerform(iterations: 500) { index in
            let words = Array("note \(index % 5)".utf8)
            guard let sealed = try? AESGCM.seal(words, key: key, context: aad), let back = try? AESGCM.open(sealed, key: key, context: aad) else { return }
            opened.withLock { _ = $0.insert(back) }
        }
        #expect(opened.withLock { $0 }.count == 5)
    }

    @Test func randomTokensAreLongAndDistinct() {
        let tokens = Set((0..<1000).map { _ in SecureRandom.hex(32) })
        #expect(tokens.count == 1000)
        #expect(tokens.allSatisfy { $0.count == 64 })
    }

    /// Issue 32, finding 13: a full pool queues a log-in instead of refusing it, bounded in time and length, and gives
    /// turns round the organisations and then the clients waiting, so one client's flood cannot push out another's.
    @Test func theHashingPoolQueuesFairlyWithinItsBounds() throws {
        let pool = HashingPool(concurrentHashes: 1, maxWaiting: 4, maxWait: 5)
        let flood = HashingPool.Claimant(tenant: "acme", client: "203.0.113.9")
        let colleague = HashingPool.Claimant(tenant: "acme", client: "198.51.100.4")
        let otherOrganisation = HashingPool.Claimant(tenant: "globex", client: "192.0.2.1")
        let order = Mutex<[String]>([]), refused = Mutex<[String]>([])
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchGroup()
        Thread.detachNewThread { _ = try? pool.run { held.signal(); release.wait() } }
        held.wait()
        func start(_ name: String, _ claimant: HashingPool.Claimant) {
            done.enter()
            Thread.detachNewThread {
                do { try pool.run(for: claimant) { order.withLock { $0.append(name) } } } catch { refused.withLock { $0.append(name) } }
                done.leave()
            }
            Thread.sleep(forTimeInterval: 0.05)  // queued in this order
        }
        start("flood 1", flood); start("flood 2", flood); start("flood 3", flood); start("flood 4", flood)
        #expect(throws: HashingPool.Failure.busy) { try pool.run(for: flood) { 0 } }  // the line is full of its own: at once
        // Two others arrive at a full line: each takes the flood's newest place.
        start("colleague", colleague)
        start("globex", otherOrganisation)
        #expect(refused.withLock { $0 } == ["flood 4", "flood 3"])
        release.signal()
        done.wait()
        // Organisations take turns (acme, globex, acme...), and within acme the clients do.
        #expect(order.withLock { $0 } == ["flood 1", "globex", "colleague", "flood 2"])

        // Waiting has a deadline: past it, busy.
        let quick = HashingPool(concurrentHashes: 1, maxWaiting: 4, maxWait: 0.2)
        let result: Result<Int, Error> = Result {
            try quick.run { () throws -> Int in
                let started = Date()
                let late = Result { try quick.run(for: flood) { 1 } }
                #expect(throws: HashingPool.Failure.busy) { try late.get() }
                #expect(Date().timeIntervalSince(started) >= 0.2)
                return 2
            }
        }
        #expect(try result.get() == 2)
        #expect(try quick.run { 3 } == 3 && quick.inProgress == 0)
    }
}

@Suite("Email addresses and password rules")
struct AccountRuleTests {
    @Test func emailsAreTrimmedAndCaseFolded() {
        #expect(EmailAddress("  Sam.Smith@Example.COM \n")?.value == "sam.smith@example.com")
        for bad in ["", "sam", "@example.com", "sam@", "sam@@example.com", "sam smith@example.com", "sam@.com", "<sam>@x.com"] {
            #expect(EmailAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func passwordRules() {
        let policy = PasswordPolicy(commonPasswords: ["password", "iloveyou1"])
        #expect(policy.check("short") == .tooShort)
        #expect(policy.check("seven77") == .tooShort)
        #expect(policy.check("eight888") == nil)
        #expect(policy.check("PassWord") == .tooCommon)
        #expect(policy.check("ILOVEYOU1") == .tooCommon)
        #expect(policy.check(String(repeating: "é", count: 128)) == nil)
        #expect(policy.check(String(repeating: "é", count: 129)) == .tooLong)
        #expect(policy.check("日本語のパスワード") == nil)
    }
}
