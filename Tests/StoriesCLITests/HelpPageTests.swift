import ArgumentParser
import Foundation
import Testing

@testable import StoriesCLIKit

/// Every command's --help as gh's reads: the one-line summary first, then what to know to act, and realistic
/// examples last; the reference (RFCs, limits) is in docs/CLI.md.
@Suite("Help pages")
struct HelpPageTests {
    static let commands: [any ParsableCommand.Type] =
        [StoriesCommand.self] + StoriesCommand.configuration.subcommands

    static func name(_ command: any ParsableCommand.Type) -> String {
        command == StoriesCommand.self ? "stories-cli" : command.configuration.commandName ?? "?"
    }

    /// The lines of `title`'s section of `page`: from its title to the next blank line followed by a title, or the end.
    static func section(_ title: String, of page: String) -> [Substring]? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring(title + ":")) else { return nil }
        var end = start + 1
        while end < lines.count,
            !(lines[end].isEmpty && end + 1 < lines.count && lines[end + 1].first.map(\.isUppercase) == true)
        {
            end += 1
        }
        return Array(lines[(start + 1)..<end])
    }

    @Test("Every page leads with a one-line summary", arguments: commands.map(ObjectIdentifier.init))
    func summary(id: ObjectIdentifier) throws {
        let command = try #require(Self.commands.first { ObjectIdentifier($0) == id })
        let page = HelpPage.text(for: command, columns: 80)
        let abstract = command.configuration.abstract
        #expect(page.hasPrefix("OVERVIEW: \(abstract)\n\n"), "\(Self.name(command))")
        #expect("OVERVIEW: \(abstract)".count <= 80, "\(Self.name(command)): the summary wraps on 80 columns")
        #expect(!abstract.contains("\n"))
    }

    @Test(
        "Every page ends with 3 to 6 examples, each a comment then the commands",
        arguments: commands.map(ObjectIdentifier.init))
    func examples(id: ObjectIdentifier) throws {
        let command = try #require(Self.commands.first { ObjectIdentifier($0) == id })
        let page = HelpPage.text(for: command, columns: 80)
        let name = Self.name(command)
        let blocks = try #require(page.components(separatedBy: "\nEXAMPLES:\n").last, "\(name) has no EXAMPLES")
        #expect(page.components(separatedBy: "\nEXAMPLES:\n").count == 2, "\(name)")
        let examples = blocks.split(separator: "\n\n").map { $0.split(separator: "\n") }
        #expect((3...6).contains(examples.count), "\(name): \(examples.count) examples")
        for example in examples {
            let comments = example.prefix { $0.hasPrefix("  # ") }
            let commands = example.dropFirst(comments.count)
            #expect(!comments.isEmpty && !commands.isEmpty, "\(name): \(example)")
            #expect(commands.allSatisfy { $0.hasPrefix("  $ ") }, "\(name): \(example)")
            // Each example uses the command it documents.
            let invocation = command == StoriesCommand.self ? "stories-cli " : "stories-cli \(name)"
            #expect(commands.contains { $0.contains(invocation) }, "\(name): \(example)")
        }
        #expect(page.hasSuffix("\n") && !page.hasSuffix("\n\n"))
    }

    @Test("Pages are ASCII (the man page generator drops anything else) and fit 80 columns but for USAGE and examples")
    func width() {
        for command in Self.commands {
            let page = HelpPage.text(for: command, columns: 80)
            #expect(page.unicodeScalars.allSatisfy { $0.isASCII }, "\(Self.name(command))")
            for line in page.split(separator: "\n")
            where !line.hasPrefix("USAGE: ") && !line.hasPrefix("  $ ") {
                #expect(line.count <= 80, "\(Self.name(command)): \(line)")
            }
        }
    }

    @Test("login --help is short and scannable: no RFC numbers, at most 50 lines on 80 columns")
    func login() {
        let page = HelpPage.text(for: LoginCommand.self, columns: 80)
        #expect(!page.contains("RFC"))
        #expect(page.split(separator: "\n", omittingEmptySubsequences: false).count <= 50, "\(page)")
        // What a user needs to act stays: the ways to sign in, and where the details went.
        for fact in ["--device", "--username", "--password-stdin", "browser", "docs/CLI.md"] {
            #expect(page.contains(fact), "\(fact)")
        }
    }

    @Test("No --help sends a reader to RFCs: they are in docs/CLI.md")
    func noRFCs() {
        for command in Self.commands {
            #expect(!HelpPage.text(for: command, columns: 80).contains("RFC"), "\(Self.name(command))")
        }
    }

    @Test("stories-cli --help is about 50 lines on 80 columns, and names the help topics that hold the reference")
    func shortOverview() {
        let page = HelpPage.text(for: StoriesCommand.self, columns: 80)
        #expect(page.split(separator: "\n", omittingEmptySubsequences: false).count <= 55, "\(page)")
        for section in ["ENVIRONMENT:", "FILES:", "EXIT CODES:"] { #expect(!page.contains(section), "\(section)") }
        let words = page.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for topic in ["help environment", "help exit-codes", "help files", "man stories-cli"] {
            #expect(words.contains(topic), "\(topic)")
        }
    }

    @Test("help environment and help files list every environment variable the CLI reads, and the files it keeps")
    func reference() throws {
        let page = HelpTopic.allCases.map { $0.text(columns: 80) }.joined(separator: "\n")
        // The labels of the ENVIRONMENT section: lines indented two columns, up to the description.
        let labels = try #require(Self.section("ENVIRONMENT", of: page)).filter { !$0.hasPrefix("   ") }.flatMap {
            $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0].components(separatedBy: ", ")
        }
        for variable in [
            "STORIES_SERVER", "STORIES_SERVER_URL", "STORIES_CREDENTIALS_DB", "STORIES_CREDENTIALS_STORAGE",
            "DBUS_SESSION_BUS_ADDRESS", "STORIES_DEBUG", "BROWSER", "DISPLAY",
            "WAYLAND_DISPLAY", "PATH", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy", "NO_PROXY", "no_proxy",
            "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR", "TMPDIR", "HOME", "NO_COLOR", "TERM", "COLUMNS",
        ] {
            #expect(labels.contains(variable), "\(variable)")
        }
        let files = try #require(Self.section("FILES", of: page)).joined(separator: "\n")
        for file in [
            "credentials.sqlite", "credentials.sqlite.lock", "config.json", "~/.local/share", "~/.config",
            "sign-in.html",
        ] {
            #expect(files.contains(file), "\(file)")
        }
        #expect(Self.section("EXIT CODES", of: page) != nil)
    }

    @Test("The page for a help message is found from its USAGE line, whichever command it is")
    func commandOfMessage() {
        for command in Self.commands {
            let message = StoriesCommand.helpMessage(for: command, columns: 80)
            #expect(HelpPage.command(ofHelpMessage: message) == command, "\(Self.name(command))")
        }
        #expect(HelpPage.command(ofHelpMessage: "1.0.0") == nil)
        #expect(HelpPage.command(ofHelpMessage: "#!/bin/bash\n") == nil)
    }

    @Test("The commands' own options come before the ones every command shares, as gh lists FLAGS first")
    func ownOptionsFirst() throws {
        let page = HelpPage.text(for: LoginCommand.self, columns: 80)
        let device = try #require(page.range(of: "  --device"))
        let server = try #require(page.range(of: "  --server "))
        #expect(device.lowerBound < server.lowerBound)
    }
}
