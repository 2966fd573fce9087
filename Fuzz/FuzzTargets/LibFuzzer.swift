#if FUZZING

/// Hands a target to libFuzzer's driver (bench/fuzz.sh builds with -sanitize=fuzzer,address -DFUZZING).
/// libFuzzer calls back through a C function, which cannot capture, so the target waits in `current`.
public enum LibFuzzer {
    nonisolated(unsafe) static var current: ([UInt8]) -> Void = { _ in }

    public static func run(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                           _ body: @escaping ([UInt8]) -> Void) -> Int32 {
        current = body
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
            LibFuzzer.current(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        }
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif
