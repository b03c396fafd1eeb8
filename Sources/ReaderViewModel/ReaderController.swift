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
    private let saveHistory: ((PromptHistory) -> Void)?
    private var refreshTask: Task<Void, Never>?
    private var pagingTask: Task<Void, Never>?
    /// The followed feeds' refresh (`R`), while it runs.
    private var followedTask: Task<Void, Never>?
    private let photos: (any PhotoServing)?
    private let prefetchesPhotos: Bool
    private var photoTask: Task<Void, Never>?
    private let outsideChanges = OutsideChanges()
    private let writeLane = WriteLane()
    private let unsaved = UnsavedChanges()

    /// - Parameters:
    ///   - wake: called from any thread when an answer is waiting; the UI then calls `drainInbox()`.
    ///   - openURL: starts the person's browser on a URL without waiting for it; false when there is none.
    ///   - copyLink: puts a link on the clipboard; nil when copying is turned off.
    ///   - photos: the articles' pictures; nil shows none.
    ///   - prefetchesPhotos: whether a refresh also fetches its articles' photos ahead of time.
    ///   - saveHistory: keeps the prompts' entries for the next run; nil keeps them for this run only.
    public init(
        viewModel: ReaderViewModel,
        service: any ReaderServing,
        openURL: @escaping (String) -> Bool = { _ in false },
        copyLink: ((String) -> Bool)? = nil,
        photos: (any PhotoServing)? = nil,
        prefetchesPhotos: Bool = false,
        saveHistory: ((PromptHistory) -> Void)? = nil,
        wake: @escaping @Sendable () -> Void
    ) {
        self.viewModel = viewModel
        self.service = service
        self.photos = photos
        self.prefetchesPhotos = prefetchesPhotos
        self.openURL = openURL
        self.copyLink = copyLink
        self.saveHistory = saveHistory
        self.inbox = EventInbox(wake: wake)
    }

    /// Takes the service's waits for the spacing between requests (its `onRequestWait`), from any thread: the
    /// status line then counts down the wait a refresh under way has come to.
    public var requestWaits: @Sendable (_ api: String, _ wait: Duration) -> Void {
        { [inbox] api, wait in inbox.post(.requestWaiting(api: api, until: Date().addingTimeInterval(wait.seconds))) }
    }

    deinit {
        refreshTask?.cancel()
        pagingTask?.cancel()
        followedTask?.cancel()
        photoTask?.cancel()
    }

    public var state: ReaderState { viewModel.state }

    /// Stops the work under way that changes nothing (refreshes, the followed feeds' refresh, paging: a
    /// refresh stopped before its write writes nothing) and returns once every change already asked for is
    /// in the cache, or failed: the reader calls it before it exits, however it exits. Returns why the
    /// changes that failed meanwhile could not be written (the screen has closed: nobody saw them fail).
    @discardableResult
    public func finishWrites() async -> [ServiceError] {
        unsaved.close()
        refreshTask?.cancel()
        pagingTask?.cancel()
        followedTask?.cancel()
        photoTask?.cancel()
        await writeLane.finish()
        return unsaved.all
    }

    /// Starts the reader; `warnings` join the config file's problems (the help lists them, a notice counts
    /// them).
    public func start(addingWarnings warnings: [String] = []) {
        viewModel.state.configWarnings += warnings
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

    /// The interrupt key (Ctrl-C unless rebound): quits from anywhere, the help included.
    public func interrupt() {
        viewModel.interrupt()
    }

    /// A key typed into the search field.
    public func send(_ edit: TextEdit) {
        run(viewModel.edit(edit))
    }

    /// A key in the trend overlay.
    public func send(_ key: TrendOverlayKey) {
        run(viewModel.handle(key))
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

    /// What the detail pane's picture needs, or nil when it shows none; ignored without a photo service.
    public func setPhotoTarget(_ target: PhotoTarget?) {
        guard photos != nil, target != viewModel.photoTarget else { return }
        viewModel.setPhotoTarget(target)
        run([])
    }

    /// How far the help can scroll at the screen's size, and how many of its lines show.
    public func setHelpScrollLimit(_ limit: Int, height: Int) {
        viewModel.setHelpScrollLimit(limit, height: height)
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
            do throws(ServiceError) {
                let count = try await service.outsideChangeCount()
                if outsideChanges.finish(with: count) { inbox.post(.cacheChangedElsewhere) }
            } catch {
                // The cache file moved or replaced under the reader is said; other failures wait for a read.
                _ = outsideChanges.finish(with: nil)
                if case .cache(let failure) = error, failure.code == .replaced { inbox.post(.cacheFailed(error)) }
            }
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

    /// Runs `effects`, then those that bring the photo in line with the selection they may have moved.
    private func run(_ effects: [Effect]) {
        for effect in effects {
            perform(effect)
        }
        for effect in viewModel.photoEffects() {
            perform(effect)
        }
    }

    private func perform(_ effect: Effect) {
        let service = self.service
        let inbox = self.inbox
        switch effect {
        case .checkRefresh:
            Task { inbox.post(.refreshBlocker(await service.refreshBlocker())) }
        case .refreshIfStale(let feed, let maximumAge):
            Task { inbox.post(.staleness(feed, isStale: await service.needsRefresh(feed, olderThan: maximumAge))) }
        case .refreshFollowed(let feeds):
            followedTask?.cancel()
            let photos = prefetchesPhotos ? self.photos : nil
            let target = viewModel.photoTarget
            followedTask = Task {
                let refreshed = await FollowedRefresh.run(feeds, with: service, posting: inbox)
                // The photos once every feed is in: they are no reason to keep the next feed waiting.
                guard let photos, let target else { return }
                for (feed, count) in refreshed where !Task.isCancelled {
                    await PhotoPrefetch.run(feed, count: count, target: target, service: service, photos: photos)
                }
            }
        case .stopFollowedRefresh:
            followedTask?.cancel()
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
                .pickerFeedsLoaded(
                    searches: try await service.searchFeeds(), archive: try await service.archiveFeeds(),
                    counts: try await service.feedCounts()
                )
            }
        case .loadCounts(let feed):
            cacheTask(inbox) { () throws(ServiceError) in
                .countsLoaded(feed, try await service.status(of: feed), try await service.feedCounts())
            }
        case .forget(let feed):
            write(inbox) { () throws(ServiceError) in
                try await service.forget(feed)
                return .forgotten(feed)
            }
        case .search(let text, let feed):
            cacheTask(inbox) { () throws(ServiceError) in
                .searchFinished(text, in: feed, try await service.search(text, in: feed, limit: ReaderViewModel.searchLimit).map(\.entry))
            }
        case .saveHistory(let history):
            saveHistory?(history)
        case .loadTrend(let query):
            // Counting reads the archive's indexes on one of the store's reading threads; the screen goes on.
            Task {
                do throws(ServiceError) {
                    inbox.post(.trendLoaded(query, try await service.trend(query)))
                } catch {
                    inbox.post(.trendFailed(query, error))
                }
            }
        case .findNextUnread(let feed, let position):
            cacheTask(inbox) { () throws(ServiceError) in
                .nextUnreadFound(feed, after: position, try await service.nextUnread(in: feed, after: position))
            }
        case .markAllRead(let feed, let shown):
            write(inbox) { () throws(ServiceError) in
                try await service.markAllRead(in: feed, asShown: shown) ? .allMarkedRead(feed) : .changedBeforeMarkingRead(feed)
            }
        case .setRead(let id, let isRead):
            write(inbox, undone: .markNotWritten(id, read: !isRead, saved: nil)) { () throws(ServiceError) in
                try await service.setRead(id, isRead)
                return .readMarksWritten
            }
        case .setSaved(let id, let isSaved):
            write(inbox, undone: .markNotWritten(id, read: nil, saved: !isSaved)) { () throws(ServiceError) in
                try await service.setSaved(id, isSaved)
                return .savedWritten(saved: isSaved)
            }
        case .openURL(let url):
            run(viewModel.apply(.browserFinished(url: url, opened: openURL(url))))
        case .copyLink(let url):
            run(viewModel.apply(.linkCopied(url: url, copied: copyLink.map { $0(url) })))
        case .loadFeed(let feed, let filter, let anchor):
            Task {
                do throws(ServiceError) {
                    let status = try await service.status(of: feed)
                    let rows = filter.unreadOnly ? try await service.count(in: feed, filter: filter) : status.count
                    var position: Int? = nil
                    if let anchor {
                        position = try await service.position(of: anchor, in: feed, filter: filter)
                    }
                    inbox.post(.feedLoaded(feed, status, filter: filter, rowCount: rows, anchorPosition: position))
                } catch {
                    inbox.post(.cacheFailed(error))
                }
            }
        case .loadEntries(let feed, let filter, let range, let generation):
            Task {
                do throws(ServiceError) {
                    let entries = try await service.entries(in: feed, range: range, filter: filter)
                    inbox.post(
                        .entriesLoaded(
                            feed, ArticleWindow(start: range.lowerBound, entries: entries), requested: range, generation: generation))
                } catch {
                    inbox.post(.cacheFailed(error))
                }
            }
        case .refresh(let feed):
            refreshTask?.cancel()
            let photos = prefetchesPhotos ? self.photos : nil
            let target = viewModel.photoTarget
            refreshTask = Task {
                let wait = await service.requestWait(for: feed)
                if wait > .zero { inbox.post(.refreshWaiting(feed, until: Date().addingTimeInterval(wait.seconds))) }
                let outcome = await service.refresh(feed)
                inbox.post(.refreshFinished(feed, outcome))
                if let photos, let target, outcome.changes != nil {
                    await PhotoPrefetch.run(feed, count: outcome.status.count, target: target, service: service, photos: photos)
                }
            }
        case .loadPhoto(let id, let address, let rest):
            photoTask?.cancel()
            guard let photos else { return }
            photoTask = Task {
                do { try await Task.sleep(for: rest) } catch { return }
                let result: Result<[UInt8], PhotoFailure>
                do throws(PhotoFailure) {
                    result = .success(try await photos.photo(at: address))
                } catch {
                    result = .failure(error)
                }
                guard !Task.isCancelled else { return }
                inbox.post(.photoLoaded(id, address: address, result))
            }
        case .cancelPhoto:
            photoTask?.cancel()
            photoTask = nil
        }
    }
}

/// The photos a refresh fetches ahead of time (`prefetch_images`).
public enum PhotoPrefetch {
    /// The most articles of a feed whose photos are fetched.
    public static let articles = 100

    /// Fetches the photos of the first articles of `feed` (of `count`), in the crop `target` needs;
    /// returns how many were fetched (those kept before are not asked again).
    @discardableResult
    public static func run(
        _ feed: Feed, count: Int, target: PhotoTarget, service: any ReaderServing, photos: any PhotoServing
    ) async -> Int {
        guard let entries = try? await service.entries(in: feed, range: 0..<min(count, articles), filter: .all) else { return 0 }
        let addresses = entries.compactMap { $0.article.photo?.crop(covering: target.width, target.height).url }
        return await photos.prefetch(addresses)
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

    /// Queues a change to the cache after those asked before it, and posts its answer (if any), or the failure
    /// (after `undone`, what the screen shows again of a change drawn before it was written).
    private func write(
        _ inbox: EventInbox, undone: ServiceEvent? = nil, _ body: @escaping @Sendable () async throws(ServiceError) -> ServiceEvent?
    ) {
        let unsaved = self.unsaved
        writeLane.add {
            do throws(ServiceError) {
                if let event = try await body() { inbox.post(event) }
            } catch {
                unsaved.record(error)
                if let undone { inbox.post(undone) }
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
