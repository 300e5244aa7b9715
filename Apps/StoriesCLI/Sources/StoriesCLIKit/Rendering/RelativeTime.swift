import Foundation

/// "in 14 min", "3 min ago", "just now": a time relative to now, as status lines show it.
enum RelativeTime {
    static func phrase(for date: Date, from now: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded())
        let magnitude = abs(seconds)
        // Within a few seconds either way, a count reads as noise ("in 0 s").
        guard magnitude >= 5 else { return "just now" }
        let text =
            magnitude < 60
            ? "\(magnitude) s"
            : magnitude < 3_600
                ? "\(magnitude / 60) min"
                : magnitude < 172_800
                    ? "\(magnitude / 3_600) h" : "\(magnitude / 86_400) days"
        return seconds > 0 ? "in \(text)" : "\(text) ago"
    }
}
