import Testing

@testable import StoriesCLIKit

@Suite("Credentials location")
struct CredentialsLocationTests {
    static let environment = ["HOME": "/home/demo"]

    @Test(
        "A path SQLite can open is used as given; a longer one, or one that lost bytes to UTF-8 repair, is a usage error",
        arguments: [
            ("/tmp/c.sqlite", true), ("/tmp/zoë/c.sqlite", true),
            ("/" + String(repeating: "a", count: CredentialsLocation.maximumPathBytes - 1), true),
            ("/" + String(repeating: "a", count: CredentialsLocation.maximumPathBytes), false),
            ("/tmp/" + String(repeating: "d/", count: 300) + "c.sqlite", false),
            ("/tmp/bad\u{FFFD}dir/c.sqlite", false),
        ])
    func pathShape(path: String, usable: Bool) {
        do {
            #expect(try CredentialsLocation.resolve(option: path, environment: Self.environment) == path)
            #expect(usable)
        } catch {
            #expect(!usable)
            #expect(error.exitStatus == .usage)
        }
    }
}
