import NewsCore

/// The keys in force for each action, as the hints name them (`? help  q quit`, `r refreshes`): the
/// terminal UI builds it from its key map, so a rebound action is named by its new key and an action
/// left without a key is not suggested.
public struct KeyHints: Hashable, Sendable {
    private var labels: [Action: String]

    /// - Parameter labels: the label of the first key bound to each action (`↑`, `Ctrl-Q`, `r`).
    public init(_ labels: [Action: String] = [:]) {
        self.labels = labels
    }

    /// The key that does `action`, when one does.
    public func key(_ action: Action) -> String? {
        labels[action]
    }

    /// `r refreshes`: the key and the words, or nil when no key does `action`.
    public func hint(_ action: Action, _ words: String) -> String? {
        key(action).map { "\($0) \(words)" }
    }

    /// The hints of `pairs` that have a key, two spaces apart: `? help  q quit`.
    public func line(_ pairs: [(Action, String)]) -> String {
        pairs.compactMap { hint($0.0, $0.1) }.joined(separator: "  ")
    }
}
