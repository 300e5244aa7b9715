import Foundation
import Synchronization

/// Samples this process's resident memory (`VmRSS` in `/proc/self/status`) while an operation runs, to bound how
/// much a fault made it hold.
final class ResidentMemorySampler: Sendable {
    private let samples = Mutex<(baseline: Int?, peak: Int?)>((nil, nil))

    /// How far the peak rose above the level before the operation, in bytes; `nil` if memory could not be read.
    var peakGrowth: Int? {
        samples.withLock { state in
            guard let baseline = state.baseline, let peak = state.peak else { return nil }
            return max(0, peak - baseline)
        }
    }

    func measure<Result: Sendable>(_ operation: () async -> Result) async -> Result {
        let baseline = Self.residentBytes()
        samples.withLock { $0 = (baseline, baseline) }
        let sampling = Task { [self] in
            while !Task.isCancelled {
                if let now = Self.residentBytes() { samples.withLock { $0.peak = max($0.peak ?? now, now) } }
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        let result = await operation()
        sampling.cancel()
        _ = await sampling.result
        if let now = Self.residentBytes() { samples.withLock { $0.peak = max($0.peak ?? now, now) } }
        return result
    }

    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        return kilobytes.map { $0 * 1024 }
    }
}
