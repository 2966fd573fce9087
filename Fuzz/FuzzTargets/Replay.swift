import Foundation

/// Without libFuzzer (a plain debug build), a fuzz executable replays the inputs named on its command line:
/// the quickest way to step through a crasher in a debugger.
public enum Replay {
    public static func run(_ body: ([UInt8]) -> Void, arguments: [String]) {
        for path in arguments {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            body(Array(data))
        }
    }
}
