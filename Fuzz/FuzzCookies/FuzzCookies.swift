import FuzzTargets

/// `FuzzCookies -seconds 600` fuzzes; `FuzzCookies file…` replays inputs (see bench/fuzz.sh).
@main
struct FuzzCookies {
    static func main() {
        MutationFuzzer.run(name: "Cookies", body: FuzzTargets.cookies, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
