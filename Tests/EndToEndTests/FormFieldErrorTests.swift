import Foundation
import Testing

/// A use case names each problem by the form field it is about (`UseCaseError.invalid`), and the page is shown again
/// with every message beside its own field, linked from the summary, and what the person typed kept.
@Suite("Field errors beside their fields")
struct FormFieldErrorTests {
    @Test func singleSignOnSettingsShowEveryProblemBesideItsField() throws {
        let app = try RunningApp()
        let admin = try AdminTests().admin(app)
        let answer = try admin.post("/admin/single-sign-on", [("display_name", ""), ("issuer", "http://not-https.example"),
                                                              ("client_id", ""), ("client_secret", ""), ("domains", "not a domain")])
        #expect(answer.status == 422)
        let page = answer.text
        for (field, errorID, words) in [("display_name", "display-name-error", "Give the sign-in a name"),
                                        ("issuer", "issuer-error", "The issuer is the provider’s https address"),
                                        ("client_id", "client-id-error", "Copy the client ID"),
                                        ("client_secret", "client-secret-error", "Copy the client secret"),
                                        ("domains", "sso-domains-error", "Put one domain on each line")] {
            #expect(page.contains("href=\"#\(field)\""), "the summary links to \(field)")
            #expect(page.contains("<p class=\"error-message\" id=\"\(errorID)\">\(words)"), "\(field)'s message is beside it")
            #expect(page.contains("aria-invalid=\"true\"") && page.contains(errorID + "\""), "\(field) is described by its error")
        }
        #expect(page.contains(">not a domain</textarea>") && page.contains("value=\"http://not-https.example\""), "what was typed is kept")
        // Nothing was saved: the page still offers to set it up, not to turn it off.
        #expect(!(try admin.get("/admin/single-sign-on").text.contains("Turn off single sign-on")))
    }

    @Test func aProblemWithOneFieldLeavesTheOthersUnmarked() throws {
        let app = try RunningApp()
        let admin = try AdminTests().admin(app)
        let page = try admin.post("/admin/watched-words", [("phrase", "x"), ("action", "hold")]).text
        #expect(page.contains("href=\"#phrase\"") && page.contains("2 to 60 characters"))
        #expect(page.components(separatedBy: "class=\"error-message\"").count == 2, "one message, beside the phrase")
    }
}
