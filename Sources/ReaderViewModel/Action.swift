/// Everything a person can ask the reader to do. Keys map to actions through a key map;
/// the view-model never sees a key code.
public enum Action: String, Hashable, Sendable, CaseIterable {
    case moveUp
    case moveDown
    case pageUp
    case pageDown
    case moveToFirst
    case moveToLast
    case focusDetail
    case focusList
    case switchPane
    case refresh
    case quit
}
