/// The Today page's hello, by the member's own clock. Late at night it does not say "good": it says go gently.
public enum Greeting {
    public static func at(hour: Int) -> String {
        switch hour {
        case 5..<12: "Good morning"
        case 12..<18: "Good afternoon"
        case 18..<23: "Good evening"
        default: "It’s late. Go gently"
        }
    }
}
