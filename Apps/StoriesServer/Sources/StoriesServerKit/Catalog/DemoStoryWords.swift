/// The words demo stories are made of.
enum DemoStoryWords {
    static let subjects = [
        "Swift concurrency", "SQLite", "OpenAPI", "a refresh token", "a terminal app", "structured logging",
        "actor reentrancy", "WAL mode", "HTTP/2", "a tiny compiler", "property-based testing", "package manifests",
        "cursor pagination", "a ray tracer", "TLS", "a key-value store", "the borrow checker", "Linux namespaces",
    ]
    static let templates = [
        "Show Stories: I built %@ in a weekend",
        "Why %@ is harder than it looks",
        "A practical guide to %@",
        "What I learned maintaining %@ for five years",
        "%@, explained with diagrams",
        "The hidden cost of %@",
        "Rewriting %@ from scratch",
    ]
    static let questions = [
        "Ask Stories: How do you test %@?",
        "Ask Stories: Is %@ worth it for a small team?",
    ]
    static let sites = [
        "https://example.com/posts/", "https://www.blog.example.org/", "https://news.example.net/a/",
        "https://swift.example.dev/articles/", "https://engineering.example.io/",
    ]
    static let authors = [
        "alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy", "mallory", "oscar",
    ]
}
