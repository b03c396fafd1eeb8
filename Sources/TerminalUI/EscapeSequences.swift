/// Escape sequences that curses did not make into keys, read as one key or none instead of as the keys of
/// their bytes. Curses knows the sequences of `TERM`'s terminfo entry; any other (Ctrl-Up under
/// `TERM=screen`, the keypad, a terminal's late answer to the device attributes query the reader sends at
/// start, an OSC colour answer, an arrow split across two reads by a slow link) reached the reader as
/// Escape, `[` or `O` and a final byte, each a key: the `A` of Ctrl-Up marked every article read, the `q`
/// of the keypad's 1 quit. A sequence that names a key the reader has (an arrow with modifiers, Home and
/// End in their rxvt and console forms, the keypad's Enter) is that key; any other is left out.
///
/// Escape followed by an introducer (`[`, `O`, `]`, `P`, `_`, `^`) in the same read is a sequence: a person
/// pressing Escape then `[` never sends both at once; Escape and another character read together are Alt and that
/// character. Escape read together with an arrow, Home, End, a page key or Enter (curses' or a sequence's: rxvt
/// sends Alt-← as `ESC ESC [ D`) is that key alone, as xterm's Alt-← (`ESC [ 1;3D`) is: in a prompt it was Esc,
/// which dropped what was typed. An Escape that ends a read is the Esc key; when the next read, within
/// `continuationWindow`, starts with the rest of a sequence that names a key (`[A`, `O`, `A`), it is taken for the
/// end of a sequence split by the link; anything else there (a key bound to `O` pressed just after Esc) is keys. A
/// sequence begun in one read goes on in the next within the window. A resize or a mouse report among the keys of a
/// sequence goes through without ending it.
struct EscapeSequences {
    /// How long after a read that ended inside a sequence (or with Escape) the next read may continue it.
    static let continuationWindow: Duration = .milliseconds(300)
    /// The most keys a sequence holds: past it, what follows is keys again.
    static let longest = 512

    private enum State: Equatable {
        case ground
        /// Escape read; `sent` once it was handed on as the Esc key (it ended a read).
        case escape(sent: Bool)
        /// `ESC [` and the parameter and intermediate bytes so far.
        case controlSequence(parameters: String)
        /// `ESC O`: the next key ends it.
        case singleShift
        /// Keys that end a sequence whatever they are: the one after the Linux console's `ESC [ [` (F1 to
        /// F5), the three of an X10 mouse report after `ESC [ M`.
        case skipping(Int)
        /// `ESC ]`, `P`, `_` or `^`: a string, ended by BEL or `ESC \`.
        case string(afterEscape: Bool)
    }

    private var state = State.ground
    private var length = 0
    /// An Escape read just before the key or sequence now being read (`ESC ESC [ D`, or Escape and a key
    /// curses made): Alt, or Esc when what follows is not a key that drops it (`dropsAlt`).
    private var altPending = false
    /// When the last read ended inside a sequence.
    private var pendingSince: ContinuousClock.Instant?

    /// The keys of `batch` (the keys waiting together, read at `now`) with the escape sequences among them
    /// made into the keys they name, or left out.
    mutating func keys(from batch: [Key], at now: ContinuousClock.Instant = .now) -> [Key] {
        if let pendingSince, now - pendingSince > Self.continuationWindow { state = .ground }
        if state == .escape(sent: true) {
            // A resize or a mouse report goes through (`take`); the keys after them decide.
            let rest = batch.filter { !Self.passesThrough($0) }
            if !rest.isEmpty, !Self.endsNamedSequence(rest) { state = .ground }
        }
        pendingSince = nil
        var keys: [Key] = []
        keys.reserveCapacity(batch.count)
        for key in batch {
            take(key, into: &keys)
        }
        switch state {
        case .ground:
            break
        case .escape(sent: false):
            emit(.escape, into: &keys)
            state = .escape(sent: true)
            pendingSince = now
        default:
            // An Escape before a sequence the read cut is the Esc key, as when it ends the read itself.
            handOnHeldEscape(into: &keys)
            pendingSince = now
        }
        return keys
    }

