import FuzzTargets

#if FUZZING
/// SwiftPM points `main` at `<module>_main`: with libFuzzer linked in, that is libFuzzer's driver.
@_cdecl("FuzzWebhookSignature_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    LibFuzzer.run(argc, argv, FuzzTargets.webhookSignature)
}
#else
/// Without libFuzzer: `FuzzWebhookSignature file…` replays inputs.
@main
struct FuzzWebhookSignature {
    static func main() {
        Replay.run(FuzzTargets.webhookSignature, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
