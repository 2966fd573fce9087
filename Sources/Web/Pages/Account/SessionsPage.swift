/// `account/sessions`: the person's signed-in devices, each with a way to sign it out.
struct SessionsPage: CompiledView {
    struct Device {
        let device: String
        /// "A few minutes ago", "About 3 days ago".
        let lastUsed: String
        let isCurrent: Bool
        let signOutPath: String
    }

    let sessions: [Device]
    var hasOthers: Bool { sessions.count > 1 }
}
