import CommandReference
import Foundation
import Testing

@testable import StoriesCLIKit

/// The man page sections `Scripts/generate-man` takes from `ManualPage`, and the committed `docs/man/stories-cli.1`
/// against the values `--help` prints.
@Suite("Man page sections")
struct ManualPageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "Prose becomes mdoc text: backslashes escaped, one sentence a line, 80 bytes at most, no line read as a macro",
        arguments: [
            ("One. Two", ["One.", "Two"]),
            ("Ends with e.g. lower case", ["Ends with e.g. lower case"]),
            (
                "Why? (Note) Yes. \"Quoted\" ok. `code` now. -dash",
                ["Why?", "(Note) Yes.", "\"Quoted\" ok.", "`code` now.", "-dash"]
            ),
            ("C:\\path", ["C:\\epath"]),
            (".profile and 'quotes'", ["\\&.profile and 'quotes'"]),
            ("  spaced \n out  ", ["spaced out"]),
            (
                String(repeating: "word ", count: 20),
                [
                    "word word word word word word word word word word word word word word word word",
                    "word word word word",
                ]
            ),
            ("é" + String(repeating: "x", count: 77) + " y", ["é" + String(repeating: "x", count: 77), "y"]),
        ])
    func mdocText(prose: String, lines: [String]) {
        #expect(MdocText.lines(prose) == lines)
    }

    @Test("Each section is written only when it has entries, in mdoc's order, with labels under their macros")
    func sections() {
        let page = ManualPage(
            toolName: "tool", environment: [.init("A, B", "Both.")], files: [],
            exitStatus: [.init("0", "done"), .init("130, 143", "stopped")],
            examples: [
                .init(
                    command: nil, examples: [CommandExample("first", "tool"), CommandExample("second", "tool \\ x")]),
                .init(command: "sub", examples: [CommandExample("one", "tool sub", "tool sub --all")]),
                .init(command: "quiet", examples: []),
            ],
            seeAlso: ["other", "third"])
        #expect(
            page.mdocLines == [
                ".Sh ENVIRONMENT", ".Bl -tag -width Ds", ".It Ev A , Ev B", "Both.", ".El",
                #".Sh "EXIT STATUS""#, ".Bl -tag -width Ds", ".It 0", "done", ".It 130 , 143", "stopped", ".El",
                ".Sh EXAMPLES",
                "First:", ".Bd -literal -offset indent", "$ tool", ".Ed", ".Pp",
                "Second:", ".Bd -literal -offset indent", "$ tool \\e x", ".Ed",
                ".Ss tool sub", "One:", ".Bd -literal -offset indent", "$ tool sub", "$ tool sub --all", ".Ed",
                #".Sh "SEE ALSO""#, ".Xr other 1 ,", ".Xr third 1",
            ])
    }

    /// The lines of `section` in the committed page: from its `.Sh` line to the next.
    static func section(_ title: String, ofPage name: String) throws -> [String] {
        let page = try String(
            contentsOf: repository.appendingPathComponent("docs/man/\(name)"), encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = title.contains(" ") ? ".Sh \"\(title)\"" : ".Sh \(title)"
        guard let start = lines.firstIndex(of: heading) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.hasPrefix(".Sh ") })
    }

    /// The names an `.It` line of a tag list gives, its macros (`Ev`, `Pa`) and separating commas left out.
    static func itemNames(_ lines: [String]) -> Set<String> {
        Set(
            lines.filter { $0.hasPrefix(".It ") }.flatMap { line in
                line.dropFirst(4).split(separator: " ").map(String.init).filter { !["Ev", "Pa", ","].contains($0) }
            })
    }

    @Test("docs/man/stories-cli.1 lists every environment variable stories-cli --help documents, under Ev")
    func pageListsEveryVariable() throws {
        let listed = Self.itemNames(try Self.section("ENVIRONMENT", ofPage: "stories-cli.1"))
        let documented = ManualPage.definitions(of: CLIReference.environment).flatMap {
            $0.label.components(separatedBy: ", ")
        }
        #expect(!documented.isEmpty)
        for variable in documented {
            #expect(listed.contains(variable), "\(variable) is missing: run Scripts/generate-man")
        }
    }

    @Test("docs/man/stories-cli.1 gives every exit code stories-cli --help documents in EXIT STATUS")
    func pageListsEveryExitCode() throws {
        let listed = Self.itemNames(try Self.section("EXIT STATUS", ofPage: "stories-cli.1"))
        let documented =
            CLIExitCode.allCases.map { String($0.rawValue) }
            + CLIExitCode.interruptedCodes.components(separatedBy: ", ")
        for code in documented {
            #expect(listed.contains(code), "exit code \(code) is missing: run Scripts/generate-man")
        }
    }
}
