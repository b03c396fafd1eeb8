import NewsCore
import ReaderViewModel

/// Keys to actions: the defaults, which the config file's `[keys]` table may override.
public struct KeyMap: Sendable {
    private var bindings: [Key: Action]

    public init(bindings: [Key: Action] = KeyMap.defaultBindings) {
        self.bindings = bindings
    }

    /// Something wrong with one entry of the `[keys]` table.
    public struct Problem: Hashable, Sendable {
        /// The entry's action.
        public var action: Action
        /// What is wrong, naming the entry: `'keys.refresh': unknown key 'F13' (…)`.
        public var message: String
        /// Whether the entry is in force all the same (it took another action's last key): a warning
        /// only, where an unknown key leaves the entry out.
        public var isApplied = false
    }

    /// The defaults with the `[keys]` table applied: each entry (action = "key names") gives the action
    /// those keys instead of its default ones. Entries that name an unknown key change nothing and are
    /// listed in `problems`.
    public init(overrides: [Action: String]) {
        self.init()
        for (action, keyNames) in overrides.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            func problem(_ message: String) {
                problems.append(Problem(action: action, message: "'keys.\(action.rawValue)': " + message))
            }
            let words = keyNames.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            let keys = words.map { ($0, Key(name: $0)) }
            if let unknown = keys.first(where: { $0.1 == nil }) {
                problem("unknown key '\(unknown.0.terminalSafe)' (e.g. R, ctrl-r, up, pgdn, home, enter, esc, tab, space)")
                continue
            }
            guard !keys.isEmpty else {
                problem("no key given")
                continue
            }
            bindings = bindings.filter { $0.value != action }
            for case (_, let key?) in keys {
                bind(key, to: action)
            }
        }
        // Ctrl-C quits unless an entry gave it to another action (or to quit), whatever keys quit has now.
        if bindings[Self.interrupt] == nil { bind(Self.interrupt, to: .quit) }
        // An entry that takes every key of an action left as it was leaves that action out of reach.
        for action in Action.allCases where overrides[action] == nil && keys(for: action).isEmpty {
            let taken = Self.defaultBindings.filter { $0.value == action }.keys.sorted { $0.sortOrder < $1.sortOrder }
            guard let key = taken.first, let taker = bindings[key] else { continue }
            problems.append(
                Problem(
                    action: taker,
                    message: "'keys.\(taker.rawValue)': \(key.label) was \(action.rawValue)'s key, which now has none "
                        + "(give it one: \(action.rawValue) = \"...\")", isApplied: true))
        }
    }

    /// The key that quits from anywhere unless the `[keys]` table gives it to another action.
    public static let interrupt = Key.control("c")

    /// The label of the first key of each action, for the hints on screen.
    public var hints: KeyHints {
        KeyHints(
            Dictionary(uniqueKeysWithValues: Action.allCases.compactMap { action in keys(for: action).first.map { (action, $0.label) } }))
    }

    /// What was wrong in the `[keys]` table given to `init(overrides:)`.
    public private(set) var problems: [Problem] = []

    public func action(for key: Key) -> Action? {
        bindings[key]
    }

    /// Binds `key` to `action`, replacing what the key did before.
    public mutating func bind(_ key: Key, to action: Action) {
        bindings[key] = action
    }

    /// One line per action, its keys then what it does, in plain ASCII (for `--help` and the manual), then
    /// the keys no action owns.
    public static func reference(_ map: KeyMap = KeyMap()) -> [String] {
        let rows =
            Action.allCases.map { action in
                (map.keys(for: action).map(\.plainLabel).joined(separator: " "), action.summary)
            } + [("Ctrl-Z", "suspend (fg to come back)")]
        return rows.map { keys, summary in
            "  " + keys + String(repeating: " ", count: max(1, 16 - keys.count)) + summary
        }
    }

    /// The keys bound to `action`, in a stable order (arrows and named keys first).
    public func keys(for action: Action) -> [Key] {
        bindings.filter { $0.value == action }.map(\.key).sorted { $0.sortOrder < $1.sortOrder }
    }

    public static let defaultBindings: [Key: Action] = [
        .up: .moveUp, .character("k"): .moveUp,
        .down: .moveDown, .character("j"): .moveDown,
        .pageUp: .pageUp, .pageDown: .pageDown,
        .home: .moveToFirst, .character("g"): .moveToFirst,
        .end: .moveToLast, .character("G"): .moveToLast,
        .enter: .focusDetail, .right: .focusDetail, .character("l"): .focusDetail,
        .left: .focusList, .character("h"): .focusList, .escape: .focusList,
        .tab: .switchPane,
        .character("r"): .refresh,
        .character("R"): .refreshFollowed,
        .character("u"): .toggleUnreadOnly,
        .character("/"): .search,
        .character("f"): .nytSearch,
        .character("t"): .trend,
        .character("d"): .forget,
        .character("s"): .pickSection,
        .character("o"): .openInBrowser,
        .character("y"): .copyLink,
        .character("m"): .toggleRead,
        .character("b"): .toggleSaved,
        .character("S"): .showSaved,
        .character("n"): .nextUnread,
        .character("A"): .markAllRead,
        .character("<"): .narrowList, .character(">"): .widenList, .character("z"): .zoomList,
        .character("?"): .help,
        .character("q"): .quit, .control("c"): .quit,
    ]
}
