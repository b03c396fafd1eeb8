import ReaderViewModel

/// The keys of every prompt's line editor (the live search, the NYT search, a question) beyond typing,
/// Backspace, Enter and Esc (`TerminalApp.filterEdit`): what each does, grouped as the help lists them.
/// `TerminalApp.lineEdit` reads its keys from here, so the help lists every key the prompts take. They
/// are not rebindable, so they have no `[keys]` names.
enum PromptKeys {
    /// One line of the help: the keys it shows, what they do, and every key it stands for.
    struct Group {
        /// The keys column of the help.
        let keys: String
        let summary: String
        /// Each key the group stands for, and its edit.
        let bindings: [(key: Key, edit: TextEdit)]
    }

    static let groups: [Group] = [
        Group(keys: "← →", summary: "a character back / on", bindings: [(.left, .moveLeft), (.right, .moveRight)]),
        Group(keys: "↑ ↓", summary: "earlier / later entries", bindings: [(.up, .previousEntry), (.down, .nextEntry)]),
        Group(keys: "Tab", summary: "in /: this feed or every article", bindings: [(.tab, .switchScope)]),
        Group(
            keys: "Home End", summary: "line start / end (Ctrl-A Ctrl-E)",
            bindings: [(.home, .moveToStart), (.control("a"), .moveToStart), (.end, .moveToEnd), (.control("e"), .moveToEnd)]),
        Group(
            keys: "Alt-b Alt-f", summary: "a word back / on",
            bindings: [(.alt("b"), .moveWordBackward), (.alt("f"), .moveWordForward)]),
        Group(
            keys: "Ctrl-W", summary: "delete the word before (Alt-Bksp)",
            bindings: [(.control("w"), .deleteWordBackward), (.alt(Key.backspaceCharacter), .deleteWordBackward)]),
        Group(keys: "Alt-d", summary: "delete the word after", bindings: [(.alt("d"), .deleteWordForward)]),
        Group(keys: "Ctrl-U", summary: "delete to the start", bindings: [(.control("u"), .deleteToStart)]),
    ]

    /// The edit of `key` among the groups' keys, or nil.
    static func edit(for key: Key) -> TextEdit? {
        editsByKey[key]
    }

    private static let editsByKey: [Key: TextEdit] = Dictionary(
        groups.flatMap(\.bindings).map { ($0.key, $0.edit) }, uniquingKeysWith: { first, _ in first })
}
