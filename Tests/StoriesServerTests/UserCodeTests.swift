import Testing

@testable import StoriesServerKit

@Suite("User codes")
struct UserCodeTests {
    @Test("A new user code is XXXX-XXXX from the unambiguous consonant alphabet")
    func shape() {
        for _ in 0..<200 {
            let code = UserCode.random()
            #expect(code.count == 9)
            #expect(code.firstIndex(of: "-") == code.index(code.startIndex, offsetBy: 4))
            #expect(code.filter { $0 != "-" }.allSatisfy { "BCDFGHJKLMNPQRSTVWXZ".contains($0) })
        }
    }

    @Test(
        "What a person types is read without case, hyphens or spaces, and refused if it cannot be a code",
        arguments: [
            ("BCDF-GHJK", "BCDFGHJK"), ("bcdf-ghjk", "BCDFGHJK"), (" bcdf ghjk ", "BCDFGHJK"), ("BCDFGHJK", "BCDFGHJK"),
            ("BCDF-GHJ", nil), ("BCDF-GHJKL", nil), ("ABCD-EFGH", nil), ("BCDF-GHJ0", nil), ("", nil),
            (String(repeating: "-", count: 100) + "BCDFGHJK", nil),
        ] as [(String, String?)])
    func normalizes(typed: String, normalized: String?) {
        #expect(UserCode.normalized(typed) == normalized)
    }
}
