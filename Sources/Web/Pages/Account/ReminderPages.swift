import Domain
import UseCases

/// `account/reminders`: each reminder's switch, the check-in's time, quiet hours, whether they come by email, and the
/// devices that show them as notifications (when the server sends push messages).
struct RemindersPage: FormPage {
    let settings: Reminders.Settings
    /// The devices the member has allowed, and what their browsers subscribe with (nil: this server sends no push).
    let devices: Devices
    /// What was typed into the time fields (kept when the page comes back with a problem).
    let checkInTime: String
    let quietStart: String
    let quietEnd: String
    let errors: FormErrors
    var checkIn: Bool { settings.checkIn }
    var worryTime: Bool { settings.worryTime }
    var hasWorryTime: Bool { settings.worryStartMinute != nil }
    var worryStart: String { settings.worryStartMinute.map(ReminderSchedule.text) ?? "" }
    var setback: Bool { settings.setback }
    var digest: Bool { settings.digest }
    var byEmail: Bool { settings.byEmail }
    var pushAvailable: Bool { devices.applicationServerKey != nil }
    var applicationServerKey: String { devices.applicationServerKey ?? "" }
    var organisation: String { devices.organisation }
    var deviceRows: [DeviceRow] { devices.rows }
    var hasDevices: Bool { !devices.rows.isEmpty }
    /// Why a device could not be added, beside the devices.
    var error_devices: String? { errors["devices"] }
    var error_checkInTime: String? { errors["checkInTime"] }
    var error_quietStart: String? { errors["quietStart"] }

    init(settings: Reminders.Settings, devices: Devices, errors: FormErrors,
         typed: (checkIn: String, quietStart: String, quietEnd: String)? = nil) {
        self.settings = settings
        self.devices = devices
        checkInTime = typed?.checkIn ?? ReminderSchedule.text(settings.checkInMinute)
        quietStart = typed?.quietStart ?? ReminderSchedule.text(settings.quiet.startMinute)
        quietEnd = typed?.quietEnd ?? ReminderSchedule.text(settings.quiet.endMinute)
        self.errors = errors
    }
}

extension RemindersPage {
    struct Devices {
        let applicationServerKey: String?
        let organisation: String
        let rows: [DeviceRow]
    }

    /// One device in the list: its browser's name, when it was added, and its own Remove form.
    struct DeviceRow {
        let name: String
        let added: String
        let removePath: String

        init(_ device: PushDevice, timeZone: String) {
            name = device.name
            added = Day.of(device.createdAt, in: timeZone).mediumText
            removePath = Route.reminderDeviceRemove(device.id).path
        }
    }
}

/// `reminders/off`: a reminder email's "turn this off", asked (a mail scanner that opens links changes nothing) and then
/// done, or a link that no longer works.
struct ReminderOffPage: CompiledView {
    enum State { case asking, turnedOff, noLongerApplies }
    let state: State
    /// The reminder's name, in a sentence ("your check-in reminder").
    let reminder: String
    /// The form posts back to the same address, query and all (RFC 8058's one click takes the same URL).
    let action: String
    var asking: Bool { state == .asking }
    var turnedOff: Bool { state == .turnedOff }
    var noLongerApplies: Bool { state == .noLongerApplies }

    static func name(_ kind: ReminderKind) -> String {
        switch kind {
        case .checkIn: "your check-in reminder"
        case .worryTime: "your worry time reminder"
        case .setback: "your follow-up after a hard day"
        }
    }
}
