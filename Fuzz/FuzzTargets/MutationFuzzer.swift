import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain mutational fuzzer, used because libFuzzer's `-sanitize=fuzzer` does not link here (ld.gold stops with
/// an internal error). Not coverage-guided: it mutates the corpus (bit flips, byte edits, inserts of HTTP and
/// form tokens, splices) for a given time. Any trap (overflow, out-of-range index, force-unwrap) ends the
/// process; a signal handler first writes the input that caused it to `<artifacts>/crash-<pid>`.
public enum MutationFuzzer {
    nonisolated(unsafe) static var currentInput: [UInt8] = []
    nonisolated(unsafe) static var crashPath: [CChar] = []

    public static func run(name: String, body: ([UInt8]) -> Void, arguments: [String]) {
        var seconds = 60.0
        var corpusFolder = "Fuzz/corpus/" + name
        var artifacts = "bench/results/fuzz/" + name
        var replay: [String] = []
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "-seconds": index += 1; seconds = Double(arguments[index]) ?? seconds
            case "-corpus": index += 1; corpusFolder = arguments[index]
            case "-artifacts": index += 1; artifacts = arguments[index]
            default: replay.append(arguments[index])
            }
            index += 1
        }
        if !replay.isEmpty {
            for path in replay { if let data = FileManager.default.contents(atPath: path) { body(Array(data)) } }
            return
        }
        try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
        crashPath = Array((artifacts + "/crash-\(getpid())").utf8CString)
        for signalNumber in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            signal(signalNumber) { number in
                let fd = open(MutationFuzzer.crashPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                if fd >= 0 {
                    _ = MutationFuzzer.currentInput.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                }
                _exit(128 + number)
            }
        }
        var corpus: [[UInt8]] = ((try? FileManager.default.contentsOfDirectory(atPath: corpusFolder)) ?? []).sorted().compactMap {
            FileManager.default.contents(atPath: corpusFolder + "/" + $0).map(Array.init)
        }
        if corpus.isEmpty { corpus = [[]] }
        var generator = SystemRandomNumberGenerator()
        let started = Date()
        var executions = 0
        while Date().timeIntervalSince(started) < seconds {
            for _ in 0..<1000 {
                var input = corpus.randomElement(using: &generator)!
                for _ in 0..<Int.random(in: 1...8, using: &generator) { mutate(&input, corpus: corpus, using: &generator) }
                if input.count > 4096 { input.removeLast(input.count - 4096) }
                currentInput = input
                body(input)
                executions += 1
                // Keep some variety: now and then an input becomes a seed for further mutation.
                if executions % 5000 == 0, corpus.count < 2000 { corpus.append(input) }
            }
        }
        print("\(name): \(executions) executions in \(Int(seconds)) s, \(corpus.count) inputs in the working corpus, no crash")
    }

    static let tokens: [[UInt8]] = [
        "\r\n", "\r\n\r\n", "GET / HTTP/1.1", "POST ", "Host: ", "Content-Length: ", "Transfer-Encoding: chunked", "0\r\n\r\n",
        "Expect: 100-continue", "%", "%00", "%zz", "%2F", "+", "&", "=", ";", ",", "t=", "v1=", "-9223372036854775808",
        "9223372036854775807", "99999999999999999999", "[", "]", ":", "@", "/", "//", "\\", "\t", "::ffff:", "/32", "/128",
        "{\"id\":", "\"amount\":{\"minor\":", "-1", "\u{FF}", "\u{0}",
    ].map { Array($0.utf8) }

    static func mutate(_ input: inout [UInt8], corpus: [[UInt8]], using generator: inout SystemRandomNumberGenerator) {
        let position = input.isEmpty ? 0 : Int.random(in: 0...input.count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0 where !input.isEmpty:
            let at = min(position, input.count - 1)
            input[at] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        case 1 where !input.isEmpty:
            input[min(position, input.count - 1)] = UInt8.random(in: 0...255, using: &generator)
        case 2:
            input.insert(UInt8.random(in: 0...255, using: &generator), at: position)
        case 3 where !input.isEmpty:
            let end = min(input.count, position + Int.random(in: 1...16, using: &generator))
            if position < end { input.removeSubrange(position..<end) }
        case 4:
            input.insert(contentsOf: tokens.randomElement(using: &generator)!, at: position)
        case 5:
            let other = corpus.randomElement(using: &generator)!
            if !other.isEmpty {
                let start = Int.random(in: 0..<other.count, using: &generator)
                input.insert(contentsOf: other[start..<min(other.count, start + 64)], at: position)
            }
        default:
            if !input.isEmpty {
                let start = Int.random(in: 0..<input.count, using: &generator)
                input.insert(contentsOf: input[start..<min(input.count, start + 32)], at: position)
            }
        }
    }
}
