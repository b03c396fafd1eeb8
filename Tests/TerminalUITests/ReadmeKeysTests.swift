import Foundation
import NewsCore
import TestSupport
import Testing

@testable import TerminalUI

/// The README's keys table says what the default key map does: each row's keys are exactly the keys
/// bound to the actions its `[keys]` names column lists, and every action has one row.
@Suite("README keys table")
struct ReadmeKeysTests {
    /// One row of the table: the key labels of the first column and the action names of the third.
    struct Row {
        var keys: Set<String>
        var names: [String]
    }

    static func rows() throws -> [Row] {
        let tableRows = try Readme.section("Keys").split(separator: "\n").filter { $0.hasPrefix("|") }.dropFirst(2)
        return tableRows.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let keys = Set(cells[1].split(separator: " ").map(String.init).filter { $0 != "or" })
            let names = cells[3].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
            .filter { !$0.isEmpty }
            return Row(keys: keys, names: names)
        }
    }

    @Test("Each row's keys are the default keys of its actions; every action has exactly one row")
    func tableMatchesDefaults() throws {
        let rows = try Self.rows()
        let map = KeyMap()
        #expect(rows.count == 27, "the table was found and read whole")
        var named: [String] = []
        for row in rows where !row.names.isEmpty {
            let actions = row.names.compactMap(Action.init(rawValue:))
            #expect(actions.count == row.names.count, "\(row.names) are all action names")
            let bound = Set(actions.flatMap { map.keys(for: $0) }.map(\.label))
            #expect(row.keys == bound, "\(row.names): README says \(row.keys.sorted()), the key map binds \(bound.sorted())")
            named += row.names
        }
        #expect(named.sorted() == Action.allCases.map(\.rawValue).sorted(), "every action once")
    }

    @Test("The rows without an action name are Ctrl-Z and Ctrl-L, which the reader handles itself")
    func suspendRow() throws {
        let unnamed = try Self.rows().filter { $0.names.isEmpty }
        #expect(unnamed.map(\.keys) == [["Ctrl-Z"], ["Ctrl-L"]])
        #expect(KeyMap().action(for: .control("z")) == nil)
        #expect(KeyMap().action(for: .control("l")) == nil)
    }
}
