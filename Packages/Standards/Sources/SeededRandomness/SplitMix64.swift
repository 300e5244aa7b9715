/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), for what must come out the same on every
/// machine and every run: the reference server's demo data, and the generated inputs of tests (a failure names inputs
/// that fail again on the next run). Never for anything secret.
///
/// Its state after n outputs is `seed + n × increment`, so any output can be computed without the ones before it
/// (`output(at:seed:)`): the server's catalog computes the story at any position on demand instead of storing every
/// story.
public struct SplitMix64: RandomNumberGenerator {
    private static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= Self.increment
        return Self.mix(state)
    }

    /// What the `position`th call of `next()` (from 0) returns on a generator seeded with `seed`.
    public static func output(at position: UInt64, seed: UInt64) -> UInt64 {
        mix(seed &+ (position &+ 1) &* increment)
    }

    private static func mix(_ state: UInt64) -> UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
