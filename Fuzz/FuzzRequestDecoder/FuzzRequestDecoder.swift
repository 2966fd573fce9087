import FuzzTargets

#if FUZZING
/// SwiftPM points `main` at `<module>_main`: with libFuzzer linked in, that is libFuzzer's driver.
@_cdecl("FuzzRequestDecoder_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    LibFuzzer.run(argc, argv, FuzzTargets.requestDecoder)
}
#else
/// Without libFuzzer: `FuzzRequestDecoder file…` replays inputs.
@main
struct FuzzRequestDecoder {
    static func main() {
        Replay.run(FuzzTargets.requestDecoder, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
