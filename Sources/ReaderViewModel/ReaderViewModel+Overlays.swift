// Keys while the help or the section picker is open.
extension ReaderViewModel {
    /// A key bound to no action: it does nothing but close the help, which any key closes.
    public mutating func handleUnboundKey() {
        guard state.overlay == .help else { return }
        state.notice = nil
        state.overlay = nil
    }

    /// Keys act on the open overlay: the help closes on any key, the section picker moves and chooses.
    mutating func handle(_ action: Action, over overlay: Overlay) -> [Effect] {
        if action == .quit {
            state.isFinished = true
            return []
        }
        guard case .sectionPicker(let selection) = overlay else {
            state.overlay = nil
            return []
        }
        let feeds = ReaderState.pickableFeeds
        let page = state.pickerHeight
        var target = selection
        switch action {
        case .moveUp: target -= 1
        case .moveDown: target += 1
        case .pageUp: target -= page
        case .pageDown: target += page
        case .moveToFirst: target = 0
        case .moveToLast: target = feeds.count - 1
        case .focusDetail:
            state.overlay = nil
            return switchFeed(to: feeds[selection])
        case .help:
            state.overlay = .help
            return []
        case .focusList, .pickSection:
            state.overlay = nil
            return []
        default:
            return []
        }
        state.overlay = .sectionPicker(selection: min(max(0, target), feeds.count - 1))
        return []
    }
}