    private mutating func take(_ key: Key, into keys: inout [Key]) {
        guard !Self.passesThrough(key) else {
            keys.append(key)
            return
        }
        length += 1
        if length > Self.longest { state = .ground }
        switch state {
        case .ground:
            if key == .escape {
                begin(.escape(sent: false))
            } else {
                emit(key, into: &keys)
            }
        case .escape(let sent):
            switch key {
            case .character("["): begin(.controlSequence(parameters: ""))
            case .character("O"): begin(.singleShift)
            case .character("]"), .character("P"), .character("_"), .character("^"): begin(.string(afterEscape: false))
            case .character(let character) where !sent:
                state = .ground
                emit(.alt(character), into: &keys)
            case .backspace where !sent:
                state = .ground
                emit(.alt(Key.backspaceCharacter), into: &keys)
            default:
                // Unless the key (or the sequence it starts) drops Alt, this Escape is the Esc key; one
                // held before it is.
                if !sent {
                    handOnHeldEscape(into: &keys)
                    altPending = true
                }
                state = .ground
                take(key, into: &keys)
            }
        case .controlSequence(let parameters):
            guard let (character, isFinal) = Self.controlSequenceByte(key) else {
                // A control or a key inside a sequence ends it; the key is a key.
                state = .ground
                take(key, into: &keys)
                return
            }
            if !isFinal {
                state = .controlSequence(parameters: parameters + String(character))
            } else if parameters.isEmpty, character == "[" || character == "M" {
                state = .skipping(character == "[" ? 1 : 3)
            } else {
                state = .ground
                if let named = Self.controlSequenceKey(parameters: parameters, final: character) { emit(named, into: &keys) }
            }
        case .skipping(let count):
            state = count > 1 ? .skipping(count - 1) : .ground
        case .singleShift:
            state = .ground
            if case .character(let character) = key, let named = Self.singleShiftKey(final: character) { emit(named, into: &keys) }
        case .string(let afterEscape):
            switch key {
            case .control("g"):
                state = .ground
            case .character("\\") where afterEscape:
                state = .ground
            case .escape:
                state = .string(afterEscape: true)
            default:
                if afterEscape {
                    // An Escape that does not end the string starts what follows.
                    begin(.escape(sent: false))
                    take(key, into: &keys)
                } else {
                    state = .string(afterEscape: false)
                }
            }
        }
        // A sequence left out takes the Escape before it along (Alt and a key the reader does not have).
        if state == .ground { altPending = false }
    }

    /// Hands on `key`, after the Esc key when an Escape came just before it that it does not take as Alt.
    private mutating func emit(_ key: Key, into keys: inout [Key]) {
        if Self.dropsAlt(key) { altPending = false }
        handOnHeldEscape(into: &keys)
        keys.append(key)
    }

    /// Hands on the Escape held before the key being read (`altPending`), if any, as the Esc key.
    private mutating func handOnHeldEscape(into keys: inout [Key]) {
        guard altPending else { return }
        keys.append(.escape)
        altPending = false
    }

    /// Whether `key` with Alt is the key alone: the arrows, Home, End and the page keys, as with Shift or
    /// Ctrl (`KeyDecoder.modifiedKey`), and Enter (in a prompt, Esc then Enter dropped what was typed and
    /// opened the article selected).
    static func dropsAlt(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter: true
        default: false
        }
    }

    /// Whether `key` is curses' own (a resize, a mouse report): a sequence it lands in goes on after it.
    private static func passesThrough(_ key: Key) -> Bool {
        switch key {
        case .resize, .mouse: true
        default: false
        }
    }

    /// The character of a control sequence's byte after `ESC [`, and whether it ends the sequence (a final
    /// byte, not a parameter or intermediate one); nil for a key that cannot be in one.
    private static func controlSequenceByte(_ key: Key) -> (character: Character, isFinal: Bool)? {
        guard case .character(let character) = key, let byte = character.asciiValue, (0x20...0x7E).contains(byte) else { return nil }
        return (character, byte > 0x3F)
    }

    private mutating func begin(_ next: State) {
        if case .escape = next { length = 0 }
        state = next
    }

    /// The key a control sequence names: an arrow (with or without modifiers), Home, End, Page Up and
    /// Down in their `~` forms (xterm's, rxvt's, the Linux console's), Shift-Tab. Nil for any other.
    static func controlSequenceKey(parameters: String, final: Character) -> Key? {
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "Z": return .backTab
        case "~":
            switch parameters.split(separator: ";", omittingEmptySubsequences: false).first.map(String.init) ?? "" {
            case "1", "7": return .home
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// The key of `ESC O` and `final`: an arrow, Home, End, or a key of the keypad in its application mode
    /// (which curses turns on): Enter, the digits (`p` to `y`) and `* + , - . /`; nil for any other.
    static func singleShiftKey(final: Character) -> Key? {
        switch final {
        case "M": return .enter
        case "A", "B", "C", "D", "H", "F": return controlSequenceKey(parameters: "", final: final)
        default: return keypadCharacters[final].map { .character($0) }
        }
    }

    /// What the keypad's keys type, by the final character of their single-shift sequence.
    private static let keypadCharacters = Dictionary(uniqueKeysWithValues: zip("jklmnopqrstuvwxy", "*+,-./0123456789"))

    /// Whether `keys` begin with the rest of a control or single-shift sequence that names a key: what may
    /// follow, in the next read, an Escape already handed on as the Esc key.
    static func endsNamedSequence(_ keys: [Key]) -> Bool {
        switch keys.first {
        case .character("["):
            var parameters = ""
            for key in keys.dropFirst() {
                guard let (character, isFinal) = controlSequenceByte(key) else { return false }
                guard isFinal else {
                    parameters.append(character)
                    continue
                }
                return controlSequenceKey(parameters: parameters, final: character) != nil
            }
            return false
        case .character("O"):
            // The cursor keys only: `O` then `j` is as likely a key bound to O and j as the keypad's `*`.
            guard keys.count > 1, case .character(let final) = keys[1] else { return false }
            return "ABCDHF".contains(final)
        default:
            return false
        }
    }
}
