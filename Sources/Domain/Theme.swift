/// How pages look: following the device, or always light or dark. Stored per account.
public enum Theme: String, Sendable, CaseIterable {
    case system
    case light
    case dark
}
