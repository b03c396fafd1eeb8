/// Strings as a C array of NUL-terminated strings ending in a NULL entry: the shape of `argv` and `envp`
/// (`char *const []`) and of string lists in C interfaces (`const char *const *`). The copies live only
/// while the closure runs.
extension [String] {
    /// Runs `body` with the strings as `char *const []`, the way `posix_spawn` takes `argv` and `envp`.
    public func withCStringArray<Result>(
        _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) throws -> Result
    ) rethrows -> Result {
        // Swift's allocation, not strdup: it never hands back NULL, which would end the list early.
        let copies: [UnsafeMutablePointer<CChar>?] =
            map { string in
                let cString = string.utf8CString
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: cString.count)
                cString.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: $0.count) }
                return copy
            } + [nil]
        defer {
            for copy in copies { copy?.deallocate() }
        }
        return try copies.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// Runs `body` with the strings as `const char *const *` (the list ends in NULL too).
    public func withConstCStringArray<Result>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>) throws -> Result
    ) rethrows -> Result {
        try withCStringArray { pointers in
            // `char *` and `const char *` have one layout: the same array, read as constant strings.
            try pointers.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: count + 1) { try body($0) }
        }
    }
}
