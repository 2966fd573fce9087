/// `insights/you`: the "You" tab: the member's calendar, insights, week and check-ins in one place, so none of them is
/// only behind a text link.
struct YouPage: CompiledView {
    /// Today's check-in's word ("Good"), once given.
    let checkedIn: String?
}
