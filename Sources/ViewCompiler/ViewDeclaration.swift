import Foundation

/// How a template says which view model it renders, and the names the compiler gives it and its output.
enum ViewDeclaration {
    /// `Views/layouts/base.mustache` is known to other templates as `layouts.base`.
    static func templateName(forFile relative: String) -> String {
        String(relative.dropLast(relative.hasSuffix(".mustache") ? ".mustache".count : 0)).replacingOccurrences(of: "/", with: ".")
    }

    /// The type named by `{{! view: TypeName }}` on the template's first line; nil for partials and layouts.
    static func viewType(in text: String) -> String? {
        let first = text.prefix { $0 != "\n" }
        guard first.hasPrefix("{{!"), first.hasSuffix("}}") else { return nil }
        let comment = first.dropFirst(3).dropLast(2).drop { $0 == " " }
        guard comment.hasPrefix("view:") else { return nil }
        let name = comment.dropFirst("view:".count).trimmingCharacters(in: .whitespaces)
        guard let head = name.first, head.isUppercase, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." }) else { return nil }
        return name
    }

    static func outputFile(forTemplate relative: String) -> String {
        "View+" + templateName(forFile: relative).replacingOccurrences(of: ".", with: "_") + ".swift"
    }
}
