/// The actions a route's last segment can name. A URL naming any other is not found: the route does not parse.

/// `/admin/resets/:id/:action`: whether members see a built-in reset.
enum ResetChoiceAction: String, Sendable, CaseIterable {
    case hide, show
}

/// `/admin/own-resets/:id/:action`: what an admin does to a reset they wrote.
enum OwnResetAction: String, Sendable, CaseIterable {
    case publish, unpublish, up, down, delete
    case previewDone = "preview-done"
}

/// `/setbacks/:id/:action`: moving on from one's own setback (or not yet), or deleting it.
enum SetbackAction: String, Sendable, CaseIterable {
    case movedOn = "moved-on", notYet = "not-yet", delete
}

/// `/setbacks/small-step/:action`: today's small brave step done, let go, or swapped for another.
enum SmallStepAction: String, Sendable, CaseIterable {
    case done, skip, swap
}

/// `/worries/:id/:action`: sorting a worry (can I do something about it?), worry time's three choices, ticking its
/// first step, and deleting it.
enum WorryAction: String, Sendable, CaseIterable {
    case can, cannot
    case letGo = "let-go", keep, done
    case notDone = "not-done", delete
}

/// `/admin/moderation/posts/:id/:action`: what a moderator does about a post.
enum ModerationAction: String, Sendable, CaseIterable {
    case approve, hide, delete, restrict
    case reachOut = "reach-out", escalate, note = "notes", authorNote = "author-notes", assign, unassign
}

/// `/admin/crisis-contacts/:id/:action`: saving, ordering or removing a crisis contact.
enum CrisisContactAction: String, Sendable, CaseIterable {
    case save, up, down, remove
}
