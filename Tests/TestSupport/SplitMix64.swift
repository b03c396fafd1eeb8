import Foundation

/// A small seeded random number generator (SplitMix64): the same seed gives the same numbers, so generated
/// articles are the same every run, and a test that draws random moments from it can print its seed and be
/// replayed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The seed this generator started from.
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// Seeded from the environment variable `variable` when it holds a number, else from the system's
    /// generator (print `seed` so that a failing run can be replayed).
    public init(replaying variable: String) {
        if let text = ProcessInfo.processInfo.environment[variable], let seed = UInt64(text) {
            self.init(seed: seed)
        } else {
            self.init(seed: UInt64.random(in: 0...UInt64.max))
        }
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// True with probability `chance` (0…1).
    public mutating func chance(_ chance: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < chance
    }
}
