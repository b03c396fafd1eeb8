import Foundation

/// A random number generator that replays: SplitMix64 from a seed. A test that draws its random moments
/// from it prints the seed, and the environment variable it names replays a failing run.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The seed this generator started from.
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// Seeded from the environment variable `variable` when it holds a number, else from the system's
    /// generator.
    public init(replaying variable: String) {
        if let text = ProcessInfo.processInfo.environment[variable], let seed = UInt64(text) {
            self.init(seed: seed)
        } else {
            self.init(seed: UInt64.random(in: 0...UInt64.max))
        }
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
