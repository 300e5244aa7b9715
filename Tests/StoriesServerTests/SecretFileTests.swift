import Foundation
import Testing

@testable import StoriesServerKit

/// The introspection client's secret, read from a file only its owner can read.
@Suite("Secret file")
struct SecretFileTests {
    /// A fresh file in a fresh directory, with `content` and `mode`.
    static func file(_ content: String, mode: Int) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let path = directory.appendingPathComponent("secret").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(content.utf8)))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test(
        "A file only its owner may read gives its one line, without the line break",
        arguments: [("s3cret value\n", 0o600), ("s3cret value", 0o400), ("s3cret value\r\n", 0o600)])
    func reads(content: String, mode: Int) throws {
        #expect(try SecretFile.read(path: Self.file(content, mode: mode)) == "s3cret value")
    }

    @Test(
        "A file others may read or write is refused with its mode",
        arguments: [0o644, 0o640, 0o604, 0o620, 0o602])
    func refusesWideModes(mode: Int) throws {
        let path = try Self.file("s3cret", mode: mode)
        #expect(throws: SecretFileProblem.accessibleToOthers(mode: UInt32(mode))) { try SecretFile.read(path: path) }
    }

    @Test(
        "An empty file, one of several lines or control characters, or one too long to be a secret is refused",
        arguments: [
            ("", SecretFileProblem.malformed), ("\n", .malformed), ("one\ntwo\n", .malformed),
            ("tab\there", .malformed),
            (String(repeating: "s", count: 5000), .tooLarge),
        ])
    func refusesContent(content: String, problem: SecretFileProblem) throws {
        let path = try Self.file(content, mode: 0o600)
        #expect(throws: problem) { try SecretFile.read(path: path) }
    }

    @Test("A missing file or a directory is refused")
    func refusesNonFiles() throws {
        #expect(throws: SecretFileProblem.unreadable(errno: ENOENT)) {
            try SecretFile.read(path: "/nonexistent/secret-\(UUID().uuidString)")
        }
        let directory = URL(fileURLWithPath: try Self.file("x", mode: 0o600)).deletingLastPathComponent().path
        #expect(throws: SecretFileProblem.notARegularFile) { try SecretFile.read(path: directory) }
    }
}
