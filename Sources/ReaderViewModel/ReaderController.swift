import FoundationEssentials
import NewsCore
import ReaderService
import Synchronization

/// Runs the view-model: feeds it actions on the UI's thread, runs its effects against the service
/// in the background, and hands the answers back through an inbox the UI drains.
public final class ReaderController {
    public private(set) var viewModel: ReaderViewModel
    private let service: any ReaderServing
    private let inbox: EventInbox
    private let openURL: (String) -> Bool
    private let copyLink: ((String) -> Bool)?
    private var refreshTask: Task<Void, Never>?
    private var pagingTask: Task<Void, Never>?
    private let outsideChanges = OutsideChanges()
    private let writeLane = WriteLane()

    /// - Parameters:
    ///   - wake: called from any thread when an answer is waiting; the UI then calls `drainInbox()`.
    ///   - openURL: starts the person's browser on a URL without waiting for it; false when there is none.
    ///   - copyLink: puts a link on the clipboard; nil when copying is turned off.
    public init(
        viewModel: ReaderViewModel,
        service: any ReaderServing,
        openURL: @escaping (String) -> Bool = { _ in false },
        copyLink: ((String) -> Bool)? = nil,
        wake: @escaping @Sendable () -> Void
    ) {
        self.viewModel = viewModel
        self.service = service
        self.openURL = openURL
        self.copyLink = copyLink
        self.inbox = EventInbox(wake: wake)
    }

    deinit {
        refreshTask?.cancel()
        pagingTask?.cancel()
    }

    public var state: ReaderState { viewModel.state }

    /// Stops the work under way that changes nothing (refreshes, paging) and returns once every change
    /// already asked for is in the cache: the reader calls it before it exits, however it exits.
    public func finishWrites() async {
        refreshTask?.cancel()
        pagingTask?.cancel()
        await writeLane.finish()
    }

    public func start() {
        run(viewModel.start())
    }

    public func send(_ action: Action) {
        run(viewModel.handle(action))
    }

    /// A press of the first mouse button over `target`.
    public func click(_ target: PointerTarget) {
        run(viewModel.click(target))
    }

    /// A turn of the mouse wheel over `target`.
    public func wheel(_ target: PointerTarget, steps: Int) {
        run(viewModel.wheel(target, steps: steps))
    }

    /// A key the key map binds to no action.
    public func sendUnboundKey() {
        viewModel.handleUnboundKey()
    }

    /// A key typed into the search field.
    public func send(_ edit: TextEdit) {
        run(viewModel.edit(edit))
    }

    public func setListHeight(_ height: Int) {
        run(viewModel.setListHeight(height))
    }

    /// How many detail lines fit on screen: the page size of the focused detail.
    public func setDetailHeight(_ height: Int) {
        viewModel.setDetailHeight(height)
    }

    /// How many feeds the section picker shows at once: the page size of the picker.
    public func setPickerHeight(_ height: Int) {
        viewModel.setPickerHeight(height)
    }

    public func setDetailScrollLimit(_ limit: Int) {
        viewModel.setDetailScrollLimit(limit)
    }

    /// About once a second while the reader waits: lets the view-model refresh the feed on its own.
    public func tick() {
        run(viewModel.tick())
    }

