/// `account/carry-on`: after unlocking, what the person typed before the lock closed, offered back to save.
struct CarryOnPage: CompiledView {
    let action: String
    let fields: [LockedForm.Carried.Field]
    /// Where "Leave it" goes.
    let next: String
}
