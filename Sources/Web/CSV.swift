import Foundation
import HTTPServer

/// Every spreadsheet we write (history, check-ins, the export, the audit, the organisation's figures): RFC 4180 CSV,
/// fields with commas, quotes or line breaks quoted and quotes doubled, lines ending in CRLF. A field that a spreadsheet
/// would run as a formula (it begins with `=`, `+`, `-`, `@`, a tab or a carriage return: OWASP's rule) is written
/// after a `'`, so it reads as the text it is; a plain number such as `-2` or `4.5` is left a number. Written here
/// rather than with a library from the mirror (CSV.swift, SwiftCSV): neither neutralises formulas, and the quoting is
/// these few lines.
enum CSV {
    /// A spreadsheet to save: never kept by a cache (it is personal data).
    static func download(_ rows: [[String]], filename: String) -> Response {
        var response = Response(status: .ok, headers: ["Content-Type": "text/csv; charset=utf-8"], body: Array(encode(rows).utf8))
        response.headers.set("Content-Disposition", "attachment; filename=\"\(filename)\"")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    static func encode(_ rows: [[String]]) -> String {
        rows.map { row in row.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func field(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, formulaStarts.contains(first), !isNumber(text) { text = "'" + text }
        let needsQuotes = text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "'" })
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// `-2`, `-0.5`: a sign, digits and at most one decimal point, nothing else.
    static func isNumber(_ text: String) -> Bool {
        let body = text.utf8.dropFirst(text.utf8.first == UInt8(ascii: "-") ? 1 : 0)
        guard !body.isEmpty, body.first != UInt8(ascii: "."), body.last != UInt8(ascii: ".") else { return false }
        return body.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") } && body.filter { $0 == UInt8(ascii: ".") }.count <= 1
    }
}
