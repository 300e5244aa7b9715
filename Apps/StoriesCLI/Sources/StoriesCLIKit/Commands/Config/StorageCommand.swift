import ArgumentParser
import CommandReference
import CredentialsStore
import Foundation

/// `stories-cli storage [seal|unseal]`: how the credentials file keeps its tokens, and moving it between the two.
struct StorageCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage",
        abstract: "Show how the credentials file keeps its tokens, or seal or unseal it.",
        discussion: """
            sealed: the tokens are encrypted (AES-GCM) with a key of this file's own that the OS keyring holds (the \
            Secret Service on Linux), so a copy of the file alone opens no session. plain: the tokens are in the \
            0600 file itself. New files are sealed unless `login --insecure-storage` or \
            STORIES_CREDENTIALS_STORAGE=plain chose plain storage; files from before sealing are plain.

            `storage seal` and `storage unseal` move every session of the file, in one transaction and holding the \
            same lock as a session renewal, so no session is lost and no other stories-cli process renews one \
            meanwhile. Unsealing deletes the file's key from the keyring. Both need a usable keyring (exit 78 \
            without one); a file sealed by a keyring that is not available here cannot be unsealed (exit 77: sign \
            in again).
            """
    )

    static let examples = [
        CommandExample("How the credentials file keeps its tokens", "stories-cli storage"),
        CommandExample("Seal a plain file's tokens with a key in the OS keyring", "stories-cli storage seal"),
        CommandExample(
            "Before moving the file to a machine without a keyring", "stories-cli storage unseal"),
    ]

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case seal, unseal
    }

    @Argument(help: ArgumentHelp("seal or unseal; none shows the file's storage.", valueName: "action"))
    var action: Action?

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

    init() {}

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        let path = context.credentialsPath
        guard FileManager.default.fileExists(atPath: path) else {
            let storage = context.newFileStorage == .sealed ? "sealed" : "plain"
            try context.output.write("No credentials file at \(path) yet; a new one will be \(storage).\n")
            return
        }
        guard let action else {
            let storage = try await services.credentialsStorage() ?? context.newFileStorage
            try context.output.write("\(path): \(Self.describe(storage))\n")
            return
        }
        let target: CredentialsStorage = action == .seal ? .sealed : .plain
        let changed = try await services.changeCredentialsStorage(to: target)
        let verb = changed ? "is now" : "was already"
        try context.output.write("\(path) \(verb) \(Self.describe(target))\n")
    }

    static func describe(_ storage: CredentialsStorage) -> String {
        switch storage {
        case .sealed: "sealed (tokens encrypted with a key in the OS keyring)."
        case .plain: "plain (tokens in the 0600 file itself)."
        }
    }
}
