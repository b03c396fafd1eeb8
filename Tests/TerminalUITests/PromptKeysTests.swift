import NewsCore
import ReaderViewModel
import TestSupport
import Testing

@testable import TerminalUI

/// The prompts' keys are one table (`PromptKeys`): the line editor takes its keys from it, and the help
/// and the README name every key in it.
@Suite("Prompt keys")
struct PromptKeysTests {
    static let bindings = PromptKeys.groups.flatMap(\.bindings)

    @Test("The line editor does what the table says for each of its keys")
    func lineEditFollowsTheTable() {
        for binding in Self.bindings {
            #expect(TerminalApp.lineEdit(for: binding.key) == binding.edit, "\(binding.key.label)")
        }
        #expect(TerminalApp.lineEdit(for: .character("b")) == .insert("b"), "a letter still types")
        #expect(TerminalApp.lineEdit(for: .pageDown) == nil)
    }

    @Test("No key is in the table twice")
    func keysAreUnique() {
        let keys = Self.bindings.map(\.key)
        #expect(Set(keys).count == keys.count)
    }

    @Test("Each help line names every key it stands for")
    func helpNamesEveryKey() {
        // The help abbreviates what would widen its box.
        let shown = ["Alt-Backspace": "Alt-Bksp"]
        for group in PromptKeys.groups {
            for binding in group.bindings {
                let label = shown[binding.key.label] ?? binding.key.label
                #expect(group.keys.contains(label) || group.summary.contains(label), "\(label) in '\(group.keys)  \(group.summary)'")
            }
        }
        #expect(HelpOverlay.promptEntries.map(\.keys) == PromptKeys.groups.map(\.keys))
    }

    @Test("The README's paragraph on the prompts names every key in the table")
    func readmeNamesEveryKey() throws {
        let keys = try Readme.section("Keys")
        let paragraph = try #require(keys.range(of: "The `/` and `f` prompts edit their line").map { keys[$0.lowerBound...] })
        let text = paragraph[..<(paragraph.range(of: "\n\n")?.lowerBound ?? paragraph.endIndex)]
        for binding in Self.bindings {
            #expect(text.contains(binding.key.label), "README names \(binding.key.label)")
        }
    }
}
