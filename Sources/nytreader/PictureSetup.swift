import FoundationEssentials
import Glibc
import Logging
import NYTAPI
import NewsCore
import ReaderConfig
import ReaderService
import ReaderViewModel
import TerminalPictures
import TerminalUI

/// How this run shows articles' photos: the protocol the `images` setting and the terminal call for, the
/// size of a cell, and where the pictures come from.
enum PictureSetup {
    /// How long the terminal is given to answer the device attributes query.
    static let deviceAttributesTimeout: Duration = .milliseconds(100)

    /// The terminal size photos fetched ahead of time are chosen for when there is no terminal (cron).
    static let typicalScreen = ScreenSize(rows: 40, columns: 120)

    /// The photo options for the reader on this terminal; nil for no photos. Asks the terminal
    /// (`askTerminal`) only under `images = auto`, and only when the environment leaves the answer open.
    static func options(
        settings: Settings, environment: [String: String], askTerminal: () -> DeviceAttributes? = askTerminal
    ) -> PictureOptions? {
        let setting = settings.images.value
        guard let graphicsProtocol = PictureProtocol.choose(setting: setting, environment: environment, askTerminal: askTerminal) else {
            return nil
        }
        let window = try? TerminalWindowSize.read(descriptor: STDOUT_FILENO)
        return PictureOptions(
            graphicsProtocol: graphicsProtocol, cellSize: window.map(CellSize.init(window:)) ?? .fallback,
            heightPercent: settings.imageHeightPercent.value, namedBySetting: setting != .auto)
    }

    /// The pixels the reader's photos need on this terminal (on `typicalScreen` without one), for photos
    /// fetched ahead of time by `refresh`; nil when pictures are off. The terminal is not asked.
    static func prefetchTarget(settings: Settings, environment: [String: String]) -> PhotoTarget? {
        guard let options = options(settings: settings, environment: environment, askTerminal: { nil }) else { return nil }
        let window = isatty(STDOUT_FILENO) == 1 ? try? TerminalWindowSize.read(descriptor: STDOUT_FILENO) : nil
        let screen = window.map { ScreenSize(rows: $0.rows, columns: $0.columns) } ?? typicalScreen
        return options.photoTarget(onScreen: screen)
    }

    /// The controlling terminal's device attributes, or nil when it does not answer in time.
    static func askTerminal() -> DeviceAttributes? {
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return nil }
        defer { close(terminal) }
        return (try? DeviceAttributes.query(descriptor: terminal, timeout: deviceAttributesTimeout)) ?? nil
    }
}

extension Environment {
    /// The articles' pictures for this run: from the image cache, and from the NYT's image host unless
    /// `--offline` (or, with a loopback `--api-base-url`, from that server), each request logged; a picture
    /// that does not decode is not kept.
    func photoService(options: CommonOptions) -> PhotoService {
        let settings = self.settings
        let client =
            options.offline
            ? nil
            : PhotoClient(
                transport: LoggingTransport(base: CurlTransport(maximumBodySize: PhotoClient.maximumBodySize), logger: logger),
                apiBaseURL: options.baseURL, timeout: settings.requestTimeoutSeconds.value)
        let cache = PhotoCache(directory: paths.imageCache.path, capacity: settings.imageCacheMegabytes.value << 20)
        let logger = self.logger
        return PhotoService(
            client: client, cache: cache, rejects: { PictureDecoder().rejects($0) }, log: { logger.warning("\($0)") })
    }
}
