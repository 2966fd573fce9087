import FuzzTargets

/// `FuzzHostAndAddresses -seconds 600` fuzzes; `FuzzHostAndAddresses file…` replays inputs (see bench/fuzz.sh).
@main
struct FuzzHostAndAddresses {
    static func main() {
        MutationFuzzer.run(name: "HostAndAddresses", body: FuzzTargets.hostAndAddresses, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
