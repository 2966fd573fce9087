import Domain

/// `welcome/index`: the three short screens a new account sees once: what Resett is for, privacy in plain words, and
/// daily preferences. Only the last has answers; they are saved once, with Finish. Skip is on every screen.
struct WelcomePage: FormPage {
    let screen: Int
    let organisation: String
    let smallestGroup: Int
    let nextPath: String
    let backPath: String?
    let timeZoneOptions: HTMLFragment
    let themes: [FormChoice]
    let feelings: [FormChoice]
    let errors: FormErrors

    var isFirst: Bool { screen == 1 }
    var isPrivacy: Bool { screen == 2 }
    var isPreferences: Bool { screen == 3 }
    var position: String { "\(screen) of 3" }
    var error_time_zone: String? { errors["time_zone"] }
}
