import NYTAPI
import ReaderService
import Synchronization

/// Hands the service's waits for the spacing between requests to the reader's controller, which is made
/// after the service: waits before then go nowhere (the reader checks the wait itself before each refresh).
final class RequestWaitRelay: Sendable {
    private let receiver = Mutex<(@Sendable (String, Duration) -> Void)?>(nil)

    /// The observer to give the service.
    var observer: RequestWaitObserver {
        { [self] api, wait, _ in receiver.withLock { $0 }?(api.rawValue, wait) }
    }

    /// From now on, the waits go to `target`.
    func forward(to target: @escaping @Sendable (String, Duration) -> Void) {
        receiver.withLock { $0 = target }
    }
}
