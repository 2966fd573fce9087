import FuzzTargets

#if FUZZING
/// SwiftPM points `main` at `<module>_main`: with libFuzzer linked in, that is libFuzzer's driver.
@_cdecl("FuzzHostAndAddresses_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    LibFuzzer.run(argc, argv, FuzzTargets.hostAndAddresses)
}
#else
/// Without libFuzzer: `FuzzHostAndAddresses file…` replays inputs.
@main
struct FuzzHostAndAddresses {
    static func main() {
        Replay.run(FuzzTargets.hostAndAddresses, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
