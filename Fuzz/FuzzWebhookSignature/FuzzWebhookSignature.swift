import FuzzTargets

/// `FuzzWebhookSignature -seconds 600` fuzzes; `FuzzWebhookSignature file…` replays inputs (see bench/fuzz.sh).
@main
struct FuzzWebhookSignature {
    static func main() {
        MutationFuzzer.run(name: "WebhookSignature", body: FuzzTargets.webhookSignature, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
