import Foundation

/// What commands tell the operator, on standard output (logs go to standard error).
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
