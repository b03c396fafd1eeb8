import Glibc
import NewsCore

/// One archive month's import held by this process against every other process on the cache: a lock of
/// the month's byte in `<cache>-archive.lock` (an open file description lock, `F_OFD_SETLK`), let go when
/// released or when the process ends, however it ends. Two imports of one month at once would each
/// download it; the second waits for the first and then finds the month imported.
public final class ArchiveImportLock {
    /// What trying the lock found.
    public enum Attempt: Sendable {
        /// Held by this process now.
        case taken
        /// Another process holds it.
        case heldElsewhere
        /// Locks do not work on this file (a file system without them): the import goes on unguarded.
        case unavailable
    }

    private var descriptor: Int32
    private let offset: Int

    /// `F_OFD_SETLK` (Linux 3.15 and later, the same number on every architecture), which the Glibc
    /// module does not bring to Swift.
    private static let setOpenFileLock: Int32 = 37

    /// Opens the lock file beside the cache at `cachePath` (made 0600, never through a symbolic link);
    /// nil for a cache in memory, or a file that cannot be opened (the import then goes on unguarded).
    public init?(cachePath: String, month: ArchiveMonth) {
        guard cachePath != ":memory:" else { return nil }
        let descriptor = open(cachePath + "-archive.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        offset = month.year * 12 + month.month - 1
    }

    deinit {
        release()
    }

    /// Takes the month's lock unless another process holds it; does not wait.
    public func tryTake() -> Attempt {
        guard descriptor >= 0 else { return .unavailable }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = off_t(offset)
        lock.l_len = 1
        if fcntl(descriptor, Self.setOpenFileLock, &lock) == 0 { return .taken }
        return errno == EAGAIN || errno == EACCES ? .heldElsewhere : .unavailable
    }

    /// Lets the lock go (closing the file lets go of every lock taken through it).
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)  // a close that fails still frees the descriptor, and its locks with it
        descriptor = -1
    }
}

extension ArticleStore {
    /// The lock of `month`'s import on this cache; nil in memory or when its file cannot be opened.
    public func archiveImportLock(for month: ArchiveMonth) -> ArchiveImportLock? {
        ArchiveImportLock(cachePath: path, month: month)
    }
}
