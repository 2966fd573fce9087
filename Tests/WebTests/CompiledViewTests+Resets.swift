import Domain
import Foundation
import HTTPServer
import Testing
import UseCases
@testable import Web

/// The reset, player, check-in and insight pages against the path they replaced (see `CompiledViewTests`).
extension CompiledViewTests {
    static let library = Result { try ResetLibrary(path: views + "/../Content/resets.json") }

    @Test func choosingAResetPages() throws {
        let library = try Self.library.get()
        let cards = EmotionCard.all(library)
        let oldCards: [[String: Any]] = cards.map { ["id": $0.id, "label": $0.label, "description": $0.description, "path": $0.path, "icon": $0.icon.markup] }
        let grid = try Self.renderer.get().render("partials/emotion-grid", ["emotions": oldCards]) ?? ""
        let unfinished = [HomePage.Unfinished(name: "Box <breathing>", step: 2, count: 5, path: "/runs/r1/steps/2")]
        for (line, list) in [(AllowanceLine.unlimited, [HomePage.Unfinished]()), (AllowanceLine(text: "2 free resets left today", noneLeft: false), unfinished)] {
            var old: [String: Any] = ["emotionGrid": grid]
            if let text = line.text { old["allowance"] = text; old["noneLeft"] = line.noneLeft }
            if !list.isEmpty {
                old["hasUnfinished"] = true
                old["unfinished"] = list.map { ["name": $0.name, "step": $0.step, "count": $0.count, "path": $0.path] as [String: Any] }
            }
            try same(HomePage(messages: .none, emotions: cards, unfinished: list, allowanceLine: line, today: nil), title: nil, old: old,
                     partials: ["home/index.mustache": try Self.oldHome])
        }
        let resets = [ResetListPage.Card(path: "/resets/a", name: "Box <b>", duration: "About 2 min", fromOrganisation: nil, description: "D&", scienceBenefit: "S"),
                      ResetListPage.Card(path: "/resets/b", name: "Ours", duration: "About 1 min", fromOrganisation: "Acme & Co", description: "D", scienceBenefit: "S'")]
        for line in [AllowanceLine.unlimited, AllowanceLine(text: "No free resets left today", noneLeft: true)] {
            var old: [String: Any] = ["emotion": "stressed", "label": "Stressed", "description": "Tense", "icon": Icon.stressed.svg,
                                      "resetsHTML": Self.cardsAsSwiftWroteThem(resets)]
            if let text = line.text { old["allowance"] = text; old["noneLeft"] = line.noneLeft }
            try same(ResetListPage(emotion: "stressed", label: "Stressed", description: "Tense", icon: Icon.stressed.trusted, resets: resets,
                                   allowanceLine: line), title: "Stressed resets", old: old, partials: ["resets/list.mustache": try Self.oldList])
        }
        let moodScale = try Self.moodScaleAsTheTemplateDraws(name: "mood_before")
        for (signedIn, resume, ask, blocked, note) in [(false, nil, false, false, nil), (true, 3, true, false, "sit <down>"), (true, nil, false, true, nil),
                                                       (true, nil, true, false, nil)] as [(Bool, Int?, Bool, Bool, String?)] {
            var old: [String: Any] = ["name": "Box", "description": "D", "scienceBenefit": "S", "duration": "About 2 min", "stepCount": 5,
                                      "emotion": "anxious", "emotionLabel": "Anxious", "emotionPath": "/emotions/anxious", "startPath": "/resets/box/start",
                                      "signUpPath": "/signup?next=%2Fresets%2Fbox", "logInPath": "/login?next=%2Fresets%2Fbox", "icon": Icon.anxious.svg]
            if let note { old["safetyNote"] = note }
            if signedIn {
                old["allowance"] = "1 free reset left today"; old["noneLeft"] = false
                if let resume { old["resumeStep"] = resume }
                if ask { old["askMoodBefore"] = true }
                if blocked { old["blocked"] = true }
                old["moodScale"] = moodScale
                old["signedIn"] = true
            }
            let page = ResetIntroPage(name: "Box", description: "D", scienceBenefit: "S", duration: "About 2 min", stepCount: 5, emotion: "anxious",
                                      emotionLabel: "Anxious", emotionPath: "/emotions/anxious", icon: Icon.anxious.trusted, startPath: "/resets/box/start",
                                      signUpPath: "/signup?next=%2Fresets%2Fbox", logInPath: "/login?next=%2Fresets%2Fbox", safetyNote: note,
                                      allowanceLine: signedIn ? AllowanceLine(text: "1 free reset left today", noneLeft: false) : .unlimited,
                                      resumeStep: resume, askMoodBefore: ask, blocked: blocked,
                                      moodScale: signedIn ? MoodScaleOptions.moodBefore.unselected : HTMLFragment())
            let html = try same(page, title: "Box", signedIn: signedIn, old: old)
            #expect(html.contains("id=\"mood_before-7\"") == (signedIn && ask && !blocked))
        }
    }

