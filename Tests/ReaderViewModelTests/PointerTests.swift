import NewsCore
import Testing

@testable import ReaderViewModel

/// The mouse, through the view-model: clicks select rows and open the detail, the wheel scrolls what is
/// under the pointer, a click closes an overlay.
@Suite("Mouse clicks and the wheel")
struct PointerTests {
    @Test("A click on a list row selects the article shown there, counted from the first row on screen")
    func clickRow() {
        var driver = ViewModelDriver(count: 40, listHeight: 10)
        driver.send(.pageDown)
        driver.send(.pageDown)
        let top = driver.state.top
        driver.run(driver.viewModel.click(.listRow(3)))
        #expect(driver.state.selection == top + 3)
        #expect(driver.state.focus == .list)
        driver.run(driver.viewModel.click(.listRow(60)))
        #expect(driver.state.selection == 39, "past the last row: the last article")
    }

    @Test("A click on the detail opens it; the wheel scrolls the pane under the pointer")
    func detailAndWheel() {
        var driver = ViewModelDriver(count: 40, listHeight: 10)
        driver.run(driver.viewModel.wheel(.listRow(0), steps: 2))
        #expect(driver.state.selection == 6)
        driver.run(driver.viewModel.wheel(.listRow(0), steps: -1))
        #expect(driver.state.selection == 3)
        driver.viewModel.setDetailScrollLimit(20)
        driver.run(driver.viewModel.wheel(.detail, steps: 2))
        #expect(driver.state.detailScroll == 6, "the detail scrolls under the pointer without taking the focus")
        #expect(driver.state.focus == .list)
        driver.run(driver.viewModel.click(.detail))
        #expect(driver.state.focus == .detail)
        #expect(driver.state.selectedEntry?.isRead == true, "opening the detail marks the article read")
        driver.run(driver.viewModel.click(.elsewhere))
        #expect(driver.state.focus == .detail)
    }

    @Test("A click anywhere closes the help or the section picker")
    func closesOverlays() {
        var driver = ViewModelDriver(count: 5)
        for open in [Action.help, .pickSection] {
            driver.send(open)
            #expect(driver.state.overlay != nil)
            driver.run(driver.viewModel.click(.listRow(2)))
            #expect(driver.state.overlay == nil)
            #expect(driver.state.selection == 0, "the click only closed the overlay")
        }
    }
}
