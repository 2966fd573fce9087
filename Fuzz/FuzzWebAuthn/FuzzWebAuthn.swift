import FuzzTargets

#if FUZZING
/// SwiftPM points `main` at `<module>_main`: with libFuzzer linked in, that is libFuzzer's driver.
@_cdecl("FuzzWebAuthn_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    LibFuzzer.run(argc, argv, FuzzTargets.webAuthn)
}
#else
/// Without libFuzzer: `FuzzWebAuthn file…` replays inputs.
@main
struct FuzzWebAuthn {
    static func main() {
        Replay.run(FuzzTargets.webAuthn, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
