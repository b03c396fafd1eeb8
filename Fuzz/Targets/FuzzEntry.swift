#if FUZZING
    import Glibc

    // The entry points libFuzzer calls (the fuzz build links libFuzzer's own `main`). The target is chosen by
    // NYTREADER_FUZZ_TARGET; `Fuzz/run.sh` sets it.

    nonisolated(unsafe) private var selectedTarget: FuzzTarget?

    @_cdecl("LLVMFuzzerInitialize")
    func fuzzerInitialize(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> CInt {
        let name = getenv("NYTREADER_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        if name == "list" {
            for target in FuzzTarget.all { print(target.name) }
            exit(0)
        }
        guard let target = FuzzTarget.named(name) else {
            let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
            FuzzCheck.printError("nytreader-fuzz: set NYTREADER_FUZZ_TARGET to one of: \(names) (or list)\n")
            exit(2)
        }
        selectedTarget = target
        return 0
    }

    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        selectedTarget?.run(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }
#endif
