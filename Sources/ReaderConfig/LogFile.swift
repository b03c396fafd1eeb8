import FoundationEssentials
import NewsCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An append-only log file, private to its owner (0600, in a 0700 directory), shared by every logger of
/// the process. When the next line would take it past `maximumSize` bytes, the file becomes
/// `<name>.1` (replacing the previous one) and a new file starts. Secrets given to `redact(_:)` are
/// replaced by `<redacted>` in every line. The file is opened with `O_NOFOLLOW` and `O_CLOEXEC` and
/// must turn out to be a regular file of ours with no other name: a symbolic link, FIFO, device or hard
/// link planted at its path is left as it is and nothing is logged (`problem` says why). Thread-safe; it
/// never writes to the terminal.
public final class LogFile: Sendable {
    /// The file written to.
    public let url: URL
    /// The size past which the file is rotated.
    @_spi(Testing) public let maximumSize: Int

    private struct State {
        var descriptor: Int32 = -1
        var size = 0
        var secrets: [String] = []
        /// Set after a failure to open, so a broken log costs one attempt, not one per line.
        var unavailable = false
        /// Why nothing is logged.
        var problem: String?

        /// No more attempts to open the file, for `problem`.
        mutating func turnOff(problem: String) {
            unavailable = true
            self.problem = problem
        }
    }

    private let state = Mutex(State())

    /// Nothing is created until the first line is written.
    public init(url: URL, maximumSize: Int = 1_048_576) {
        self.url = url
        self.maximumSize = maximumSize
    }

    deinit {
        state.withLock { state in
            // Every line went out with its own write(2): a failing close loses none.
            if state.descriptor >= 0 { _ = close(state.descriptor) }
        }
    }

    /// The previous file, `<name>.1`.
    @_spi(Testing) public var rotatedURL: URL { url.appendingPathExtension("1") }

    /// Why nothing is logged, once the file was found unusable (by `check()` or on opening); else nil.
    public var problem: String? {
        state.withLock { $0.problem }
    }

    /// Looks at the log's path before anything is written, without creating anything: when something
    /// other than a regular file is there (a symbolic link, a directory, a FIFO), logging is turned off and
    /// the sentence saying so is returned, to be shown once. Opening checks again, whatever this found.
    public func check() -> String? {
        state.withLock { state in
            var information = stat()
            // Nothing there yet (or nothing that can be looked at): opening finds out.
            guard lstat(url.path, &information) == 0 else { return state.problem }
            let kind = information.st_mode & S_IFMT
            if kind == S_IFLNK {
                state.turnOff(problem: "not logging: \(url.path) is a symbolic link, which is left as it is; remove it to log again")
            } else if kind != S_IFREG {
                state.turnOff(problem: "not logging: \(url.path) is not a regular file")
            }
            return state.problem
        }
    }

    /// Replaces `secret` by `<redacted>` in every line written from now on.
    public func redact(_ secret: String) {
        guard !secret.isEmpty else { return }
        state.withLock { $0.secrets.append(secret) }
    }

    /// Appends `line` and a line break.
    public func write(_ line: String) {
        state.withLock { state in
            var text = line
            for secret in state.secrets {
                text = text.replacing(secret, with: "<redacted>")
            }
            let bytes = Array((text + "\n").utf8)
            followRotation(&state)
            if state.descriptor >= 0, state.size > 0, state.size + bytes.count > maximumSize {
                guard rotate(&state) else { return }
            }
            guard state.descriptor >= 0 || open(&state) else { return }
            do {
                try SystemCall.writeAll(bytes, to: state.descriptor)
                state.size += bytes.count
            } catch {
                // A line the disk cannot take (full, over quota) is lost: logging never stops the program,
                // and the next line tries again.
            }
        }
    }

    /// Keeps writing to the file at the log's path: another process using the same log (a cron `refresh`
    /// beside the open reader) may have rotated it, and the open file is then `<name>.1`, or gone. The file
    /// is closed when it is no longer the one at the path (the next line opens that one), and its size
    /// is what every process wrote to it, not this one's count.
    private func followRotation(_ state: inout State) {
        guard state.descriptor >= 0 else { return }
        if let opened = Self.status(of: state.descriptor, ifAt: url.path) {
            state.size = Int(opened.st_size)
            return
        }
        // Every line went out with its own write(2): a failing close loses none.
        _ = close(state.descriptor)
        state.descriptor = -1
    }

    /// The status of `descriptor` when it is the file at `path` (not one renamed or removed since it was
    /// opened); nil otherwise.
    private static func status(of descriptor: Int32, ifAt path: String) -> stat? {
        var atPath = stat()
        var opened = stat()
        guard lstat(path, &atPath) == 0, fstat(descriptor, &opened) == 0, atPath.st_dev == opened.st_dev,
            atPath.st_ino == opened.st_ino
        else { return nil }
        return opened
    }

    /// Closes the file and renames it `<name>.1`; false, with logging turned off, when it cannot be
    /// renamed (a directory in the way, say), since the file would only grow past its cap.
    private func rotate(_ state: inout State) -> Bool {
        let isAtPath = Self.status(of: state.descriptor, ifAt: url.path) != nil
        // Every line went out with its own write(2): a failing close loses none.
        _ = close(state.descriptor)
        state.descriptor = -1
        // Rotated by another process meanwhile: the next line opens the file at the path.
        guard isAtPath else { return true }
        do {
            try SystemCall.check("rename") { rename(url.path, rotatedURL.path) }
            return true
        } catch  where error.errno == ENOENT {
            return true
        } catch {
            state.turnOff(problem: "not logging: \(url.path) cannot become \(rotatedURL.lastPathComponent): \(error.reason)")
            return false
        }
    }

    private func open(_ state: inout State) -> Bool {
        guard !state.unavailable else { return false }
        do {
            try PrivateFiles.makeDirectory(url.deletingLastPathComponent().standardizedFileURL.path)
        } catch {
            state.turnOff(problem: "not logging: \(error)")
            return false
        }
        // Never through a symbolic link planted at the log's path, never blocking on a FIFO there, and not
        // inherited by the browser or any other child.
        let descriptor: Int32
        do {
            descriptor = try SystemCall.check("open") {
                Glibc.open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
            }
        } catch {
            let reason = error.errno == ELOOP ? "is a symbolic link, which is left as it is" : error.reason
            state.turnOff(problem: "not logging: \(url.path): \(reason)")
            return false
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG, opened.st_nlink == 1, opened.st_uid == geteuid() else {
            // Nothing was written to it: a failing close loses nothing.
            _ = close(descriptor)
            state.turnOff(problem: "not logging: \(url.path) is not a regular file of this user's with one name")
            return false
        }
        // A log left readable by others by an earlier version or another program becomes private, or is
        // not written to.
        if opened.st_mode & 0o077 != 0 {
            do {
                try SystemCall.check("fchmod") { fchmod(descriptor, 0o600) }
            } catch {
                _ = close(descriptor)  // nothing was written to it
                state.turnOff(problem: "not logging: \(url.path) is readable by others and cannot be made private: \(error.reason)")
                return false
            }
        }
        state.size = Int(opened.st_size)
        state.descriptor = descriptor
        // A file at its cap from an earlier run is rotated before the first line.
        if state.size >= maximumSize {
            return rotate(&state) && open(&state)
        }
        return true
    }
}
