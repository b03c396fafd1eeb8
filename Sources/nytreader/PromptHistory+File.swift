import ReaderConfig
import ReaderViewModel

extension PromptHistory {
    /// The history `file` holds (empty when it cannot be read).
    init(file: HistoryFile) {
        let stored = file.read()
        self.init(Dictionary(uniqueKeysWithValues: PromptKind.allCases.map { ($0, stored[$0.rawValue] ?? []) }))
    }

    /// The entries by prompt name, as `HistoryFile` writes them.
    var byName: [String: [String]] {
        Dictionary(uniqueKeysWithValues: PromptKind.allCases.map { ($0.rawValue, entries(for: $0)) })
    }
}
