import ArgumentParser
import StoriesDomain
import StoriesPresentation

/// `stories-cli list`: the newest stories.
public struct ListCommand: StoriesSubcommand {
    public static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the newest stories.",
        discussion: """
            --json prints {"stories": [Story], "nextCursor": string|null, "skipped": [{"id", "reason"}]}, \
            where a Story is {"id", "title", "url" (null for ask stories), "author", "score", "commentCount", \
            "createdAt" (RFC 3339)}.
            """
    )

    @OptionGroup public var connection: ConnectionOptions

    @Option(help: "Stories per page, 1 to 100.")
    public var limit = StoryPageLimit.default

    @Flag(help: "Follow every page to the end.")
    public var all = false

    @Flag(help: "Print JSON instead of a human layout.")
    public var json = false

    public init() {}

    public func validate() throws {
        guard StoryPageLimit.range.contains(limit) else {
            throw ValidationError("--limit must be between 1 and 100.")
        }
    }

    public func execute(in context: CommandContext) async throws {
        try await CompositionRoot.withServices(context: context) { services in
            try await execute(in: context, service: services.stories)
        }
    }

    /// The command over any story service.
    public func execute(in context: CommandContext, service: any StoryService) async throws {
        try await Self.list(limit: limit, all: all, json: json, context: context, service: service)
    }

    @MainActor
    private static func list(
        limit: Int,
        all: Bool,
        json: Bool,
        context: CommandContext,
        service: any StoryService
    ) async throws {
        let viewModel = CompositionRoot.makeStoryListViewModel(service: service, pageSize: limit, now: context.now)
        await viewModel.load()
        while all, viewModel.canLoadMore {
            await viewModel.loadMore()
        }
        switch viewModel.state {
        case .idle, .loading:
            return
        case .failed(let failure):
            throw failure.error
        case .empty:
            if json {
                try context.output.write(
                    try StoryJSON.encode(StoryJSON.ListObject(stories: [], nextCursor: nil, skipped: [])))
            } else {
                try context.output.write("No stories yet.\n")
            }
        case .loaded(let content):
            if let failure = content.loadMoreFailure { throw failure.error }
            if json {
                let list = StoryJSON.ListObject(
                    stories: viewModel.stories,
                    nextCursor: viewModel.nextCursor,
                    skipped: viewModel.skipped
                )
                try context.output.write(try StoryJSON.encode(list))
            } else {
                try context.output.write(StoryListRenderer.render(content.rows, color: context.output.usesColor))
                if content.canLoadMore {
                    context.output.writeError("More stories follow: use --all, or --limit up to 100.\n")
                }
            }
            if content.skippedCount > 0 {
                context.output.writeError(
                    "warning: \(content.skippedCount) malformed stories from the server were skipped.\n")
            }
        }
    }
}