    /// Asks whether another process changed the cache since the last time; when it did, the rows on
    /// screen are read again (the answer arrives through the inbox, like every other).
    public func checkForOutsideChanges() {
        guard outsideChanges.begin() else { return }
        let inbox = inbox
        let service = service
        let outsideChanges = outsideChanges
        Task {
            let count = try? await service.outsideChangeCount()
            if outsideChanges.finish(with: count) { inbox.post(.cacheChangedElsewhere) }
        }
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
        case .refreshIfStale(let feed):
            Task { inbox.post(.staleness(feed, isStale: await service.needsRefresh(feed))) }
        case .cancelRefresh:
            refreshTask?.cancel()
            refreshTask = nil
            pagingTask?.cancel()
            pagingTask = nil
        case .loadMore(let feed):
            pagingTask?.cancel()
            pagingTask = Task {
                let wait = await service.requestWait(for: feed)
                if wait > .zero {
                    inbox.post(.morePagesWaiting(feed, until: Date().addingTimeInterval(wait.seconds)))
                }
                inbox.post(.morePagesLoaded(feed, await service.loadMore(feed)))
            }
        case .loadPickerFeeds:
            cacheTask(inbox) { () throws(ServiceError) in
                .pickerFeedsLoaded(searches: try await service.searchFeeds(), archive: try await service.archiveFeeds())
            }
        case .forget(let feed):
            write(inbox) { () throws(ServiceError) in
                try await service.forget(feed)
                return .forgotten(feed)
            }
        case .search(let text):
            cacheTask(inbox) { () throws(ServiceError) in
                .searchFinished(text, try await service.search(text, limit: ReaderViewModel.searchLimit).map(\.entry))
            }
        case .findNextUnread(let feed, let position):
            cacheTask(inbox) { () throws(ServiceError) in
                .nextUnreadFound(feed, try await service.nextUnread(in: feed, after: position))
            }
        case .markAllRead(let feed):
            write(inbox) { () throws(ServiceError) in
                try await service.markAllRead(in: feed)
                return .allMarkedRead(feed)
            }
        case .setRead(let id, let isRead):
            write(inbox) { () throws(ServiceError) in
                try await service.setRead(id, isRead)
                return nil
            }
        case .setSaved(let id, let isSaved):
            write(inbox) { () throws(ServiceError) in
                try await service.setSaved(id, isSaved)
                return nil
            }
        case .openURL(let url):
            run(viewModel.apply(.browserFinished(url: url, opened: openURL(url))))
        case .copyLink(let url):
            run(viewModel.apply(.linkCopied(url: url, copied: copyLink.map { $0(url) })))
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
                    inbox.post(.cacheFailed(error))
                }
            }
        case .loadEntries(let feed, let range, let generation):
            Task {
                do throws(ServiceError) {
                    let entries = try await service.entries(in: feed, range: range)
                    inbox.post(
                        .entriesLoaded(
                            feed, ArticleWindow(start: range.lowerBound, entries: entries), requested: range, generation: generation))
                } catch {
                    inbox.post(.cacheFailed(error))
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

extension ReaderController {
    /// Runs a cache call in the background and posts its answer (if any), or the failure.
    private func cacheTask(_ inbox: EventInbox, _ body: @escaping @Sendable () async throws(ServiceError) -> ServiceEvent?) {
        Task {
            do throws(ServiceError) {
                if let event = try await body() { inbox.post(event) }
            } catch {
                inbox.post(.cacheFailed(error))
            }
        }
    }

    /// Queues a change to the cache after those asked before it, and posts its answer (if any), or the failure.
    private func write(_ inbox: EventInbox, _ body: @escaping @Sendable () async throws(ServiceError) -> ServiceEvent?) {
        writeLane.add {
            do throws(ServiceError) {
                if let event = try await body() { inbox.post(event) }
            } catch {
                inbox.post(.changeFailed(error))
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

/// The last count of outside changes seen, and whether a check is under way (one at a time).
final class OutsideChanges: Sendable {
    private let state = Mutex<(count: Int?, checking: Bool)>((nil, false))

    /// Starts a check; false when one is already under way.
    func begin() -> Bool {
        state.withLock { state in
            guard !state.checking else { return false }
            state.checking = true
            return true
        }
    }

    /// Ends a check with the count read (nil when it could not be); true when it differs from the last one.
    func finish(with count: Int?) -> Bool {
        state.withLock { state in
            state.checking = false
            guard let count else { return false }
            defer { state.count = count }
            return state.count.map { $0 != count } ?? false
        }
    }
}
