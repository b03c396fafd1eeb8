import ReaderViewModel

/// Keys to actions: the defaults, which the config file may override.
public struct KeyMap: Sendable {
    private var bindings: [Key: Action]

    public init(bindings: [Key: Action] = KeyMap.defaultBindings) {
        self.bindings = bindings
    }

    public func action(for key: Key) -> Action? {
        bindings[key]
    }

    /// Binds `key` to `action`, replacing what the key did before.
    public mutating func bind(_ key: Key, to action: Action) {
        bindings[key] = action
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
        .character("q"): .quit, .control("c"): .quit,
    ]
}
