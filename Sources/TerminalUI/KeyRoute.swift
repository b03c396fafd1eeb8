import NewsCore
import ReaderViewModel

/// Where a key read from the terminal goes in the reader's state (resize, suspend and the mouse aside,
/// which `TerminalApp` handles itself): the one routing both the reader and the key fuzz target apply.
public enum KeyRoute: Hashable, Sendable {
    /// A control key bound to quit (Ctrl-C unless rebound): the reader ends from anywhere.
    case interrupt
    /// An edit of the line being typed (a prompt, a question, the live search, the picker's filter).
    case edit(TextEdit)
    /// A key of the trend overlay that acts otherwise than its action (←/→, a letter bound to quit).
    case trend(TrendOverlayKey)
    /// The action the key is bound to.
    case action(Action)
    /// Nothing: a key bound to nothing, or one a question or prompt does not take.
    case ignored

    /// The route of `key` in `state` with the keys of `keyMap`. A question or the NYT prompt takes every
    /// key; the live search its editing keys, the picker's filter its typing keys (the arrows still move in
    /// the picker), the trend overlay its moving keys; the others act.
    public static func of(_ key: Key, in state: ReaderState, keyMap: KeyMap) -> KeyRoute {
        if case .control = key, keyMap.action(for: key) == .quit { return .interrupt }
        let takesEveryKey = state.confirmation != nil || state.prompt != nil
        if takesEveryKey || state.search?.isEditing == true, let edit = TerminalApp.lineEdit(for: key) {
            return .edit(edit)
        }
        if state.pickerFilter != nil, let edit = TerminalApp.filterEdit(for: key) { return .edit(edit) }
        if !takesEveryKey, case .trend = state.overlay, let trendKey = TerminalApp.trendKey(for: key, keyMap: keyMap) {
            return .trend(trendKey)
        }
        if let action = keyMap.action(for: key), !takesEveryKey || state.confirmation != nil { return .action(action) }
        return .ignored
    }
}
