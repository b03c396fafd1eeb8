/// Why an article's photo is not shown, in terms every layer above the API client shares. Each is an
/// ordinary outcome for a picture from the network: the reader shows a one-line placeholder instead.
public enum PhotoFailure: Error, Hashable, Sendable {
    /// Offline (`--offline`, or no network by choice): the picture is not in the image cache.
    case notKept
    /// The address is not on the NYT's image host; nothing was asked.
    case refused
    /// The image host could not be reached: no network, its name not found, the connection refused or lost.
    case unreachable
    /// The transfer failed otherwise: timed out, a status other than 200, more than the cap.
    case notFetched
    /// The bytes are not a picture that can be drawn (not a JPEG or PNG, truncated, too many pixels).
    case unreadable
    /// The selection moved on before the picture came.
    case cancelled
    /// The picture libraries (libchafa, libjpeg-turbo, libpng) could not be loaded: not installed.
    case librariesMissing
}
