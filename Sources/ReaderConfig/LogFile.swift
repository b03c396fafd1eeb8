import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An append-only log file, private to its owner (0600, in a 0700 directory), shared by every logger of
/// the process. When the next line would take it past `maximumSize` bytes, the file becomes
/// `<name>.1` (replacing the previous one) and a new file starts. Secrets given to `redact(_:)` are
/// replaced by `<redacted>` in every line. A symbolic link at its path is never followed (nothing is
/// logged then). Thread-safe; it never writes to the terminal.
public final class LogFile: Sendable {
    /// The file written to.
    public let url: URL
    /// The size past which the file is rotated.
    public let maximumSize: Int

    private struct State {
        var descriptor: Int32 = -1
        var size = 0
        var secrets: [String] = []
        /// Set after a failure to open, so a broken log costs one attempt, not one per line.
        var unavailable = false
    }

    private let state = Mutex(State())

    /// Nothing is created until the first line is written.
    public init(url: URL, maximumSize: Int = 1_048_576) {
        self.url = url
        self.maximumSize = maximumSize
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
        }
    }

    /// The previous file, `<name>.1`.
    public var rotatedURL: URL { url.appendingPathExtension("1") }

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
                text = text.replacingOccurrences(of: secret, with: "<redacted>")
            }
            let bytes = Array((text + "\n").utf8)
            if state.descriptor >= 0, state.size > 0, state.size + bytes.count > maximumSize {
                close(state.descriptor)
                state.descriptor = -1
                _ = rename(url.path, rotatedURL.path)
            }
            guard state.descriptor >= 0 || open(&state) else { return }
            let written = bytes.withUnsafeBytes { Glibc.write(state.descriptor, $0.baseAddress, $0.count) }
            if written > 0 { state.size += written }
        }
    }

    private func open(_ state: inout State) -> Bool {
        guard !state.unavailable else { return false }
        do {
            try PrivateFiles.makeDirectory(url.deletingLastPathComponent())
        } catch {
            state.unavailable = true
            return false
        }
        // Never through a symbolic link planted at the log's path: the log stays off instead.
        let descriptor = Glibc.open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            state.unavailable = true
            return false
        }
        var information = stat()
        state.size = fstat(descriptor, &information) == 0 ? Int(information.st_size) : 0
        state.descriptor = descriptor
        // A file at its cap from an earlier run is rotated before the first line.
        if state.size >= maximumSize {
            close(descriptor)
            state.descriptor = -1
            _ = rename(url.path, rotatedURL.path)
            return open(&state)
        }
        return true
    }
}
