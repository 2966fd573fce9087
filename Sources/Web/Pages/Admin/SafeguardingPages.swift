import Domain

// The organisation's crisis contacts and watched words (SafeguardingHandler).

/// `admin/crisis-contacts`: each contact's own form, its place in the order, and a form to add one.
struct CrisisContactsPage: FormPage {
    struct Row {
        let id: String
        let name: String
        let purpose: String
        let phoneValue: String
        let textNumberValue: String
        let textMessageValue: String
        let urlValue: String
        let hoursValue: String
        let savePath: String
        let upPath: String
        let downPath: String
        let removePath: String
        let canMoveUp: Bool
        let canMoveDown: Bool
        /// Why this contact's change was refused; its row then stays open with what was typed.
        let error: String?
        /// The closed row's one line: how to reach it ("Call 116 123 · Text SHOUT to 85258").
        var ways: String {
            var ways: [String] = []
            if !phoneValue.isEmpty { ways.append("Call \(phoneValue)") }
            if !textNumberValue.isEmpty { ways.append(textMessageValue.isEmpty ? "Text \(textNumberValue)" : "Text \(textMessageValue) to \(textNumberValue)") }
            if !urlValue.isEmpty { ways.append("Website") }
            return ways.joined(separator: " · ")
        }

        /// Every contact as stored, except `refused`: the one whose change was refused, shown as it was typed.
        static func rows(_ contacts: [CrisisContact], refused: (typed: CrisisContact, error: String)? = nil) -> [Row] {
            contacts.enumerated().map { index, stored in
                let contact = refused.map { $0.typed.id == stored.id ? $0.typed : stored } ?? stored
                let id = CrisisContactID(stored: contact.id)
                return Row(id: contact.id, name: contact.name, purpose: contact.purpose, phoneValue: contact.phone ?? "",
                           textNumberValue: contact.textNumber ?? "", textMessageValue: contact.textMessage ?? "", urlValue: contact.url ?? "",
                           hoursValue: contact.hours ?? "", savePath: Route.crisisContact(id, .save).path, upPath: Route.crisisContact(id, .up).path,
                           downPath: Route.crisisContact(id, .down).path, removePath: Route.crisisContact(id, .remove).path, canMoveUp: index > 0,
                           canMoveDown: index < contacts.count - 1, error: refused?.typed.id == stored.id ? refused?.error : nil)
            }
        }
    }

    /// What was typed into "Add a contact", kept when it comes back.
    struct NewContact {
        var new_name = "", new_purpose = "", new_phone = "", new_text_number = "", new_text_message = "", new_url = "", new_hours = ""
    }

    let contacts: [Row]
    let typed: NewContact
    let errors: FormErrors
    /// "Add a contact" opens by itself when what was typed into it came back with a problem.
    var addingOpen: Bool { errors["new_contact"] != nil }
    var new_name: String { typed.new_name }
    var new_purpose: String { typed.new_purpose }
    var new_phone: String { typed.new_phone }
    var new_text_number: String { typed.new_text_number }
    var new_text_message: String { typed.new_text_message }
    var new_url: String { typed.new_url }
    var new_hours: String { typed.new_hours }
    var error_new_contact: String? { errors["new_contact"] }
}

/// `admin/watched-words`: words that hold a post for a moderator, or refuse it.
struct WatchedWordsPage: FormPage {
    struct Word {
        let phrase: String
        let refuses: Bool
        let removePath: String
    }

    let words: [Word]
    /// What was typed for a new word.
    let phrase: String
    let errors: FormErrors
    var hasWords: Bool { !words.isEmpty }
    var error_phrase: String? { errors["phrase"] }
}
