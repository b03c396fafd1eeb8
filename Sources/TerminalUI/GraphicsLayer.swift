import TerminalPictures

/// A picture drawn by a graphics protocol and where its top left cell is on screen.
struct GraphicsPlacement: Hashable {
    var picture: GraphicsPicture
    var row: Int
    var column: Int
}

/// The graphics picture on screen from frame to frame. Curses knows nothing of it: its escapes are
/// written past curses after the text is refreshed, with the cursor placed first and put back after, and
/// it is taken off when a frame no longer asks for it (another article, an overlay, a resize): kitty's
/// by an explicit delete, a sixel or iTerm2 picture by repainting the lines it covers.
struct GraphicsLayer {
    /// What the last frame showed.
    private(set) var shown: GraphicsPlacement?
    /// What the frame being drawn asks for (set while it is drawn, nil after an erase).
    var next: GraphicsPlacement?
    /// Set when the terminal was cleared (a resize, a resume): the picture is written again.
    var isStale = false

    /// What a frame's `present` does for the pictures.
    struct Update: Equatable {
        /// Written before the text is refreshed.
        var before: [UInt8] = []
        /// Lines repainted by the refresh whatever curses believes they show.
        var repaint: [Range<Int>] = []
        /// Written after the refresh.
        var after: [UInt8] = []
    }

    /// The update for the frame just drawn; from then on its picture is the one shown.
    mutating func update() -> Update {
        defer {
            shown = next
            isStale = false
        }
        guard next != shown || isStale else { return Update() }
        var update = Update()
        if let old = shown { update = removal(of: old) }
        if let new = next {
            update.after =
                Self.saveCursor + Self.moveCursor(row: new.row, column: new.column) + new.picture.escapes
                + Self.restoreCursor
        }
        return update
    }

    /// What takes the picture shown off the screen (when the reader stops), and forgets it.
    mutating func clear() -> [UInt8] {
        defer { shown = nil }
        guard let shown else { return [] }
        return removal(of: shown).before
    }

    private func removal(of placement: GraphicsPlacement) -> Update {
        switch placement.picture.graphicsProtocol {
        case .kitty:
            return Update(before: Self.kittyDeleteAll)
        case .sixel, .iterm, .symbols:
            return Update(repaint: [placement.row..<placement.row + placement.picture.box.rows])
        }
    }

    /// `ESC _ G a=d,d=A,q=2 ESC \`: deletes every kitty placement and its image, answering nothing.
    static let kittyDeleteAll: [UInt8] = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
    /// DECSC: keeps the cursor's place (curses counts on it).
    static let saveCursor: [UInt8] = [0x1B, 0x37]
    /// DECRC.
    static let restoreCursor: [UInt8] = [0x1B, 0x38]

    /// CUP to `row`, `column` (from 0).
    static func moveCursor(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
    }
}
