/// Which pane keys act on.
public enum Pane: Hashable, Sendable {
    case list
    case detail
}
