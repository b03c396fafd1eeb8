import Foundation
import NewsCore
import Synchronization
import Testing

/// Blocking work on threads of its own: in order on one thread, side by side on several, and the threads
/// gone with the queue.
@Suite("Work queues")
struct WorkQueueTests {
    @Test("One thread: 1,000 jobs run one at a time, in the order added")
    func inOrder() async {
        let queue = WorkQueue(threadCount: 1)
        let order = Mutex<[Int]>([])
        let running = Mutex(0)
        let overlapped = Mutex(false)
        for index in 0..<1_000 {
            queue.add {
                running.withLock { running in
                    running += 1
                    if running > 1 { overlapped.withLock { $0 = true } }
                }
                if index % 97 == 0 { usleep(200) }
                order.withLock { $0.append(index) }
                running.withLock { $0 -= 1 }
            }
        }
        await queue.run { () throws(Never) in }
        #expect(order.withLock { $0 } == Array(0..<1_000))
        #expect(!overlapped.withLock { $0 })
    }

    /// Jobs that each wait, up to 2 s, for another to be inside at the same time.
    final class Meeting: Sendable {
        private let state = Mutex((inside: 0, met: false))

        var met: Bool { state.withLock { $0.met } }

        func attend() -> Int {
            state.withLock { $0.inside += 1 }
            defer { state.withLock { $0.inside -= 1 } }
            let deadline = Date().addingTimeInterval(2)
            while Date() < deadline {
                let met = state.withLock { state in
                    if state.inside == 2 { state.met = true }
                    return state.met
                }
                if met { break }
                usleep(1_000)
            }
            return 1
        }
    }

    @Test("Two threads: two jobs run at once; the caller's task gets each result, or each error")
    func sideBySide() async throws {
        let queue = WorkQueue(threadCount: 2)
        let meeting = Meeting()
        async let first: Int = queue.run { () throws(Never) -> Int in meeting.attend() }
        async let second: Int = queue.run { () throws(Never) -> Int in meeting.attend() }
        #expect(await first + second == 2)
        #expect(meeting.met)
        struct Failure: Error, Equatable {}
        await #expect(throws: Failure()) { try await queue.run { () throws(Failure) -> Int in throw Failure() } }
    }

    @Test("The threads end once the queue is gone and its jobs have run")
    func threadsEnd() async throws {
        let ran = Mutex(0)
        let threads = Mutex<Set<String>>([])
        do {
            let queue = WorkQueue(threadCount: 3)
            for _ in 0..<30 {
                queue.add {
                    // `/proc/thread-self` names the thread running the job: `/proc/PID/task/TID`.
                    let thread = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? "?"
                    threads.withLock { _ = $0.insert("/proc/" + thread) }
                    ran.withLock { $0 += 1 }
                    usleep(1_000)
                }
            }
            await queue.run { () throws(Never) in }
        }
        let seen = threads.withLock { $0 }
        #expect(!seen.isEmpty && seen.count <= 3 && !seen.contains("/proc/?"))
        let deadline = Date().addingTimeInterval(10)
        while seen.contains(where: { FileManager.default.fileExists(atPath: $0) }), Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(seen.allSatisfy { !FileManager.default.fileExists(atPath: $0) }, "threads still running: \(seen)")
        #expect(ran.withLock { $0 } == 30)
    }

    /// An object a job holds, which knows when it is gone.
    final class Owner: Sendable {
        let queue = WorkQueue(threadCount: 1)
        let onDeinit: @Sendable () -> Void

        init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    @Test("A job that holds the queue's owner lets it go once it has run: the owner, its queue and threads end")
    func jobsLetGo() async throws {
        let gone = Mutex(false)
        let ran = Mutex(false)
        do {
            let owner = Owner { gone.withLock { $0 = true } }
            owner.queue.add { [owner] in
                _ = owner.queue
                ran.withLock { $0 = true }
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while !gone.withLock({ $0 }), Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(ran.withLock { $0 })
        #expect(gone.withLock { $0 }, "the job kept its owner after it ran")
    }
}
