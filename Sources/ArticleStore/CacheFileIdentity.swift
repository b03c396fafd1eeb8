import Glibc
import NewsCore

/// The file a cache was opened as (its device and inode), to tell when its path no longer leads to it: the
/// file deleted, or another moved in its place (a backup restored, a cron job's new cache) while a reader
/// has it open. What is written then goes to a file nobody will open again.
struct CacheFileIdentity: Sendable {
    let path: String
    private let device: UInt
    private let inode: UInt

    /// The identity of the file at `path` now; nil when it cannot be looked at.
    init?(path: String) {
        var information = stat()
        guard stat(path, &information) == 0 else { return nil }
        self.path = path
        device = UInt(information.st_dev)
        inode = UInt(information.st_ino)
    }

    /// Throws `replaced` when `path` no longer leads to the file opened (gone, or another file).
    func ensureInPlace() throws(StoreError) {
        var information = stat()
        guard stat(path, &information) == 0 else {
            throw StoreError(.replaced, path: path, cause: "the file is gone (\(String(cString: strerror(errno))))")
        }
        guard UInt(information.st_dev) == device, UInt(information.st_ino) == inode else {
            throw StoreError(.replaced, path: path, cause: "another file is at the path")
        }
    }
}