    static func cardsAsSwiftWroteThem(_ resets: [ResetListPage.Card]) -> HTMLFragment {
        var html = HTMLFragment(capacity: 4096)
        for reset in resets {
            html.raw("  <li class=\"card reset-card\">\n    <div class=\"reset-card-head\">\n      <h2><a href=\"")
            html.escaped(reset.path); html.raw("\">"); html.escaped(reset.name)
            html.raw("</a></h2>\n      <span class=\"chip\">"); html.escaped(reset.duration)
            html.raw("</span>\n    </div>\n")
            if let organisation = reset.fromOrganisation {
                html.raw("    <p class=\"own-reset-tag\">From "); html.escaped(organisation); html.raw("</p>\n")
            }
            html.raw("    <p>"); html.escaped(reset.description); html.raw("</p>\n    <p class=\"science\">")
            html.escaped(reset.scienceBenefit); html.raw("</p>\n  </li>\n")
        }
        return html
    }

    // The templates as they were, with the markup Swift filled in through raw slots.
    static func template(_ file: String, replacing pattern: some RegexComponent, with old: String) throws -> String {
        try String(contentsOfFile: views + "/" + file, encoding: .utf8).replacing(pattern, with: old)
    }
    static func template(_ file: String, replacing text: String, with old: String) throws -> String {
        try String(contentsOfFile: views + "/" + file, encoding: .utf8).replacingOccurrences(of: text, with: old)
    }
    static var oldHome: String { get throws { try template("home/index.mustache", replacing: "{{>partials.emotion-grid}}", with: "  {{{emotionGrid}}}") } }
    static var oldList: String { get throws { try template("resets/list.mustache", replacing: #/\{\{#resets\}\}[\s\S]*\{\{/resets\}\}\n/#, with: "{{{resetsHTML}}}") } }

    /// The mood scale through the reference renderer, from `components/mood-scale` with every choice as values.
    static func moodScaleAsTheTemplateDraws(name: String, selected: Int? = nil) throws -> String {
        try renderer.get().render("components/mood-scale", ["choices": MoodChoice.scale(name: name, selected: selected).map {
            ["value": $0.value, "id": $0.id, "name": $0.name, "words": $0.words, "face": $0.face.markup, "checked": $0.checked] as [String: Any]
        }]) ?? ""
    }

    @Test func playerPages() throws {
        let lines = ["Breathe in <slowly>", "and out"]
        var linesHTML = HTMLFragment()
        for line in lines { linesHTML.raw("<p class=\"step-line\">"); linesHTML.escaped(line); linesHTML.raw("</p>") }
        for (number, preview) in [(1, nil), (2, ("Preview: nothing is recorded.", "/admin/resets/own/x")), (3, nil)] as [(Int, (String, String)?)] {
            var old: [String: Any] = ["resetName": "Box", "emotion": "stressed", "stepTitle": "Sit <tall>", "linesHTML": linesHTML, "number": number,
                                      "count": 3, "isLast": number == 3, "finishPath": "/runs/r/finish"]
            if number > 1 { old["backPath"] = "/runs/r/steps/\(number - 1)" }
            if number < 3 { old["continuePath"] = "/runs/r/steps/\(number + 1)" }
            if let preview { old["previewNote"] = preview.0; old["previewBackPath"] = preview.1 }
            let page = StepPage(resetName: "Box", emotion: "stressed", stepTitle: "Sit <tall>", lines: lines, cue: nil, number: number, count: 3,
                                finishPath: "/runs/r/finish", backPath: number > 1 ? "/runs/r/steps/\(number - 1)" : nil,
                                continuePath: number < 3 ? "/runs/r/steps/\(number + 1)" : nil, previewNote: preview?.0, previewBackPath: preview?.1)
            try same(page, title: "Step", old: old, partials: ["runs/step.mustache": try Self.template("runs/step.mustache",
                     replacing: "{{#lines}}<p class=\"step-line\">{{.}}</p>{{/lines}}", with: "{{{linesHTML}}}")])
        }
        let bubblesHTML = (1...12).map { number in
            let colour = ["pink", "purple", "blue"][number % 3], size = ["small", "medium", "large"][(number * 7) % 3]
            return "<label class=\"bubble bubble-\(colour) bubble-\(size)\"><input type=\"checkbox\" class=\"bubble-input\">"
                + "<span class=\"visually-hidden\">Pop bubble \(number)</span></label>"
        }.joined(separator: "\n    ")
        var oldBubbles = try Self.template("runs/bubbles.mustache", replacing: "{{#lines}}<p class=\"step-line\">{{.}}</p>{{/lines}}", with: "{{{linesHTML}}}")
        oldBubbles = oldBubbles.replacing(#/\{\{#bubbles\}\}[\s\S]*\{\{/bubbles\}\}/#, with: "{{{bubblesHTML}}}")
        try same(BubblesPage(emotion: "restless", stepTitle: "Pop", lines: lines, number: 1, count: 1, finishPath: "/runs/r/finish"), title: "Bubble Pop Calm",
                 old: ["emotion": "restless", "stepTitle": "Pop", "linesHTML": linesHTML, "number": 1, "count": 1, "isLast": true,
                       "finishPath": "/runs/r/finish", "bubblesHTML": bubblesHTML], partials: ["runs/bubbles.mustache": oldBubbles])
        let choices = try Self.moodScaleAsTheTemplateDraws(name: "mood")
        // The scale written once is the template's, and a choice sent back is checked, alone, on the copy.
        #expect(Self.normalised(MoodScaleOptions.mood.unselected.text) == Self.normalised(choices))
        let seven = MoodScaleOptions.moodBefore.selecting(7).text
        #expect(Self.normalised(seven) == Self.normalised(try Self.moodScaleAsTheTemplateDraws(name: "mood_before", selected: 7)))
        #expect(seven.components(separatedBy: " checked").count == 2 && seven.contains("value=\"7\" checked"))
        #expect(MoodScaleOptions.moodBefore.selecting(11).text == MoodScaleOptions.moodBefore.unselected.text)
        for errors in [FormErrors(), Self.errors(("mood-5", "Choose a number from 1 to 10."))] {
            var old: [String: Any] = ["moodPath": "/runs/r/mood", "moodScale": choices, "emotion": "tired"]
            if let message = errors["mood-5"] { old["moodError"] = message }
            try same(RateMoodPage(emotion: "tired", moodPath: "/runs/r/mood", moodScale: MoodScaleOptions.mood.unselected, errors: errors),
                     title: "How do you feel now?", errors: errors, old: old)
        }
    }

    @Test func runResultPage() throws {
        for mood in [1, 3, 8] {
            for change in [nil, "From 4 to \(mood)."] {
                let veryLow = MoodScale.isVeryLow(mood), low = MoodScale.isLow(mood) && !veryLow
                let line = veryLow ? AllowanceLine.unlimited : AllowanceLine(text: "No free resets left today", noneLeft: true)
                var old: [String: Any] = ["low": low, "veryLow": veryLow, "mood": mood, "emotion": "tired", "face": MoodView.face(mood), "resetName": "Box",
                                          "emotionPath": "/emotions/tired", "whatWasDone": "You did all 5 steps <of Box>.", "dayPath": "/calendar/2026-11-25"]
                if let change { old["change"] = change }
                if veryLow {
                    old["crisisContactsHTML"] = Self.contactsAsSwiftWroteThem(Self.contacts)
                    old["breathePath"] = "/help/breathe?from=%2F"; old["groundPath"] = "/help/ground?from=%2F"; old["mayTryAnother"] = true
                } else {
                    old["allowance"] = line.text; old["noneLeft"] = line.noneLeft
                }
                let page = RunResultPage(mood: mood, emotion: "tired", face: TrustedHTML(markup: MoodView.face(mood)), resetName: "Box", emotionPath: "/emotions/tired",
                                         whatWasDone: "You did all 5 steps <of Box>.", change: change, dayPath: "/calendar/2026-11-25", low: low,
                                         veryLow: veryLow, crisisContacts: veryLow ? Self.contacts : [], breathePath: veryLow ? "/help/breathe?from=%2F" : nil,
                                         groundPath: veryLow ? "/help/ground?from=%2F" : nil, mayTryAnother: veryLow, allowanceLine: line)
                try same(page, title: "Result", old: old, partials: ["partials/crisis-contacts.mustache": "{{{crisisContactsHTML}}}"])
            }
        }
    }

    static func oldChoices(_ choices: [FormChoice]) -> [[String: Any]] {
        choices.map { ["value": $0.value, "label": $0.label, "checked": $0.checked] }
    }

    @Test func checkInPages() throws {
        let ratings = CheckInFace.all(selected: .average)
        let oldRatings = ratings.map { ["value": $0.value, "label": $0.label, "mood": $0.mood, "face": $0.face.markup, "checked": $0.checked] as [String: Any] }
        let tags = [FormChoice(value: "work", label: "Work <stuff>", checked: true), FormChoice(value: "sleep", label: "Sleep", checked: false)]
        let offer = CheckInPage.ReflectOffer(reflectName: "Noticing a thought", reflectSteps: "3 questions, a few minutes", reflectLabel: "Reflect on today")
        for (saved, withOffer, unreadable) in [(false, false, false), (true, true, true)] {
            for errors in [FormErrors(), Self.errors(("rating", "Choose"), ("note", "Too long"))] {
                var old: [String: Any] = [
                    "heading": saved ? "Today’s check-in" : "Check in",
                    "lead": saved ? "You’ve checked in today. You can change it until the day ends." : "A moment to notice how today has been.",
                    "button": saved ? "Save changes" : "Save check-in", "ratings": oldRatings, "tags": Self.oldChoices(tags),
                    "note": "a <note>", "noteLimit": 500,
                ]
                if withOffer { old["reflectName"] = offer.reflectName; old["reflectSteps"] = offer.reflectSteps; old["reflectLabel"] = offer.reflectLabel }
                if unreadable { old["wordsUnreadable"] = "Sealed" }
                try same(CheckInPage(saved: saved, ratings: ratings, tags: tags, note: "a <note>", noteLimit: 500, offer: withOffer ? offer : nil,
                                     wordsUnreadable: unreadable ? "Sealed" : nil, errors: errors), title: "Check in", errors: errors, old: old)
            }
        }
        let options = (0...10).map { ReflectionPage.Intensity.Option(value: $0, selected: $0 == 4) }
        let intensity = ReflectionPage.Intensity(heading: "How strong?", button: "Start", intensities: options)
        let asking = ReflectionPage.Asking(question: "What went <well>?", reminder: "A <long> day", answer: "Lunch & a walk", answerLimit: 1000)
        let done = ReflectionPage.Done(change: "From 7 to 4.", answers: [.init(question: "Q1", answer: "A1"), .init(question: "Q2", answer: "")])
        for (step, mode) in [(1, 0), (2, 1), (5, 2)] {
            for earlier in [false, true] {
                let errors = step == 2 ? Self.errors(("answer", "Too long")) : FormErrors()
                var old: [String: Any] = ["kindName": "Noticing", "step": step, "stepCount": 4, "leavePath": earlier ? "/calendar/2026-11-20" : "/",
                                          "leaveLabel": "Leave for now"]
                if earlier { old["dayName"] = "Friday 20 November"; old["dayValue"] = "2026-11-20" }
                if step > 1 && step <= 4 { old["previousPath"] = "/reflection?step=\(step - 1)" }
                switch mode {
                case 0: old["intensity"] = ["heading": intensity.heading, "button": intensity.button,
                                           "intensities": options.map { option in
                                               var values: [String: Any] = ["value": option.value, "selected": option.selected]
                                               if let ends = option.ends { values["ends"] = ends }
                                               return values
                                           }]
                case 1: old["asking"] = ["question": asking.question, "reminder": asking.reminder ?? "", "answer": asking.answer, "answerLimit": asking.answerLimit]
                default: old["done"] = ["change": done.change ?? "", "answers": done.answers.map { ["question": $0.question, "answer": $0.answer, "hasAnswer": $0.hasAnswer] }]
                }
                let page = ReflectionPage(kindName: "Noticing", step: step, stepCount: 4, dayName: earlier ? "Friday 20 November" : nil,
                                          dayValue: earlier ? "2026-11-20" : nil, wordsUnreadable: nil,
                                          previousPath: step > 1 && step <= 4 ? "/reflection?step=\(step - 1)" : nil,
                                          leavePath: earlier ? "/calendar/2026-11-20" : "/", leaveLabel: "Leave for now",
                                          intensity: mode == 0 ? intensity : nil, asking: mode == 1 ? asking : nil, done: mode == 2 ? done : nil, errors: errors)
                try same(page, title: "Reflect", errors: errors, old: old)
            }
        }
    }

    @Test func insightPages() throws {
        let chart = BarChart([Insights.Bar(label: "Bad", value: 2), Insights.Bar(label: "Good <day>", value: 5)])
        let sections = [InsightsPage.Section(number: 1, title: "Your days <by weekday>", lines: ["Mondays: 3.5", "Fridays: 4"], notEnough: nil,
                                             nextPath: "/check-in", nextLabel: "Check in today", chart: chart),
                        InsightsPage.Section(number: 2, title: "Tags", lines: [], notEnough: "A few more check-ins, please.", nextPath: "/",
                                             nextLabel: "Choose a reset", chart: nil)]
        try same(InsightsPage(sections: sections), title: "Your insights", old: ["sections": sections.map { section -> [String: Any] in
            var values: [String: Any] = ["number": section.number, "title": section.title, "lines": section.lines, "hasLines": section.hasLines,
                                         "nextPath": section.nextPath, "nextLabel": section.nextLabel]
            if let notEnough = section.notEnough { values["notEnough"] = notEnough }
            if let chart = section.chart {
                values["chart"] = ["bars": chart.bars.map { ["label": $0.label, "value": $0.value, "x": $0.x, "y": $0.y, "height": $0.height,
                                                             "width": $0.width, "labelX": $0.labelX, "mood": $0.mood, "hasBar": $0.hasBar] as [String: Any] }]
            }
            return values
        }])
        for (best, helped, last, on) in [(nil, [String](), nil, false), ("Tuesday", ["Box breathing, twice"], "Walk <more>", true)] as [(String?, [String], String?, Bool)] {
            for errors in [FormErrors(), Self.errors(("intention", "Too long"))] {
                var old: [String: Any] = ["range": "A to B", "headline": "A steady week", "helped": helped, "hasFacts": best != nil || !helped.isEmpty,
                                          "intention": "Rest", "intentionLimit": 280, "emailOn": on, "chartWords": "Check-ins: Mon good."]
                if let best { old["bestDay"] = best }
                if let last { old["lastWeeksIntention"] = last }
                try same(DigestPage(range: "A to B", headline: "A steady week", bestDay: best, helped: helped, chart: nil, chartWords: "Check-ins: Mon good.",
                                    lastWeeksIntention: last, intention: "Rest", intentionLimit: 280, emailOn: on, errors: errors),
                         title: "Your week", errors: errors, old: old)
            }
        }
    }
}
