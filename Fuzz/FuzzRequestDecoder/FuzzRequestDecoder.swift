import FuzzTargets

/// `FuzzRequestDecoder -seconds 600` fuzzes; `FuzzRequestDecoder file…` replays inputs (see bench/fuzz.sh).
@main
struct FuzzRequestDecoder {
    static func main() {
        MutationFuzzer.run(name: "RequestDecoder", body: FuzzTargets.requestDecoder, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
