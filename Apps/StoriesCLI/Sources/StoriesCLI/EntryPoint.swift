import ArgumentParser
import StoriesCLIKit

// The executable only hands over to the command tree; everything else lives in StoriesCLIKit, where tests reach it.
@main
extension StoriesCommand {}
