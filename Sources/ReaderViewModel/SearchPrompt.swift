/// The NYT search prompt on the bottom line (`f`): the words and operators typed, and what was wrong
/// with the last Enter.
public struct SearchPrompt: Hashable, Sendable {
    public static let label = "Search the NYT: "

    public var editor = LineEditor()
    /// Why the last Enter did not search, shown after the text until the next edit.
    public var problem: String?
    /// Where ↑/↓ are in the prompt's history.
    var recall = HistoryCursor()

    public init(editor: LineEditor = LineEditor(), problem: String? = nil) {
        self.editor = editor
        self.problem = problem
    }
}
