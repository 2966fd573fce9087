import FuzzTargets

#if FUZZING
/// SwiftPM points `main` at `<module>_main`: with libFuzzer linked in, that is libFuzzer's driver.
@_cdecl("FuzzFormDecoding_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    LibFuzzer.run(argc, argv, FuzzTargets.formDecoding)
}
#else
/// Without libFuzzer: `FuzzFormDecoding file…` replays inputs.
@main
struct FuzzFormDecoding {
    static func main() {
        Replay.run(FuzzTargets.formDecoding, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
