/// `admin/resets`: the organisation's own resets, in their order, and which of the library's it hides.
struct ResetsAdminPage: FormPage {
    struct OwnReset {
        let name: String
        let editPath: String
        let emotion: String
        let duration: String
        /// "Published", "Unpublished" or "Draft".
        let status: String
        let upPath: String?
        let downPath: String?
    }

    struct LibraryReset {
        let name: String
        let duration: String
        let isHidden: Bool
        let actionPath: String
        /// "Hide" or "Show": the button's visible word; its name goes on for screen readers ("Hide “Box breathing”").
        var verb: String { isHidden ? "Show" : "Hide" }
    }

    struct Feeling {
        let id: String
        let label: String
        let resets: [LibraryReset]
    }

    let own: [OwnReset]
    let ownLimit: Int
    let emotions: [Feeling]
    let errors: FormErrors
    var hasOwn: Bool { !own.isEmpty }
    var canWrite: Bool { own.count < ownLimit }
    var error_resets: String? { errors["resets"] }
}
