import FuzzTargets

/// `FuzzFormDecoding -seconds 600` fuzzes; `FuzzFormDecoding file…` replays inputs (see bench/fuzz.sh).
@main
struct FuzzFormDecoding {
    static func main() {
        MutationFuzzer.run(name: "FormDecoding", body: FuzzTargets.formDecoding, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
