import ReaderService
import Synchronization

/// The changes that could not be written once the screen had closed: the reader writes what it showed
/// before it exits (`ReaderController.finishWrites`), and what fails then was seen failing by nobody, so
/// the command says so on its way out.
final class UnsavedChanges: Sendable {
    private let isClosing = Atomic<Bool>(false)
    private let failures = Mutex<[ServiceError]>([])

    /// From now on, failures are kept.
    func close() {
        isClosing.store(true, ordering: .releasing)
    }

    /// Keeps `failure` when the screen has closed.
    func record(_ failure: ServiceError) {
        guard isClosing.load(ordering: .acquiring) else { return }
        failures.withLock { $0.append(failure) }
    }

    /// The failures kept.
    var all: [ServiceError] { failures.withLock { $0 } }
}
