import FuzzTargets

#if FUZZING
/// SwiftPM points `main` at `<module>_main`: with libFuzzer linked in, that is libFuzzer's driver.
@_cdecl("FuzzSCIM_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    LibFuzzer.run(argc, argv, FuzzTargets.scim)
}
#else
/// Without libFuzzer: `FuzzSCIM file…` replays inputs.
@main
struct FuzzSCIM {
    static func main() {
        Replay.run(FuzzTargets.scim, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
