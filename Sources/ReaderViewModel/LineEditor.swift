/// One line of text with a cursor, edited as in a shell: insert at the cursor, move, delete back a
/// character, a word or to the start.
public struct LineEditor: Hashable, Sendable {
    public private(set) var characters: [Character] = []
    /// Characters before the cursor.
    public private(set) var cursor = 0
    /// The most characters the line takes (anything typed past it is dropped).
    public static let maximumLength = 200

    public init(_ text: String = "") {
        characters = Array(text.prefix(Self.maximumLength))
        cursor = characters.count
    }

    public var text: String { String(characters) }
    /// The text before the cursor and from it on.
    public var split: (before: String, after: String) {
        (String(characters[..<cursor]), String(characters[cursor...]))
    }

    /// Applies an editing key; false for the keys that do not edit the line (`submit`, `cancel`, the
    /// history's and the scope's).
    @discardableResult
    public mutating func apply(_ edit: TextEdit) -> Bool {
        switch edit {
        case .insert(let character):
            guard characters.count < Self.maximumLength, !character.isNewline else { return true }
            // A key may bring part of a character: a combining accent, a joiner or the person after it in an
            // emoji sequence, the second letter of a flag. The text is read again as characters, so that the
            // part joins the character before it, and Backspace or ← then take the whole.
            let before = String(characters[..<cursor]) + String(character)
            characters = Array(before + String(characters[cursor...]))
            cursor = min(before.count, characters.count)
        case .deleteBackward:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .moveLeft:
            cursor = max(0, cursor - 1)
        case .moveRight:
            cursor = min(characters.count, cursor + 1)
        case .moveToStart:
            cursor = 0
        case .moveToEnd:
            cursor = characters.count
        case .deleteToStart:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteWordBackward:
            let start = spaceSeparatedWordStart()
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .moveWordBackward:
            cursor = wordStart()
        case .moveWordForward:
            cursor = wordEnd()
        case .deleteWordForward:
            characters.removeSubrange(cursor..<wordEnd())
        case .submit, .cancel, .previousEntry, .nextEntry, .switchScope:
            return false
        }
        return true
    }

    /// Where the word before the cursor starts, words ending at spaces (Ctrl-W, as in a shell).
    private func spaceSeparatedWordStart() -> Int {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Where the word before the cursor starts, words made of letters and digits (readline's Alt-b).
    private func wordStart() -> Int {
        var start = cursor
        while start > 0, !Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        while start > 0, Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        return start
    }

    /// Where the word after the cursor ends, words made of letters and digits (readline's Alt-f, Alt-d).
    private func wordEnd() -> Int {
        var end = cursor
        while end < characters.count, !Self.isWordCharacter(characters[end]) { end += 1 }
        while end < characters.count, Self.isWordCharacter(characters[end]) { end += 1 }
        return end
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }
}
