import FoundationEssentials
import Glibc
import Logging
import NYTAPI
import NewsCore
import ReaderConfig
import ReaderService
import TerminalPictures
import TerminalUI

/// How this run shows articles' photos: the protocol the `images` setting and the terminal call for, the
/// size of a cell, and where the pictures come from.
enum PictureSetup {
    /// How long the terminal is given to answer the device attributes query.
    static let deviceAttributesTimeout: Duration = .milliseconds(100)

    /// The photo options for the reader on this terminal; nil for no photos. Asks the terminal only under
    /// `images = auto`, and only when the environment leaves the answer open (`askTerminal`).
    static func options(settings: Settings, environment: [String: String]) -> PictureOptions? {
        let setting = settings.images.value
        guard let graphicsProtocol = pictureProtocol(setting, environment: environment, askTerminal: askTerminal) else {
            return nil
        }
        let window = try? TerminalWindowSize.read(descriptor: STDOUT_FILENO)
        return PictureOptions(
            graphicsProtocol: graphicsProtocol, cellSize: window.map(CellSize.init(window:)) ?? .fallback,
            heightPercent: settings.imageHeightPercent.value)
    }

    /// The protocol for `setting` in `environment`. The terminal's device attributes (`askTerminal`) are
    /// asked for only when they could change the choice: `auto`, and nothing in the environment decided.
    static func pictureProtocol(
        _ setting: PictureSetting, environment: [String: String], askTerminal: () -> DeviceAttributes?
    ) -> PictureProtocol? {
        let unasked = PictureProtocol.choose(setting: setting, environment: environment, deviceAttributes: nil)
        let withSixels = PictureProtocol.choose(setting: setting, environment: environment, deviceAttributes: sixelAnswer)
        guard unasked != withSixels else { return unasked }
        return PictureProtocol.choose(setting: setting, environment: environment, deviceAttributes: askTerminal())
    }

    /// An answer that lists sixels: the choice it makes differs from none only when the answer matters.
    private static let sixelAnswer = DeviceAttributes(answer: Array("\u{1B}[?62;4c".utf8))

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
    /// `--offline` (or, with a loopback `--api-base-url`, from that server), each request logged.
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
        return PhotoService(client: client, cache: cache, log: { logger.warning("\($0)") })
    }
}
