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

    @Test("An unknown username costs one password hash of the same cost as an account's, and is refused")
    func unknownUsernameCostsAHash() async throws {
        let hashing = CountingPasswordHashing()
        let directory = AccountDirectory(passwordHashCost: 5, hashing: hashing.hashing)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await directory.register(username: "carol", password: "carol-password", displayName: nil, now: now)
        #expect(await directory.authenticate(username: "carol", password: "wrong-password") == nil)
        #expect(await directory.authenticate(username: "nobody", password: "carol-password") == nil)
        #expect(await directory.authenticate(username: String(repeating: "x", count: 500), password: "") == nil)
        let checked = hashing.checked
        #expect(checked.count == 3)
        // bcrypt's cost is in the hash: `$2b$05$…`.
        #expect(Set(checked.map { $0.prefix(7) }).count == 1)
        #expect(checked[0].hasPrefix("$2b$05$") || checked[0].hasPrefix("$2a$05$") || checked[0].hasPrefix("$2y$05$"))
    }
}
