import Foundation

/// Builds plausible demo stories from word lists.
enum DemoStoryFactory {
    private static let subjects = [
        "Swift concurrency", "SQLite", "OpenAPI", "a refresh token", "a terminal app", "structured logging",
        "actor reentrancy", "WAL mode", "HTTP/2", "a tiny compiler", "property-based testing", "package manifests",
        "cursor pagination", "a ray tracer", "TLS", "a key-value store", "the borrow checker", "Linux namespaces",
    ]
    private static let templates = [
        "Show Stories: I built %@ in a weekend",
        "Why %@ is harder than it looks",
        "A practical guide to %@",
        "What I learned maintaining %@ for five years",
        "%@, explained with diagrams",
        "The hidden cost of %@",
        "Rewriting %@ from scratch",
    ]
    private static let questions = [
        "Ask Stories: How do you test %@?",
        "Ask Stories: Is %@ worth it for a small team?",
    ]
    private static let sites = [
        "https://example.com/posts/", "https://www.blog.example.org/", "https://news.example.net/a/",
        "https://swift.example.dev/articles/", "https://engineering.example.io/",
    ]
    private static let authors = [
        "alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "mallory", "oscar",
    ]

    static func story(
        number: Int,
        age: TimeInterval,
        newest: Date,
        using generator: inout some RandomNumberGenerator
    ) -> StoredStory {
        let subject = subjects.randomElement(using: &generator) ?? "Swift"
        let isQuestion = Int.random(in: 0..<10, using: &generator) == 0
        let template = (isQuestion ? questions : templates).randomElement(using: &generator) ?? "%@"
        let title = template.replacingOccurrences(of: "%@", with: subject)
        let slug = subject.lowercased().replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "/", with: "")
        let site = sites.randomElement(using: &generator) ?? "https://example.com/"
        return StoredStory(
            id: String(number),
            title: title.prefix(1).uppercased() + title.dropFirst(),
            url: isQuestion ? nil : "\(site)\(slug)-\(number)",
            author: authors.randomElement(using: &generator) ?? "anonymous",
            score: Int.random(in: 1...900, using: &generator),
            commentCount: Int.random(in: 0...300, using: &generator),
            createdAt: newest.addingTimeInterval(-age - TimeInterval(Int.random(in: 0..<600, using: &generator)))
        )
    }
}
