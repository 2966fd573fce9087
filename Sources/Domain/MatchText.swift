import Foundation

/// The one way text is folded before anything is matched against it (safety phrases, an organisation's watched words,
/// thinking traps) or compared as an identity (email addresses): so a zero-width space, a soft hyphen, a Cyrillic `о`
/// or fullwidth letters do not make a different word.
///
/// `fold` is Unicode's NFKC (fullwidth and other compatibility forms to their plain letters), invisible characters
/// removed, lower case, and the common confusables of Unicode TR39 folded to the Latin letter they look like (its
/// skeleton idea, for the Cyrillic, Greek and Armenian letters that pass for Latin ones: the full confusables table is
/// not in our mirror, and these are the ones used to dodge a word list in practice).
public enum MatchText {
    public static func fold(_ text: String) -> String {
        // ASCII is its own NFKC form and holds no invisible or confusable letter: only case is left to fold (and
        // Foundation's normalisation, which every note, post and word list passes through, is the costly part).
        if let folded = asciiLowercased(text) { return folded }
        return foldScalars(text)
    }

    /// `fold` scalar by scalar, for any text.
    static func foldScalars(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars where !isInvisible(scalar) {
            scalars.append(confusables[scalar] ?? scalar)
        }
        return String(scalars)
    }

    /// `text` in lower case when it is all ASCII, else nil.
    static func asciiLowercased(_ text: String) -> String? {
        var needsLowering = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { needsLowering = true }
        }
        guard needsLowering else { return text }
        return String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            for (index, byte) in text.utf8.enumerated() {
                buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return text.utf8.count
        }
    }

    /// Format characters (zero-width spaces and joiners, soft hyphen, bidi controls, the byte-order mark), variation
    /// selectors, the combining grapheme joiner and the Hangul and Mongolian fillers: nothing a reader sees.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.generalCategory == .format { return true }
        switch scalar.value {
        case 0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x3164, 0xFE00...0xFE0F, 0xFFA0, 0xE0100...0xE01EF: return true
        default: return false
        }
    }

    /// Lower-case letters of other scripts that look like Latin ones (from TR39's confusables), to the Latin letter.
    static let confusables: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, String)] = [
            // Cyrillic
            ("а", "a"), ("с", "c"), ("ԁ", "d"), ("е", "e"), ("һ", "h"), ("і", "i"), ("ј", "j"), ("к", "k"), ("ӏ", "l"), ("о", "o"),
            ("р", "p"), ("ԛ", "q"), ("ѕ", "s"), ("ѵ", "v"), ("ԝ", "w"), ("х", "x"), ("у", "y"), ("ү", "y"),
            // Greek
            ("α", "a"), ("ε", "e"), ("ι", "i"), ("κ", "k"), ("ν", "v"), ("ο", "o"), ("ρ", "p"), ("τ", "t"), ("υ", "u"), ("χ", "x"),
            ("ϲ", "c"), ("ϳ", "j"),
            // Armenian and Latin look-alikes
            ("օ", "o"), ("ս", "u"), ("զ", "q"), ("ց", "g"), ("հ", "h"), ("ո", "n"), ("ɑ", "a"), ("ɡ", "g"), ("ı", "i"), ("ȷ", "j"),
            ("ʏ", "y"), ("ᴠ", "v"), ("ᴡ", "w"), ("ᴢ", "z"), ("ꮃ", "w"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (from, to) in pairs { table[from.unicodeScalars.first!] = to.unicodeScalars.first! }
        return table
    }()

    /// The writing system a letter belongs to, coarsely: enough to tell that a word mixes Latin with Cyrillic or Greek.
    /// Digits, punctuation and marks belong to none.
    public enum Script: Sendable, Equatable {
        case latin, greek, cyrillic, armenian, hebrew, arabic, eastAsian, other
    }

    public static func script(_ scalar: Unicode.Scalar) -> Script? {
        guard scalar.properties.isAlphabetic, scalar.properties.generalCategory != .nonspacingMark else { return nil }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0x24F, 0x250...0x2AF, 0x1D00...0x1DBF, 0x1E00...0x1EFF, 0x2C60...0x2C7F,
             0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x530...0x58F: return .armenian
        case 0x590...0x5FF: return .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF: return .arabic
        case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0x20000...0x2FFFF:
            return .eastAsian
        default: return .other
        }
    }

    /// Whether `text` mixes writing systems in a way that deceives: any two, except Latin beside East Asian scripts
    /// (as Japanese and Chinese names are written with romaji and pinyin). TR39's "highly restrictive" level, simplified.
    public static func mixesScripts(_ text: String) -> Bool {
        var scripts = Set<String>()
        for scalar in text.unicodeScalars {
            if let script = script(scalar) { scripts.insert("\(script)") }
        }
        scripts.remove("eastAsian")
        return scripts.count > 1
    }
}
