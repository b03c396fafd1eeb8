import Glibc

/// One fuzz target: a name (also the folder of its seeds, `Fuzz/Seeds/NAME`) and the function each input
/// goes through. A target stops the process (`FuzzCheck.fail`) when the code under test breaks one of its
/// promises, so libFuzzer keeps the input as a crash.
struct FuzzTarget: Sendable {
    let name: String
    let run: @Sendable (UnsafeRawBufferPointer) -> Void

    /// Every target, in the order `make fuzz` runs them.
    static let all: [FuzzTarget] =
        ResponseTargets.all + [
            JSONValueTarget.target,
            TextTargets.terminalSafe,
            TextTargets.articleLink,
            PromptTarget.target,
            ConfigTarget.target,
            KeyTarget.target,
            PictureTarget.target,
            PackedTextTarget.target,
            IndexWordsTarget.target,
        ]

    static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

/// How a target reports a broken promise: the message on standard error, then a trap, which libFuzzer
/// records as a crash with the input that caused it.
enum FuzzCheck {
    /// Writes `text` to standard error.
    static func printError(_ text: String) {
        var text = text
        text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError(message()) }
    }
}
