import Foundation
import NewsCore
import ReaderService
import Synchronization

/// Runs the view-model: feeds it actions on the UI's thread, runs its effects against the service
/// in the background, and hands the answers back through an inbox the UI drains.
public final class ReaderController {
    public private(set) var viewModel: ReaderViewModel
    private let service: any ReaderServing
    private let inbox: EventInbox
    private var refreshTask: Task<Void, Never>?

    /// - Parameter wake: called from any thread when an answer is waiting; the UI then calls `drainInbox()`.
    public init(viewModel: ReaderViewModel, service: any ReaderServing, wake: @escaping @Sendable () -> Void) {
        self.viewModel = viewModel
        self.service = service
        self.inbox = EventInbox(wake: wake)
    }

    deinit {
        refreshTask?.cancel()
    }

    public var state: ReaderState { viewModel.state }

    public func start() {
        run(viewModel.start())
    }

    public func send(_ action: Action) {
        run(viewModel.handle(action))
    }

    public func setListHeight(_ height: Int) {
        run(viewModel.setListHeight(height))
    }

    public func setDetailScrollLimit(_ limit: Int) {
        viewModel.setDetailScrollLimit(limit)
    }

    /// Applies every answer that arrived; returns whether there was any.
    @discardableResult
    public func drainInbox() -> Bool {
        let events = inbox.takeAll()
        for event in events {
            run(viewModel.apply(event))
        }
        return !events.isEmpty
    }

    // MARK: - Effects

    private func run(_ effects: [Effect]) {
        for effect in effects {
            perform(effect)
        }
    }

    private func perform(_ effect: Effect) {
        let service = self.service
        let inbox = self.inbox
        switch effect {
        case .checkRefresh:
            Task { inbox.post(.refreshBlocker(await service.refreshBlocker())) }
        case .loadFeed(let feed, let anchor):
            Task {
                do throws(ServiceError) {
                    let status = try await service.status(of: feed)
                    var position: Int? = nil
                    if let anchor {
                        position = try await service.position(of: anchor, in: feed)
                    }
                    inbox.post(.feedLoaded(feed, status, anchorPosition: position))
                } catch {
                    inbox.post(.cacheFailed(error.description))
                }
            }
        case .loadEntries(let feed, let range, let generation):
            Task {
                do throws(ServiceError) {
                    let entries = try await service.entries(in: feed, range: range)
                    inbox.post(.entriesLoaded(feed, ArticleWindow(start: range.lowerBound, entries: entries), requested: range, generation: generation))
                } catch {
                    inbox.post(.cacheFailed(error.description))
                }
            }
        case .refresh(let feed):
            refreshTask?.cancel()
            refreshTask = Task {
                let outcome = await service.refresh(feed)
                inbox.post(.refreshFinished(feed, outcome))
            }
        }
    }
}

/// Answers waiting for the UI's thread.
final class EventInbox: Sendable {
    private let events = Mutex<[ServiceEvent]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    func post(_ event: ServiceEvent) {
        events.withLock { $0.append(event) }
        wake()
    }

    func takeAll() -> [ServiceEvent] {
        events.withLock { events in
            defer { events.removeAll(keepingCapacity: true) }
            return events
        }
    }
}
