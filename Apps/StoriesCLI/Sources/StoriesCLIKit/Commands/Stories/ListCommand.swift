import APIClientLive
import ArgumentParser
import CommandReference
import StoriesDomain
import StoriesPresentation

/// `stories-cli list`: the newest stories, one page or (with `--all`) every page, written as the pages arrive.
struct ListCommand: StoriesSubcommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the newest stories.",
        discussion: """
            Each story is led by its id, which `show` takes (rows are not numbered, so that no position reads as \
            an id). When more stories follow, the last line on standard error is the exact command for the next page. --all follows every page to the end (at \
            most \(ConnectionLimits.standard.maximumPages) pages).

            --json prints one document, written as the pages arrive: "stories", "nextCursor" (null after the last \
            page) and "skipped" (items the server sent that are not valid stories). Keys are only ever added; the \
            schema is docs/json/list.schema.json. If a later page fails, the document is still closed, with \
            "nextCursor" at that page, and the command exits with the failure's code.
            """
    )

    static let examples = [
        CommandExample("The 20 newest stories on the local server", "stories-cli list --server local"),
        CommandExample(
            "The next page, as the footer of the page before says",
            "stories-cli list --server local --cursor djE6MjA"),
        CommandExample("Every story, 100 per request, into a file", "stories-cli list --all --json > stories.json"),
        CommandExample("Only the titles, with jq", "stories-cli list --json | jq -r '.stories[].title'"),
    ]

    @Option(help: "Stories per page, 1 to 100. (default: 20, or 100 with --all)")
    var limit: Int?

    @Flag(help: "Follow every page to the end.")
    var all = false

    @Option(help: ArgumentHelp("Start at this page: a nextCursor from an earlier --json listing.", valueName: "cursor"))
    var cursor: String?

    /// Accepted, without effect, for the next-page commands earlier versions printed, when rows were numbered.
    @Option(help: .hidden)
    var startNumber: Int?

    @Flag(help: "Print JSON instead of a human layout.")
    var json = false

    // After the command's own options, so that --help lists those first.
    @OptionGroup var connection: ConnectionOptions

    init() {}

    func validate() throws {
        if let limit, !StoryPageLimit.range.contains(limit) {
            throw ValidationError("--limit must be between 1 and 100.")
        }
        if let cursor, cursor.isEmpty || cursor.count > 1024 || cursor.contains(where: \.isNewline) {
            throw ValidationError("--cursor takes a nextCursor value as `list --json` prints it.")
        }
        if let startNumber, startNumber < 1 || startNumber > 1_000_000_000 {
            throw ValidationError("--start-number must be between 1 and 1000000000.")
        }
    }

    /// Stories per request: as asked, else the API's largest page for `--all` (fewest round trips) and the default
    /// page otherwise.
    var pageSize: Int {
        limit ?? (all ? StoryPageLimit.range.upperBound : StoryPageLimit.default)
    }

    func execute(in context: CommandContext, services: any CommandServices) async throws {
        try await services.withServer(context.server, clientStart: .atOnce) { services in
            if all {
                try await executeOnMainActor(in: context, service: services.stories)
            } else {
                try await execute(in: context, service: services.stories)
            }
        }
    }

    /// `--all` writes its pages from the main actor. Swift's pool has a thread per core, two here; writing a page from
    /// one of them, while the other decodes the next, left the request after that waiting for a thread, on the path
    /// from one page's answer to the next page's request that no reading ahead shortens. On the main actor's thread
    /// the writing leaves both to the requests: `list --all` over 1,000,000 stories took 0.88× the wall time it took
    /// on the pool (docs/PERFORMANCE.md). One page does not pay for the extra thread this starts.
    @MainActor
    private func executeOnMainActor(in context: CommandContext, service: any StoryService) async throws {
        try await execute(in: context, service: service)
    }

    /// The command over any story service: writes the story list view model's pages as they arrive. With `--all` the
    /// model reads one page ahead, so the next page is on its way while this one is decoded and written; without it,
    /// one page is all there is to read. It runs on its caller's actor, which the view model's methods run on too.
    nonisolated(nonsending) func execute(in context: CommandContext, service: any StoryService) async throws {
        var writer: any StoryListWriting =
            json
            ? JSONStoryListWriter(output: context.output)
            : HumanStoryListWriter(output: context.output)
        // Only the newest page is kept, and at most one more is on its way: memory stays flat however many pages
        // follow. Rows are formatted only for the human layout; JSON needs the stories alone.
        let list = StoryListViewModel(
            service: service, formatter: json ? nil : StoryRowFormatter(now: context.now), pageSize: pageSize,
            startingAt: cursor.map(StoryCursor.init(rawValue:)), maximumPages: all ? context.limits.maximumPages : 1,
            retention: .newestPage, readsAhead: all)
        var progress = ProgressLine(output: context.output)
        defer { progress.erase() }
        // Pages written so far: a call that ends the listing without a new page leaves the last one in the model.
        var writtenPages = 0
        await list.load()
        while true {
            switch list.state {
            case .failed(let failure):
                // The first page failed. Without a page there is nothing to close: "No stories yet." or an empty
                // document would read as a complete listing. A refusal of the page a --cursor named is the cursor's:
                // a usage error, with what --cursor takes.
                if let cursor, case .rejected(let reason) = failure.error {
                    throw FailureMessages.cursorRejected(cursor: cursor, reason: reason)
                }
                throw failure.error
            case .loaded(let content):
                if let failure = content.loadMoreFailure {
                    // What was written stays written; the JSON document is closed at the page that failed.
                    progress.erase()
                    try writer.finish(resumeCursor: list.resumeCursor, skipped: list.skipped)
                    if !json, let next = list.resumeCursor {
                        throw ListingCutOff(
                            failure: failure.error,
                            resumeCommand: continuation(after: next, in: context))
                    }
                    throw failure.error
                }
                if list.loadedPageCount > writtenPages {
                    try writer.write(stories: list.stories, rows: content.rows)
                    writtenPages = list.loadedPageCount
                }
            case .empty, .idle, .loading:
                break
            }
            if all { progress.update(stories: list.loadedStoryCount, pages: list.loadedPageCount) }
            // Without --all the model still asks once more: that fetches nothing (one page is the limit), but reports
            // a server that handed back the cursor the listing started from.
            guard list.canLoadMore else { break }
            await list.loadMore()
        }
        progress.erase()
        try writer.finish(resumeCursor: list.resumeCursor, skipped: list.skipped)
        if let next = list.resumeCursor, !all, !json {
            context.output.writeError(
                "More stories follow: `\(continuation(after: next, in: context))` continues, `--all` lists every page.\n"
            )
        }
        if !list.skipped.isEmpty {
            context.output.writeError(
                "warning: \(list.skipped.count) malformed stories from the server were skipped.\n")
        }
    }

    /// The command that lists the next page: the same server and limit, and the cursor, each word quoted for a
    /// shell.
    func continuation(after next: StoryCursor, in context: CommandContext) -> String {
        var words = ["stories-cli", "list", context.server.selectionArguments]
        if let limit { words += ["--limit", String(limit)] }
        words += ["--cursor", ShellWord.quoted(TerminalText.sanitize(next.rawValue))]
        return words.joined(separator: " ")
    }
}
