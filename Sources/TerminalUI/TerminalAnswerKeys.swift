/// A terminal's answer to the device attributes query (`ESC [ ? 62 ; 4 c`), which the reader sends at start
/// to learn whether the terminal draws sixels. An answer that comes after the reader stopped waiting for it
/// (a slow link, a terminal busy starting) reaches curses as keys, Escape, `[`, `?`…: the `?` opened the
/// help. Such an answer is left out of the keys read together with it; a person typing Escape then `[`
/// never sends the whole sequence at once.
enum TerminalAnswerKeys {
    /// `keys`, read together, without the device attributes answers among them.
    static func removingAnswers(from keys: [Key]) -> [Key] {
        var kept: [Key] = []
        kept.reserveCapacity(keys.count)
        var index = keys.startIndex
        while index < keys.endIndex {
            if let end = answerEnd(in: keys, from: index) {
                index = end
            } else {
                kept.append(keys[index])
                index += 1
            }
        }
        return kept
    }

    /// The index after the answer that starts at `start`: Escape, `[`, `?`, digits and semicolons, `c`.
    private static func answerEnd(in keys: [Key], from start: Int) -> Int? {
        guard keys[start] == .escape, start + 3 < keys.endIndex, keys[start + 1] == .character("["),
            keys[start + 2] == .character("?")
        else { return nil }
        var index = start + 3
        while index < keys.endIndex, case .character(let character) = keys[index], character == ";" || ("0"..."9").contains(character) {
            index += 1
        }
        guard index > start + 3, index < keys.endIndex, keys[index] == .character("c") else { return nil }
        return index + 1
    }
}
