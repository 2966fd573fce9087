import Cryptography

/// Puts a page's big `HTMLFragment`s into its rendered template as bytes. A fragment given to swift-mustache as a
/// String was checked as UTF-8, copied into the template's output and copied again into the response: for a feed or a
/// year of days (30–50 KB) that was a tenth of the page's time. Instead the template gets a short marker where the
/// fragment goes, and the fragment's bytes replace the marker in the response body.
///
/// A marker is \u{1}, a random token made at start-up, the fragment's number and \u{1} again: nobody outside this
/// process knows the token, so no text a person writes can be taken for a marker.
struct FragmentSplice {
    private static let token = Array(SecureRandom.hex(8).utf8)
    private static let delimiter: UInt8 = 0x01

    private var fragments: [HTMLFragment] = []

    /// The template's values with each fragment replaced by its marker (an empty fragment by "", so that a section
    /// testing it stays false).
    mutating func markers(in values: [String: Any]) -> [String: Any] {
        var values = values
        for (key, value) in values {
            guard let fragment = value as? HTMLFragment else { continue }
            if fragment.isEmpty {
                values[key] = ""
            } else {
                values[key] = String(decoding: Self.marker(fragments.count), as: UTF8.self)
                fragments.append(fragment)
            }
        }
        return values
    }

    /// The rendered page as bytes, each marker replaced by its fragment.
    func body(_ rendered: String) -> [UInt8] {
        guard !fragments.isEmpty else { return Array(rendered.utf8) }
        var rendered = rendered
        return rendered.withUTF8 { text in
            var body: [UInt8] = []
            body.reserveCapacity(text.count + fragments.reduce(0) { $0 + $1.byteCount })
            var copied = 0, index = 0
            while index < text.count {
                guard text[index] == Self.delimiter, let (fragment, end) = marker(in: text, at: index) else { index += 1; continue }
                body.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<index]))
                fragment.append(to: &body)
                index = end
                copied = end
            }
            body.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
            return body
        }
    }

    /// The fragment whose marker starts at `start`, and where the marker ends; nil if it is not one of ours.
    private func marker(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> (HTMLFragment, Int)? {
        var index = start + 1
        for byte in Self.token {
            guard index < text.count, text[index] == byte else { return nil }
            index += 1
        }
        var number = 0, digits = 0
        while index < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]), digits < 6 {
            number = number * 10 + Int(text[index] - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        guard digits > 0, index < text.count, text[index] == Self.delimiter, number < fragments.count else { return nil }
        return (fragments[number], index + 1)
    }

    private static func marker(_ number: Int) -> [UInt8] {
        [delimiter] + token + Array(String(number).utf8) + [delimiter]
    }
}
