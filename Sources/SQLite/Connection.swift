import CSQLite

/// An open SQLite handle, closed when the last `Database` or `Statement` holding it goes: a statement
/// kept past its database still runs against an open connection instead of a closed one.
final class Connection {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        // Every statement of this connection is gone (each one holds it), so this closes it now.
        sqlite3_close_v2(handle)
    }
}
