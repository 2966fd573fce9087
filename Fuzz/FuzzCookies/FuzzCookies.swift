import FuzzTargets

#if FUZZING
/// SwiftPM points `main` at `<module>_main`: with libFuzzer linked in, that is libFuzzer's driver.
@_cdecl("FuzzCookies_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    LibFuzzer.run(argc, argv, FuzzTargets.cookies)
}
#else
/// Without libFuzzer: `FuzzCookies file…` replays inputs.
@main
struct FuzzCookies {
    static func main() {
        Replay.run(FuzzTargets.cookies, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
