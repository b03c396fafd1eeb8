import CNcursesw
import Glibc
@_spi(Testing) import TerminalUI
import Testing

/// `DisplayWidth` against what curses lays text out by: glibc's `wcwidth` in a UTF-8 locale, scalar by
/// scalar. Where the two differ, curses moves on by another width than the layout counted, and a row runs
/// over the pane's border.
@Suite("Display width against wcwidth")
struct SystemWidthTests {
    /// Runs `body` with the calling thread in the C.UTF-8 locale (`uselocale`: the process's stays).
    static func inUTF8<T>(_ body: () -> T) throws -> T {
        let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
        defer { freelocale(utf8) }
        let previous = uselocale(utf8)
        defer { uselocale(previous) }
        return body()
    }

    @Test("Every scalar glibc knows takes the columns its wcwidth gives (U+0300 to the end of plane 3)")
    func everyScalar() throws {
        let mismatches: [String] = try Self.inUTF8 {
            var found: [String] = []
            for value in UInt32(0x300)..<0x40000 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let system = Int(nyt_wcwidth(wchar_t(bitPattern: value)))
                // Scalars newer than glibc's Unicode data (-1) are drawn as a stand-in of the counted width.
                guard system >= 0, DisplayWidth.isDrawn(scalar) else { continue }
                let ours = DisplayWidth.of(String(scalar))
                if ours != system {
                    found.append(String(format: "U+%04X ours %d wcwidth %d", value, ours, system))
                }
            }
            return found
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) scalars:\n\(mismatches.prefix(400).joined(separator: "\n"))")
    }
}
