import NewsCore

/// The selected article's photo as the detail pane shows it: which crop of it, and whether its bytes came.
public struct PhotoSlot: Hashable, Sendable {
    public var article: ArticleID
    /// The photo: its caption and credit, and the crops there are.
    public var photo: ArticlePhoto
    /// The crop asked for: the smallest that covers what the pane needs (`PhotoTarget`).
    public var crop: PhotoCrop
    public var phase: Phase

    public enum Phase: Hashable, Sendable {
        /// Asked for once the selection rests; not come yet.
        case waiting
        /// The picture's encoded bytes (a JPEG or PNG, still to be checked and drawn).
        case loaded([UInt8])
        case failed(PhotoFailure)
    }

    public init(article: ArticleID, photo: ArticlePhoto, crop: PhotoCrop, phase: Phase = .waiting) {
        self.article = article
        self.photo = photo
        self.crop = crop
        self.phase = phase
    }
}

/// The pixels the detail pane's picture needs, each way: the crop fetched is the smallest that covers them.
public struct PhotoTarget: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
