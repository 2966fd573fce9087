import FuzzTargets

#if FUZZING
/// libFuzzer calls this for each input it tries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTargets.hostAndAddresses(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// SwiftPM points `main` at `<module>_main`; here that hands over to libFuzzer's own driver.
@_cdecl("FuzzHostAndAddresses_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzOneInput)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#else
/// Without libFuzzer: `FuzzHostAndAddresses -seconds 600` runs the plain driver; `FuzzHostAndAddresses file…` replays.
@main
struct FuzzHostAndAddresses {
    static func main() {
        MutationFuzzer.run(name: "HostAndAddresses", body: FuzzTargets.hostAndAddresses, arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
#endif
