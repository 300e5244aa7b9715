import Foundation
import Testing

@testable import StoriesServerKit

@Suite("Line writer")
struct LineWriterTests {
    /// A fresh file in a fresh directory, open for writing, and its path.
    static func temporaryFile() throws -> (descriptor: Int32, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("LineWriterTests-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("access.log").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        return (descriptor, path)
    }

    @Test("A line is in the file, whole and with its newline, as soon as writeLine returns")
    func writesBeforeReturning() throws {
        let (descriptor, path) = try Self.temporaryFile()
        defer { close(descriptor) }
        let writer = LineWriter(descriptor: descriptor)
        writer.writeLine("GET /v1/health 200 0 ms")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "GET /v1/health 200 0 ms\n")
        writer.writeLine("GET /v1/stories 200 1 ms")
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == "GET /v1/health 200 0 ms\nGET /v1/stories 200 1 ms\n")
    }

    @Test("Lines written concurrently all reach the file once each, whole, none interleaved with another")
    func concurrentLinesAreComplete() async throws {
        let (descriptor, path) = try Self.temporaryFile()
        defer { close(descriptor) }
        let writer = LineWriter(descriptor: descriptor)
        let writers = 8
        let linesEach = 2_000
        // Lengths from a few bytes to several kilobytes, so that batches of every size form.
        func line(_ writer: Int, _ number: Int) -> String {
            "writer \(writer) line \(number) "
                + String(repeating: "x", count: (writer * 7919 + number * 104_729) % 5_000)
        }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<writers {
                group.addTask {
                    for number in 0..<linesEach { writer.writeLine(line(index, number)) }
                }
            }
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let written = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(written.count == writers * linesEach)
        let expected = Set((0..<writers).flatMap { index in (0..<linesEach).map { line(index, $0) } })
        #expect(Set(written) == expected)
    }
}
