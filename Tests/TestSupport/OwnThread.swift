import NewsCore

/// Runs a test's blocking part (sleeps, waits for a child process or for another connection's lock) on a
/// thread of its own, so that it holds none of the few threads that run every other test's tasks: a
/// test that sleeps there for a minute would otherwise stall the tests waiting on the network beside it.
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let started = DetachedThread.start { continuation.resume(with: Result { try body() }) }
        if !started { continuation.resume(throwing: OwnThreadError.notStarted) }
    }
}

/// No thread could be started for the blocking part of a test.
public struct OwnThreadError: Error {
    static let notStarted = OwnThreadError()
}
