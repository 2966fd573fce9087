import Domain
import Foundation
import Testing
@testable import Web

extension CompiledViewTests {
    /// A component's markup without its view line, as it stood inline in a page before it was written once.
    static func inline(_ component: String) throws -> String {
        try String(contentsOfFile: views + "/components/" + component + ".mustache", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
    }

    /// The setback form with its kinds and hurt scale written once (`SetbackChoiceOptions`) is the form as it was, with
    /// both drawn inline on every visit: for nothing chosen, each kind and each step of the scale, and with errors.
    @Test func setbackForm() throws {
        let old = try Self.template("setbacks/form.mustache", replacing: "{{{kindOptions}}}", with: try Self.inline("setback-kinds"))
            .replacingOccurrences(of: "{{{hurtScale}}}", with: try Self.inline("hurt-scale"))
        let kinds: [SetbackKind?] = [nil] + SetbackKind.allCases, hurts: [SetbackHurt?] = [nil] + SetbackHurt.range.map(SetbackHurt.init)
        for (index, (kind, hurt)) in zip(kinds + kinds, hurts).enumerated() {
            let errors = index % 2 == 0 ? FormErrors() : Self.errors(("kind", "Choose what happened"), ("note", "Too long"))
            let values: [String: Any] = [
                "editing": index == 3, "action": "/setbacks", "cancelPath": "/setbacks", "note": "typed <b>", "noteLimit": 500,
                "happened": "2026-11-29T09:30", "happenedMax": "2026-11-29T09:31",
                "heading": index == 3 ? "Change this setback" : "Log a setback",
                "lead": index == 3 ? "Change anything that isn’t right. Only you see it."
                    : "Thirty seconds, just for you. Naming what happened is a first step in letting it go.",
                "button": index == 3 ? "Save changes" : "Log it",
                "kinds": SetbackKindChoice.all(selected: kind).map {
                    ["value": $0.value, "label": $0.label, "examples": $0.examples, "checked": $0.checked] as [String: Any]
                },
                "hurts": SetbackHurtChoice.all(selected: hurt).map {
                    ["value": $0.value, "mood": $0.mood, "words": $0.words, "face": $0.face.markup, "checked": $0.checked] as [String: Any]
                },
            ]
            let page = SetbackFormPage(editing: index == 3, action: "/setbacks", cancelPath: "/setbacks",
                                       kindOptions: SetbackChoiceOptions.kinds(selecting: kind), hurtScale: SetbackChoiceOptions.hurtScale(selecting: hurt),
                                       note: "typed <b>", noteLimit: 500, happened: "2026-11-29T09:30", happenedMax: "2026-11-29T09:31",
                                       wordsUnreadable: nil, errors: errors)
            let html = try same(page, title: "Log a setback", errors: errors, old: values, partials: ["setbacks/form.mustache": old])
            // Exactly what was chosen is checked, and nothing else.
            let checked = html.components(separatedBy: " checked").count - 1
            #expect(checked == (kind == nil ? 0 : 1) + (hurt == nil ? 0 : 1), "\(String(describing: kind)) \(String(describing: hurt))")
            if let kind { #expect(html.contains("value=\"\(kind.rawValue)\" checked")) }
            if let hurt { #expect(html.contains("name=\"hurt\" value=\"\(hurt.value)\" checked")) }
        }
    }
}
