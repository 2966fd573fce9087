// The organisation's logo and check-in tags (BrandHandler, CheckInTagsHandler).

/// `admin/logo`: the logo in the header, with a way to remove it.
struct LogoPage: FormPage {
    /// The current logo, named by its fingerprint.
    let logoPath: String?
    let errors: FormErrors
    var hasLogo: Bool { logoPath != nil }
    var error_logo: String? { errors["logo"] }
}

/// `admin/check-in-tags`: the organisation's own tags, beside the standard ones.
struct CheckInTagsPage: FormPage {
    struct Tag {
        let label: String
        let removePath: String
    }

    /// The standard tags, named in a sentence.
    let standard: String
    let tags: [Tag]
    /// What was typed for a new tag.
    let label: String
    let labelLimit: Int
    let tenantLimit: Int
    let errors: FormErrors
    var hasTags: Bool { !tags.isEmpty }
    var canAdd: Bool { tags.count < tenantLimit }
    var error_label: String? { errors["label"] }
}
