import CLibFuzzer
import Foundation

/// The function libFuzzer calls for every input. `-sanitize=fuzzer` pulls in libFuzzer's
/// own `main`, which needs this symbol to link, but SwiftPM makes this file's top-level
/// code the program's `main`, so that code hands control to libFuzzer's driver.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

// libFuzzer reads its options (-max_total_time=, -runs=, corpus folders…) from argv.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) })
