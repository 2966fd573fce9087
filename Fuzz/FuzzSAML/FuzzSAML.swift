import FuzzTargets

#if FUZZING
/// SwiftPM points `main` at `<module>_main`: with libFuzzer linked in, that is libFuzzer's driver.
@_cdecl("FuzzSAML_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    LibFuzzer.run(argc, argv, FuzzTargets.saml)
}
#else
/// Without libFuzzer: `FuzzSAML file…` replays inputs.
@main
struct FuzzSAML {
    static func main() {
        Replay.run(FuzzTargets.saml, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
