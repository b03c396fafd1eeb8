import Foundation
import NewsCore
import ReaderViewModel
import TestSupport
import Testing

@_spi(Testing) @testable import TerminalUI

/// The trend overlay (`t`) in whole frames compared with golden text, cut to its frame at every size,
/// and the keys that act on it.
@Suite("The trend overlay on screen")
struct TrendOverlayFrameTests {
    let renderer = FrameRenderer(timeZone: TimeZone(identifier: "UTC")!)

    /// The reader with `climate` kept as the search and its chart open on `selection` (by default 2006).
    static func state(_ overlay: TrendOverlay, screen: GridScreen) -> ReaderState {
        var state = FrameGoldenTests.state(FrameGoldenTests.articles, screen: screen)
        state.search = SearchFilter(text: "climate", isEditing: false, shownText: "climate", hitCount: 4)
        state.overlay = .trend(overlay)
        return state
    }

    static let chart = TrendOverlay(term: "climate", trend: TrendChartTests.yearly(terms: ["climate"]), selection: 6)

    func render(_ state: ReaderState, _ screen: GridScreen) -> String {
        renderer.render(state, on: screen, now: FrameGoldenTests.now)
        return screen.text
    }

    @Test("80×24: the chart fills the space between the header and the status line; the period's counts below it")
    func frame80() {
        let screen = GridScreen(rows: 24, columns: 80)
        #expect(
            render(Self.state(Self.chart, screen: screen), screen) == """
                 The New York Times · World                                       4 unread  1/4
                ┌─ Trend of whole words ───────────────────────────────────────────────────────┐
                │  Archived articles per 10,000 matching each term, by year, 2000–2024         │
                │  ● climate                                                                   │
                │ 40 ┤            ┊                                                            │
                │    │            ┊                              ╭●─●─●                        │
                │    │            ┊                          ╭●─●╯                             │
                │    │            ┊                    ╭●─●─●╯                                 │
                │    │            ┊                ╭●─●╯                                       │
                │ 20 ┤            ┊          ╭●─●─●╯                                           │
                │    │            ┊         ●╯                                                 │
                │    │            ┊  ╭●                                                        │
                │    │         ╭●─●─●╯                                                         │
                │    │     ╭●─●╯  ┊                                                            │
                │    │●─●─●╯      ┊                                                            │
                │  0 ┤            ┊                                                            │
                │    └┬─────────┬───────····────────┬─────────┬─────────                       │
                │     2000     2005      2010      2015      2020                              │
                │  Imported: 267 of 300 months (89 %) · not imported: 2009–2010                │
                │  in part: 2024 (3 of 12 months)                                              │
                │  2006: 106 of 96,000 articles (11.0 per 10,000)                              │
                │  ←→ period  Enter its articles  Esc close                                    │
                └──────────────────────────────────────────────────────────────────────────────┘
                 Search “climate” in all cached · 4 matches · World · 4 article… ? help  q quit
                """)
    }

    @Test("140×40: the same chart, wider and taller")
    func frame140() {
        let screen = GridScreen(rows: 40, columns: 140)
        #expect(
            render(Self.state(Self.chart, screen: screen), screen) == """
                 The New York Times · World                                                                                                   4 unread  1/4
                ┌─ Trend of whole words ───────────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
                │  Archived articles per 10,000 matching each term, by year, 2000–2024                                                                     │
                │  ● climate                                                                                                                               │
                │ 40 ┤                                ┊                                                                                                    │
                │    │                                ┊                                                                                      ╭──●          │
                │    │                                ┊                                                                                 ╭──●─╯             │
                │    │                                ┊                                                                            ╭──●─╯                  │
                │    │                                ┊                                                                       ╭──●─╯                       │
                │    │                                ┊                                                                  ╭──●─╯                            │
                │    │                                ┊                                                             ╭──●─╯                                 │
                │ 30 ┤                                ┊                                                        ╭──●─╯                                      │
                │    │                                ┊                                                   ╭──●─╯                                           │
                │    │                                ┊                                              ╭──●─╯                                                │
                │    │                                ┊                                         ╭──●─╯                                                     │
                │    │                                ┊                                    ╭──●─╯                                                          │
                │    │                                ┊                                    │                                                               │
                │ 20 ┤                                ┊                          ╭──●────●─╯                                                               │
                │    │                                ┊                        ●─╯                                                                         │
                │    │                                ┊                                                                                                    │
                │    │                                ┊                                                                                                    │
                │    │                                ┊                                                                                                    │
                │    │                                ┊      ╭──●                                                                                          │
                │    │                                ┊ ╭──●─╯                                                                                             │
                │ 10 ┤                             ╭──●─╯                                                                                                  │
                │    │                        ╭──●─╯  ┊                                                                                                    │
                │    │                   ╭──●─╯       ┊                                                                                                    │
                │    │              ╭──●─╯            ┊                                                                                                    │
                │    │         ╭──●─╯                 ┊                                                                                                    │
                │    │    ╭──●─╯                      ┊                                                                                                    │
                │    │  ●─╯                           ┊                                                                                                    │
                │  0 ┤                                ┊                                                                                                    │
                │    └──┬─────────┬─────────┬─────────┬─────────┬──··········───────┬─────────┬─────────┬─────────┬─────────┬─────────┬─────────┬──        │
                │      2000      2002      2004      2006      2008      2010      2012      2014      2016      2018      2020      2022      2024        │
                │  Imported: 267 of 300 months (89 %) · not imported: 2009–2010 · in part: 2024 (3 of 12 months)                                           │
                │                                                                                                                                          │
                │  2006: 106 of 96,000 articles (11.0 per 10,000)                                                                                          │
                │  ←→ period  Enter its articles  Esc close                                                                                                │
                └──────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────┘
                 Search “climate” in all cached · 4 matches · World · 4 articles · 4 unread · cached 3 h ago                                 ? help  q quit
                """)
    }

    @Test("While counting, a not-imported period, a year imported in part")
    func states() {
        let screen = GridScreen(rows: 24, columns: 80)
        let counting = render(Self.state(TrendOverlay(term: "climate"), screen: screen), screen)
        #expect(counting.contains("│  Counting “climate” in the archive…"), "\(counting)")
        var gap = Self.chart
        gap.selection = 9
        #expect(render(Self.state(gap, screen: screen), screen).contains("│  2009: not imported"))
        var partial = Self.chart
        partial.selection = 24
        #expect(
            render(Self.state(partial, screen: screen), screen).contains(
                "│  2024: 91 of 24,000 articles (37.9 per 10,000) · 3 of 12 months imported"))
    }

    /// A screen that records every cell drawn or filled.
    final class RecordingScreen: Screen {
        let size: ScreenSize
        private(set) var cells: [(row: Int, column: Int)] = []

        init(rows: Int, columns: Int) {
            size = ScreenSize(rows: rows, columns: columns)
        }

        func erase() {}
        func present() {}
        func draw(_ text: String, row: Int, column: Int, style: TextStyle) {
            var column = column
            for character in text {
                for offset in 0..<max(1, DisplayWidth.of(character)) { cells.append((row, column + offset)) }
                column += DisplayWidth.of(character)
            }
        }
        func fill(row: Int, column: Int, width: Int, style: TextStyle) {
            for offset in 0..<width { cells.append((row, column + offset)) }
        }
    }

    @Test("At every size, from 20×6 up, nothing is drawn outside the overlay's area", arguments: [6, 7, 9, 12, 16, 24, 40])
    func neverSpills(rows: Int) {
        let trends = [
            TrendChartTests.yearly(terms: ["climate"]),
            TrendChartTests.monthly("1990-01..2024-12", terms: ["a very long term that goes on and on 東京"]),
        ]
        for columns in [20, 21, 27, 33, 40, 57, 80, 111, 140] {
            let area = Rect(row: 1, column: 0, height: rows - 2, width: columns)
            for trend in trends {
                for overlay in [TrendOverlay(term: trend.series[0].term), TrendOverlay(term: "x", trend: trend, selection: 3)] {
                    let screen = RecordingScreen(rows: rows, columns: columns)
                    TrendChartOverlay().draw(overlay, in: area, on: screen)
                    let outside = screen.cells.filter { !area.contains(row: $0.row, column: $0.column) }
                    #expect(outside.isEmpty, "\(rows)×\(columns): \(outside.prefix(3))")
                }
            }
        }
    }

    @Test("← and → move along the periods, a letter bound to quit closes, the rest go through the key map")
    func keys() {
        let map = KeyMap()
        #expect(TerminalApp.trendKey(for: .left, keyMap: map) == .previous)
        #expect(TerminalApp.trendKey(for: .right, keyMap: map) == .next)
        #expect(TerminalApp.trendKey(for: .character("q"), keyMap: map) == .close)
        #expect(TerminalApp.trendKey(for: .control("c"), keyMap: map) == nil, "Ctrl-C quits")
        #expect(TerminalApp.trendKey(for: .enter, keyMap: map) == nil, "Enter opens through its action")
        #expect(map.action(for: .character("t")) == .trend)
        let rebound = KeyMap(overrides: [.quit: "Q"])
        #expect(TerminalApp.trendKey(for: .character("Q"), keyMap: rebound) == .close)
        #expect(TerminalApp.trendKey(for: .character("q"), keyMap: rebound) == nil)
    }
}
