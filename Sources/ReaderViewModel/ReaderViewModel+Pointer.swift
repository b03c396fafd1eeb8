import NewsCore

// The mouse: a click selects a row or opens the detail, the wheel scrolls what is under the pointer, and a
// click anywhere closes an overlay.
extension ReaderViewModel {
    /// Rows or lines one turn of the wheel moves.
    public static let wheelStep = 3

    /// A press of the first button over `target`.
    public mutating func click(_ target: PointerTarget) -> [Effect] {
        state.notice = nil
        if state.overlay != nil {
            state.overlay = nil
            return []
        }
        switch target {
        case .listRow(let row):
            guard state.search?.isEditing != true else { return [] }
            state.focus = .list
            return select(state.top + row)
        case .detail:
            return state.focus == .detail ? [] : handle(.focusDetail)
        case .elsewhere:
            return []
        }
    }

    /// A turn of the wheel over `target`: `steps` up (negative) or down (positive).
    public mutating func wheel(_ target: PointerTarget, steps: Int) -> [Effect] {
        guard state.overlay == nil else { return handle(steps < 0 ? .moveUp : .moveDown) }
        switch target {
        case .listRow:
            return select(state.selection + steps * Self.wheelStep)
        case .detail:
            return scrollDetail(by: steps * Self.wheelStep)
        case .elsewhere:
            return []
        }
    }
}
