import NewsCore

// The selected article's photo: asked for once the selection rests, dropped when it moves on.
extension ReaderViewModel {
    /// How long the selection must stay on an article before its photo is asked for: holding a key down
    /// moves it every 30–50 ms, so no row passed on the way starts a request.
    public static let photoRest: Duration = .milliseconds(150)

    /// Tells the view-model what the detail pane's picture needs, or nil when no picture is shown (pictures
    /// off, or a pane too small for one).
    public mutating func setPhotoTarget(_ target: PhotoTarget?) {
        photoTarget = target
    }

    /// Brings `state.photo` in line with the selected article: a new article (or a new crop of it) starts
    /// waiting and asks for its picture after the rest; none cancels what was asked. Run after everything
    /// that may change the selection, its article or the target.
    public mutating func photoEffects() -> [Effect] {
        guard let target = photoTarget, let entry = state.selectedEntry, let photo = entry.article.photo else {
            guard state.photo != nil else { return [] }
            state.photo = nil
            return [.cancelPhoto]
        }
        let crop = photo.crop(covering: target.width, target.height)
        if let slot = state.photo, slot.article == entry.id, slot.crop == crop {
            if slot.photo != photo { state.photo?.photo = photo }
            return []
        }
        state.photo = PhotoSlot(article: entry.id, photo: photo, crop: crop)
        return [.loadPhoto(entry.id, address: crop.url, after: Self.photoRest)]
    }

    /// The answer to `.loadPhoto`: kept when it is still the photo wanted.
    mutating func photoLoaded(_ id: ArticleID, address: String, _ result: Result<[UInt8], PhotoFailure>) -> [Effect] {
        guard let slot = state.photo, slot.article == id, slot.crop.url == address, slot.phase == .waiting else { return [] }
        switch result {
        case .success(let bytes): state.photo?.phase = .loaded(bytes)
        case .failure(.cancelled): break
        case .failure(let failure): state.photo?.phase = .failed(failure)
        }
        return []
    }
}
