import ArgumentParser
import CommandReference
import Foundation
import StoriesDomain
import StoriesPresentation

/// `stories-cli show ID`: one story.
struct ShowCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one story.",
        discussion: """
            --json prints the story as one object, the same as each entry of the "stories" of `list --json` \
            (schema: docs/json/show.schema.json).
            """
    )

    static let examples = [
        CommandExample("One story, by the id `list` shows", "stories-cli show 42 --server local"),
        CommandExample("Only its link, for a script", "stories-cli show 42 --json | jq -r '.url // empty'"),
        CommandExample(
            "The newest story",
            "stories-cli show \"$(stories-cli list --limit 1 --json | jq -r '.stories[0].id')\""),
    ]

    @Argument(help: "The story's id, as `list` shows it.")
    var id: String

    @Flag(help: "Print JSON instead of a human layout.")
    var json = false

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

    init() {}

    func validate() throws {
        guard !id.isEmpty, id.count <= 200, !id.contains("/") else {
            throw ValidationError("A story id is a short string without '/', as `stories-cli list` shows it.")
        }
    }

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        try await services.withServer(context.server, clientStart: .atOnce) { services in
            try await execute(in: context, service: services.stories)
        }
    }

    /// The command over any story service.
    func execute(in context: CommandContext, service: any StoryService) async throws {
        let story = try await service.story(id: id)
        if json {
            try context.output.write(try StoryJSON.encode(StoryJSON.StoryObject(story: story)))
            return
        }
        let row = StoryRowFormatter(now: context.now).row(for: story)
        let color = context.output.usesColor
        // Server text is made safe before our own escape codes are added around it.
        var text = ANSI.bold(TerminalText.sanitize(row.title), enabled: color) + "\n"
        text += (story.url.map { TerminalText.sanitize($0.absoluteString) } ?? "(ask story: no link)") + "\n"
        let details =
            "\(row.points) by \(TerminalText.sanitize(row.author)) \(row.age) | \(row.comments) | id \(TerminalText.sanitize(row.id))"
        text += ANSI.dim(details, enabled: color)
        try context.output.write(text + "\n")
    }
}
