import Foundation

/// The words for `stories-cli api`'s own failures: its arguments (all usage errors, exit 64) and the answers it
/// does not count as success.
extension FailureMessages {
    static func failure(for error: APIArgumentError) -> CommandFailure {
        let message =
            switch error {
            case .malformedField(let flag, let argument):
                "\(flag) expects key=value with a non-empty key, not '\(serverText(argument))'."
            case .malformedHeader(let argument):
                "-H expects 'Name: value' with a valid field name and value, not '\(serverText(argument))'."
            case .reservedHeader(let name):
                "-H \(name) cannot be given: the session and the transport set it for every request."
            case .malformedMethod(let method):
                "-X expects an HTTP method such as GET or POST, not '\(serverText(method))'."
            case .malformedPath(let path):
                "'\(serverText(path))' is not a path under the API root (such as /me) or a URL."
            case .outsideServer(let url, let server):
                "Refusing to send the session for \(server) to \(serverText(url)): api only sends it to URLs under the server URL; give a path such as /me."
            case .unreadableFile(let path, let errorNumber?):
                "Cannot read \(path == "-" ? "standard input" : path): \(String(cString: strerror(errorNumber)))."
            case .unreadableFile(let path, nil):
                "Cannot read \(path == "-" ? "standard input" : path)."
            case .inputTooLarge(let path, let limit):
                "\(path == "-" ? "Standard input" : path) holds more than \(limit / 1024 / 1024) MiB, the most a request body may have."
            case .standardInputTwice:
                "Standard input can be read once: give --input - or one -F key=@-, not both."
            case .paginateNeedsGET(let method):
                "--paginate follows the pages of a GET, not of a \(method)."
            case .slurpNeedsPaginate:
                "--slurp gathers the pages of --paginate: add --paginate."
            case .slurpWithInclude:
                "--slurp prints one JSON array, which has no place for --include's header fields: choose one."
            }
        return CommandFailure.usage(message)
    }

    static func failure(for error: APIResponseFailure, server: ServerWording) -> CommandFailure {
        switch error {
        case .status(let code, let reason, let relativePath, let basePath):
            let phrase = reason.isEmpty ? "" : " " + serverText(reason)
            let answered = "\(server.name) answered HTTP \(code)\(phrase) (its body is printed)."
            switch code {
            case 401:
                return CommandFailure(
                    "\(answered) The session was refused: run `\(server.loginCommand)` to sign in again.",
                    exitStatus: .signInRequired)
            case 403:
                return CommandFailure("\(answered) This account may not do that.", exitStatus: .signInRequired)
            case 408, 429, 500...599:
                return CommandFailure("\(answered) Try again later.", exitStatus: .unreachable)
            case 404 where !basePath.isEmpty && relativePath.hasPrefix(basePath + "/"):
                let shorter = String(relativePath.dropFirst(basePath.count))
                return CommandFailure(
                    "\(answered) PATH is relative to the API root, which already ends in \(basePath): try `stories-cli api \(serverText(shorter))`.",
                    exitStatus: .failure)
            default:
                return CommandFailure(answered, exitStatus: .failure)
            }
        case .nextPageOutsideServer(let link):
            return CommandFailure(
                "\(server.name)'s next-page link '\(serverText(link))' leads outside the server URL; the session is not sent there, and paging stopped.",
                exitStatus: .malformedData)
        case .pageNotJSON(let page):
            return CommandFailure(
                "Page \(page) from \(server.name) is not JSON, so --slurp cannot put it into the array; the pages before it were printed.",
                exitStatus: .malformedData)
        case .tooManyPages(let limit):
            return CommandFailure(
                "\(server.name) still had more pages after \(limit); stopped following them.",
                exitStatus: .malformedData)
        }
    }
}
