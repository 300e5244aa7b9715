import CommandReference
import Foundation
import StoriesCLIKit
import StoriesServerKit

/// Writes the mdoc sections of one executable's man page that swift-argument-parser's `generate-manual` has no place
/// for (ENVIRONMENT, FILES, EXIT STATUS, EXAMPLES, SEE ALSO), from the values `--help` prints them from, so that
/// `Scripts/generate-man` reads no help text:
///
///     ManualSections stories-cli|stories-server
@main
enum ManualSections {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        let page: ManualPage
        switch (arguments.first, arguments.count) {
        case ("stories-cli", 1): page = CLIManual.page
        case ("stories-server", 1): page = ServerReference.manualPage
        default:
            FileHandle.standardError.write(Data("usage: ManualSections stories-cli|stories-server\n".utf8))
            exit(64)
        }
        print(page.mdocLines.joined(separator: "\n"))
    }
}
