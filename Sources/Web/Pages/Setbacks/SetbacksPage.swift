/// `setbacks/index`: logging a setback, today's small brave step, and the member's recent setbacks.
struct SetbacksPage: CompiledView {
    struct Item {
        let path: Route
        let kindLabel: String
        let when: String
        let hurt: Int
        let hurtWords: String
        let mood: Int
        let face: TrustedHTML
        /// "Moved on after 2 days" or nil while it is still with them.
        let movedOn: String?
    }

    struct Step {
        let id: String
        let title: String
        let description: String
        let time: String
        let difficulty: String
        /// What the member did today, said kindly; nil while it is still open.
        let outcome: String?
        let daysTried: String
        // The step's own, so its forms find them on it rather than out through the page (see docs/architecture.md).
        var doneStep: String { Route.smallStep(.done).path }
        var skipStep: String { Route.smallStep(.skip).path }
        var swapStep: String { Route.smallStep(.swap).path }
    }

    /// `setbacks/list`, as kept.
    let list: HTMLFragment
    let hasItems: Bool
    let step: Step
}

/// `setbacks/list`: the newest setbacks, drawn once per version of the member's history and kept (nothing in it
/// depends on the request: no form, no "minutes ago").
struct SetbackList: CompiledView {
    let items: [SetbacksPage.Item]
    let hasMore: Bool
}
