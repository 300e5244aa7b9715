import Foundation
import Testing

@testable import StoriesServerKit

@Suite("AccountDirectory")
struct AccountDirectoryTests {
    @Test(
        "Validates usernames and passwords like the spec says",
        arguments: [
            ("abc", "12345678", true), ("a_b-c9", "longenough", true),
            (String(repeating: "a", count: 32), "12345678", true),
            ("ab", "12345678", false), (String(repeating: "a", count: 33), "12345678", false),
            ("Abc", "12345678", false),
            ("a b", "12345678", false), ("abc", "1234567", false), ("ab.c", "12345678", false),
        ])
    func validates(username: String, password: String, valid: Bool) {
        #expect(((try? AccountDirectory.validate(username: username, password: password)) != nil) == valid)
    }

    @Test("Registers, authenticates, and refuses a taken name")
    func registersAndAuthenticates() async throws {
        let directory = AccountDirectory(passwordHashCost: 4)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await directory.register(username: "carol", password: "carol-password", displayName: "", now: now)
        #expect(await directory.authenticate(username: "carol", password: "carol-password")?.displayName == nil)
        #expect(await directory.authenticate(username: "carol", password: "wrong-password") == nil)
        #expect(await directory.authenticate(username: "nobody", password: "carol-password") == nil)
        await #expect(throws: RegistrationError.usernameTaken) {
            try await directory.register(username: "carol", password: "other-password", displayName: nil, now: now)
        }
    }
}
