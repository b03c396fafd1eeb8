import Glibc

/// A C library or system call that failed: which call, and the `errno` it left.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call as its manual page names it, with what it was called on when that helps (`pipe`,
    /// `sigaction SIGINT`, `mkdir /home/ann/.cache`).
    public let call: String
    /// The error number (`ENOENT`, `EMFILE`…).
    public let errno: Int32

    public init(_ call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// What the error number means, e.g. `No such file or directory`.
    public var reason: String {
        // glibc's strerror returns a constant string for every known number (a buffer of this thread's
        // for an unknown one), so it is safe from any thread.
        String(cString: strerror(errno))
    }

    /// `pipe: Too many open files`.
    public var description: String { "\(call): \(reason)" }
}

/// Runs C calls and turns their failures into `SystemCallError`s, so none is ignored by accident. Each
/// reads `errno` right after the call, before anything else can change it.
public enum SystemCall {
    /// Runs `body`, a call that returns -1 and sets `errno` when it fails (`open`, `fcntl`, `write`…);
    /// returns its result.
    @discardableResult
    @inline(never)
    public static func check<Result: SignedInteger & FixedWidthInteger>(
        _ call: @autoclosure () -> String, _ body: () -> Result
    ) throws(SystemCallError) -> Result {
        let result = body()
        guard result == -1 else { return result }
        throw SystemCallError(call(), errno: Glibc.errno)
    }

    /// `check`, calling again while a signal interrupts the call (`EINTR`).
    @discardableResult
    @inline(never)
    public static func retryingOnInterrupt<Result: SignedInteger & FixedWidthInteger>(
        _ call: @autoclosure () -> String, _ body: () -> Result
    ) throws(SystemCallError) -> Result {
        while true {
            let result = body()
            guard result == -1 else { return result }
            let number = Glibc.errno
            guard number == EINTR else { throw SystemCallError(call(), errno: number) }
        }
    }

    /// Runs `body`, a call that returns 0 or an error number instead of setting `errno` (`pthread_create`,
    /// `posix_spawn` and its helpers, the C shims of this program).
    @inline(never)
    public static func checkErrorNumber(_ call: @autoclosure () -> String, _ body: () -> Int32) throws(SystemCallError) {
        let number = body()
        guard number == 0 else { throw SystemCallError(call(), errno: number) }
    }

    /// Writes all of `bytes` to `descriptor`, going on after a partial write or a signal.
    public static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32) throws(SystemCallError) {
        var remaining = Array(bytes)[...]
        while !remaining.isEmpty {
            let written = try retryingOnInterrupt("write") {
                remaining.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            }
            // write(2) writes at least one byte of a non-empty buffer or fails; were it to write none,
            // stopping beats looping forever.
            guard written > 0 else { throw SystemCallError("write", errno: EIO) }
            remaining = remaining.dropFirst(written)
        }
    }
}
