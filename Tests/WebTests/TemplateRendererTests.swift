import Foundation
import Mustache
import Testing
@testable import Web

func temporaryFolder(_ files: [String: String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resett-\(UUID().uuidString)").path
    for (name, text) in files {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

@Suite("Templates")
struct TemplateRendererTests {
    @Test func layoutsPartialsAndEscaping() throws {
        let folder = try temporaryFolder([
            "layouts/base.mustache": "<title>{{title}}</title>{{>partials.nav}}<main>{{$main}}{{/main}}</main>",
            "partials/nav.mustache": "<nav>{{site}}</nav>",
            "pages/show.mustache": "{{<layouts.base}}{{$main}}<p>{{text}}</p><p>{{{trusted}}}</p>{{/main}}{{/layouts.base}}",
        ])
        let renderer = try TemplateRenderer(directory: folder, required: ["pages/show"])
        let html = renderer.render("pages/show", ["title": "T", "site": "S&S", "text": "<b>\"hi\" & 'bye'</b>", "trusted": "<i>x</i>"])
        #expect(html == "<title>T</title><nav>S&amp;S</nav><main><p>&lt;b&gt;&quot;hi&quot; &amp; &#39;bye&#39;&lt;/b&gt;</p><p><i>x</i></p></main>")
    }

    /// Every combination of values a section or a variable can take gives the same bytes through FlatTemplate as through
    /// swift-mustache alone: strings (escaped or not), numbers, true and false, absent names, empty and full lists, a
    /// dictionary, sections inside sections and a partial, inverted sections, and `{{.}}` inside a list.
    @Test func flatTemplatesMatchSwiftMustacheForEveryKindOfValue() throws {
        let page = "<p class=\"{{kind}}\">{{#on}}[{{name}}|{{{name}}}|{{&count}}]{{/on}}{{^on}}off{{/on}}"
            + "{{#name}}<b>{{name}}</b>{{#count}}n={{count}}{{/count}}{{/name}}{{>partials.bit}}"
            + "{{#items}}<i>{{.}}</i>{{/items}}{{^items}}none{{/items}}{{#box}}{{label}}{{/box}}</p>"
        let bit = "{{#on}}<em>{{kind}}</em>{{/on}}{{count}}"
        let folder = try temporaryFolder(["page.mustache": page, "partials/bit.mustache": bit])
        let renderer = try TemplateRenderer(directory: folder, required: ["page"])
        let reference = MustacheLibrary(templates: [
            "page": try MustacheTemplate(string: HTMLEscaper.pragma + page),
            "partials.bit": try MustacheTemplate(string: HTMLEscaper.pragma + bit),
        ])
        let choices: [Any?] = [nil, true, false, "", "a <b> & \"c\" 'd'", 0, 42, [String](), ["x", "<y>"], ["label": "L&L"]]
        var compared = 0
        for on in choices { for name in choices { for count in choices { for items in choices.prefix(3) + choices.suffix(3) {
            var values: [String: Any] = ["kind": "k<1>"]
            if let on { values["on"] = on }
            if let name { values["name"] = name }
            if let count { values["count"] = count }
            if let items { values["items"] = items }
            if on == nil, let box = choices.last! { values["box"] = box }
            // Twice: the second from the variant the first one made.
            for _ in 0..<2 { #expect(renderer.render("page", values) == reference.render(values, withTemplate: "page")) }
            compared += 1
        } } } }
        #expect(compared == 6000)
    }

    /// A fragment goes in as its bytes, where a variable names it, and shows its section.
    @Test func fragmentsGoInAsTheyAre() throws {
        let folder = try temporaryFolder(["page.mustache": "<ul>{{{list}}}</ul>{{#list}}<p>some</p>{{/list}}{{#none}}x{{/none}}"])
        let renderer = try TemplateRenderer(directory: folder, required: ["page"])
        var fragment = HTMLFragment()
        fragment.raw("<li>"); fragment.escaped("1 < 2"); fragment.raw("</li>")
        #expect(renderer.render("page", ["list": fragment]) == "<ul><li>1 &lt; 2</li></ul><p>some</p>")
        // Through swift-mustache (a list in a section) the fragment is the same.
        #expect(renderer.render("page", ["list": fragment, "none": [["a": 1]]]) == "<ul><li>1 &lt; 2</li></ul><p>some</p>x")
    }

    /// The layout is joined around the page in Swift (FlatTemplate): each of its sections shows exactly when
    /// swift-mustache would have shown it, and its values are escaped as their tags say.
    @Test func theLayoutsSectionsAndValuesMatchMustache() throws {
        let folder = try temporaryFolder([
            "layouts/base.mustache": "<html{{#theme}} data-theme=\"{{theme}}\"{{/theme}}>{{{header}}}"
                + "{{#notice}}<p>{{notice}}</p>{{/notice}}<main>{{$main}}{{/main}}</main>{{>partials.foot}}</html>",
            "partials/foot.mustache": "<footer>{{count}}</footer>",
            "page.mustache": "{{<layouts.base}}{{$main}}<h1>{{title}}</h1>{{/main}}{{/layouts.base}}",
            "plain.mustache": "<p>{{title}}</p>",
        ])
        let renderer = try TemplateRenderer(directory: folder, required: ["page"])
        #expect(renderer.render("page", ["title": "A & B", "header": "<header>", "count": 3])
            == "<html><header><main><h1>A &amp; B</h1></main><footer>3</footer></html>")
        #expect(renderer.render("page", ["title": "T", "header": "", "theme": "dark", "notice": "Saved <ok>", "count": 0])
            == "<html data-theme=\"dark\"><p>Saved &lt;ok&gt;</p><main><h1>T</h1></main><footer>0</footer></html>")
        // false hides a section, as in swift-mustache; a template outside the layout is left as it is.
        #expect(renderer.render("page", ["title": "T", "notice": false])
            == "<html><main><h1>T</h1></main><footer></footer></html>")
        #expect(renderer.render("plain", ["title": "x"]) == "<p>x</p>")
    }

    /// A page in a layout of its own (not `layouts/base`, which is joined around pages apart): the layout's own values
    /// and sections are the page's, as swift-mustache has them, whether the page overrides a block or keeps its default.
    @Test func aPageInAnotherLayoutMatchesMustache() throws {
        let player = "<title>{{title}}</title><body class=\"{{kind}}\">{{#dark}}<i>{{kind}}</i>{{/dark}}"
            + "{{$main}}default {{hidden}}{{/main}}{{$foot}}<small>{{count}}</small>{{/foot}}</body>"
        let step = "{{<layouts.player}}{{$main}}<h1>{{heading}}</h1>{{>partials.bit}}{{/main}}{{/layouts.player}}"
        let keeps = "{{<layouts.player}}{{$foot}}<b>{{heading}}</b>{{/foot}}{{/layouts.player}}"
        let bit = "{{#dark}}<em>{{count}}</em>{{/dark}}"
        let folder = try temporaryFolder(["layouts/player.mustache": player, "step.mustache": step, "keeps.mustache": keeps,
                                          "partials/bit.mustache": bit])
        let renderer = try TemplateRenderer(directory: folder, required: ["step"])
        let reference = MustacheLibrary(templates: [
            "layouts.player": try MustacheTemplate(string: HTMLEscaper.pragma + player),
            "step": try MustacheTemplate(string: HTMLEscaper.pragma + step),
            "keeps": try MustacheTemplate(string: HTMLEscaper.pragma + keeps),
            "partials.bit": try MustacheTemplate(string: HTMLEscaper.pragma + bit),
        ])
        for dark in [nil, true, false] as [Bool?] {
            for template in ["step", "keeps"] {
                var values: [String: Any] = ["title": "Step 3 <of> 8", "kind": "stressed", "heading": "Breathe & rest", "count": 8,
                                             "hidden": "never"]
                if let dark { values["dark"] = dark }
                for _ in 0..<2 {
                    let flat = renderer.render(template, values)
                    #expect(flat == reference.render(values, withTemplate: template))
                    #expect(flat?.contains("<title>Step 3 &lt;of&gt; 8</title>") == true)
                }
            }
        }
    }

    @Test func aBrokenTemplateNamesItsFile() throws {
        let folder = try temporaryFolder(["ok.mustache": "fine", "pages/broken.mustache": "{{#open}} never closed"])
        #expect {
            try TemplateRenderer(directory: folder, required: [])
        } throws: { error in
            guard case TemplateError.invalidTemplate(let file, _) = error else { return false }
            return file == "pages/broken.mustache"
        }
    }

    @Test func aMissingPartialOrRequiredTemplateStopsTheStart() throws {
        let folder = try temporaryFolder(["page.mustache": "{{>partials/nowhere}}"])
        #expect(throws: TemplateError.self) { try TemplateRenderer(directory: folder, required: []) }
        let empty = try temporaryFolder(["a.mustache": "a"])
        #expect(throws: TemplateError.missingTemplate("errors/error")) {
            try TemplateRenderer(directory: empty, required: ["errors/error"])
        }
    }

    @Test func escaperMatchesSwiftMustacheOnEveryASCIICharacter() {
        let all = String(decoding: (1...127).map { UInt8($0) }, as: UTF8.self) + "é ü 日本"
        var expected = ""
        for character in all {
            switch character {
            case "<": expected += "&lt;"
            case ">": expected += "&gt;"
            case "&": expected += "&amp;"
            case "\"": expected += "&quot;"
            case "'": expected += "&#39;"
            default: expected.append(character)
            }
        }
        #expect(HTMLEscaper().escapeText(all) == expected)
    }

    @Test func constantPathsAndIconsAreWrittenInWhenTemplatesLoad() {
        let text = "<a href=\"{{paths.home}}\">{{#on}}<a href=\"{{paths.checkIn}}\">{{/on}}{{paths.nowhere}}{{{icons.nowhere}}}{{name}}{{{raw}}}"
        let resolved = TemplateRenderer.resolvingConstants(in: text)
        #expect(resolved == "<a href=\"/\">{{#on}}<a href=\"/check-in\">{{/on}}{{paths.nowhere}}{{{icons.nowhere}}}{{name}}{{{raw}}}")
        let icon = Icon.allCases[0]
        #expect(TemplateRenderer.resolvingConstants(in: "x{{{icons.\(icon.rawValue)}}}y") == "x" + icon.svg + "y")
        // Unclosed tags are left as they are, for the parser to refuse.
        #expect(TemplateRenderer.resolvingConstants(in: "a {{paths.home") == "a {{paths.home")
        #expect(TemplateRenderer.resolvingConstants(in: "") == "")
    }
}
