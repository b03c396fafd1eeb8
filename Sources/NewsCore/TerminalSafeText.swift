/// The one rule for text that came from the network (or any other outside source) before it reaches an
/// output: the reader's screen, `list`/`search`/`show` lines, their `--json` strings, error messages and
/// the log file. What it removes:
///
/// - escape sequences whole: ESC with what follows it (CSI `ESC [`, string sequences OSC `ESC ]`, DCS
///   `ESC P`, SOS `ESC X`, PM `ESC ^`, APC `ESC _` up to BEL or ST, charset and other nF escapes, two-character
///   escapes), and the C1 forms (CSI U+009B, DCS U+0090, SOS U+0098, OSC U+009D, PM U+009E, APC U+009F);
/// - every other C0 control (U+0000–U+001F), DEL (U+007F) and C1 control (U+0080–U+009F); tab, line feed,
///   carriage return, vertical tab, form feed, NEL (U+0085) and the line and paragraph separators (U+2028,
///   U+2029) become a space, so one field stays one line;
/// - the bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), and
///   the invisible direction marks LRM, RLM (U+200E, U+200F) and ALM (U+061C). The marks are removed too:
///   they change nothing a terminal executes, but they move the neighbouring neutral characters (slashes,
///   dots, parentheses) to the other side, which is enough to make one address look like another; a
///   right-to-left headline still reads right to left without them.
///
/// Everything else is kept as it is, including zero-width joiners (emoji sequences), soft hyphens and
/// other invisible format characters, which neither move text nor drive the terminal. Encoding (JSON
/// escaping) is no substitute: `jq -r` turns an escaped `\u001b` back into ESC, so outputs remove these
/// scalars before they encode.
public struct TerminalSafeScalars: IteratorProtocol, Sequence {
    private var scalars: String.UnicodeScalarView.Iterator
    /// A scalar read past the end of a sequence that still has to be judged.
    private var pending: Unicode.Scalar?

    /// The safe scalars of `text`, made one at a time as they are asked for.
    public init(_ text: String) {
        scalars = text.unicodeScalars.makeIterator()
    }

    public mutating func next() -> Unicode.Scalar? {
        while let piece = nextPiece() {
            switch piece {
            case .kept(let scalar): return scalar
            case .lineBreak: return " "
            case .sequence, .control, .bidirectional: continue
            }
        }
        return nil
    }

    /// What the rule makes of the next scalar (or sequence) of the text.
    enum Piece {
        /// A scalar any output may show.
        case kept(Unicode.Scalar)
        /// Tab, line feed, carriage return, vertical tab, form feed, NEL, a line or paragraph separator.
        case lineBreak(Unicode.Scalar)
        /// A bidirectional control or mark.
        case bidirectional(Unicode.Scalar)
        /// An escape sequence, taken out whole.
        case sequence
        /// Any other control.
        case control
    }

    mutating func nextPiece() -> Piece? {
        guard let scalar = pending ?? scalars.next() else { return nil }
        pending = nil
        switch scalar.value {
        case 0x1B:  // ESC: drop the whole sequence it starts
            pending = skipEscapeSequence()
            return .sequence
        case 0x9B:  // CSI (C1)
            pending = skipControlSequence()
            return .sequence
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F:  // DCS, SOS, OSC, PM, APC (C1): skip to their terminator
            pending = skipString()
            return .sequence
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
            return .lineBreak(scalar)
        case 0x00..<0x20, 0x7F..<0xA0:
            return .control
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            return .bidirectional(scalar)  // bidirectional marks, embeddings, overrides and isolates
        default:
            return .kept(scalar)
        }
    }

    /// After ESC: skips a CSI (`ESC [`), a string sequence (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`)
    /// or a two-character escape. Returns a scalar read past the sequence that must still be handled.
    private mutating func skipEscapeSequence() -> Unicode.Scalar? {
        guard let next = scalars.next() else { return nil }
        switch next {
        case "[":
            return skipControlSequence()
        case "]", "P", "X", "^", "_":
            return skipString()
        case " "..."/":
            // nF escape: intermediates, then one final character
            while let scalar = scalars.next() {
                if !(" "..."/").contains(scalar) { return nil }
            }
            return nil
        default:
            return next.value < 0x20 ? next : nil
        }
    }

    /// Skips parameters and intermediates of a control sequence, and its final byte.
    private mutating func skipControlSequence() -> Unicode.Scalar? {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x20...0x3F: continue
            case 0x40...0x7E: return nil
            default: return scalar
            }
        }
        return nil
    }

    /// Skips an OSC/DCS-style string up to BEL, ST (`ESC \`) or the C1 ST.
    private mutating func skipString() -> Unicode.Scalar? {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C:
                return nil
            case 0x1B:
                guard let next = scalars.next() else { return nil }
                return next == "\\" ? nil : next
            default:
                continue
            }
        }
        return nil
    }
}

extension String {
    /// The text under the rule of `TerminalSafeScalars`: escape sequences, controls and bidirectional
    /// controls removed, tabs and line breaks made spaces. Every output path passes text from the
    /// network through this.
    public var terminalSafe: String {
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return self }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: TerminalSafeScalars(self))
        return String(result)
    }
}

/// Text from the network as a store keeps it: escape sequences taken out whole (a sequence such as
/// `ESC ] 2 ; title BEL` goes with its parameters, so none of it is left to show, and the text around it
/// joins as it would on a terminal), other controls taken out, a run of them between two words replaced by
/// one space (so `Ready\u{0}Set` stays two words for search), next to white space or at either end by
/// nothing. A line keeps no line break; a paragraph keeps its line feeds, every
/// other line break becomes a space. Bidirectional controls are kept: outputs remove them (`terminalSafe`).
public enum StoredText {
    /// A single-line field.
    public static func line(_ text: String) -> String {
        cleaned(text, keepingLineFeeds: false)
    }

    /// A paragraph: its line feeds kept.
    public static func paragraph(_ text: String) -> String {
        cleaned(text, keepingLineFeeds: true)
    }

    private static func cleaned(_ text: String, keepingLineFeeds: Bool) -> String {
        guard needsCleaning(text) else { return text }
        var kept = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        var inGap = false
        var pieces = TerminalSafeScalars(text)
        while let piece = pieces.nextPiece() {
            let scalar: Unicode.Scalar
            switch piece {
            case .kept(let kept), .bidirectional(let kept):
                scalar = kept
            case .lineBreak("\n") where keepingLineFeeds:
                scalar = "\n"
            case .lineBreak(let lineBreak) where keepingLineFeeds && lineBreak != "\r":
                scalar = " "
            case .lineBreak, .control:
                inGap = true
                continue
            case .sequence:
                continue
            }
            if inGap, let previous, !previous.properties.isWhitespace, !scalar.properties.isWhitespace {
                kept.append(" ")
            }
            inGap = false
            kept.append(scalar)
            previous = scalar
        }
        return String(kept)
    }

    /// Whether `text` holds a scalar `cleaned` changes: a C0 control, DEL, a C1 control, U+2028 or
    /// U+2029. Read as UTF-8 bytes (the C1 controls are C2 80 … C2 9F, the separators E2 80 A8 and
    /// E2 80 A9): nearly every text has none, and a byte scan finds that in a fraction of a scalar one.
    static func needsCleaning(_ text: String) -> Bool {
        let scanned = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] < 0xA0 { return true }
                if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 { return true }
                index += 1
            }
            return false
        }
        return scanned
            ?? text.unicodeScalars.contains {
                $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}"
            }
    }
}
