import ArgumentParser
import Authorization
import CredentialsStore
import Foundation

/// What a shell offers when the user presses Tab after `--server` or `use` (the named servers) and after `--account`
/// (the accounts signed in to the server the command line selects).
///
/// Account names are asked for in a process started only for that (`stories-cli ---completion … -- --account …`,
/// which the completion script runs), before any command exists: so they are read here, in the composition root,
/// the way `status` reads sessions but lighter: the selected server resolved from the words typed so far and the
/// environment as a command would resolve it, then the credentials file read over one read-only connection, with
/// no request, no refresh lock, and nothing created. Anything that goes wrong offers nothing: a suggestion is never
/// worth an error message in the middle of a command line.
enum ShellCompletion {
    /// The names `--server` takes.
    static var serverNames: [String] { ServerName.allCases.map(\.rawValue) }

    /// The accounts signed in to the server `words` (the command line being completed, as the shell split it)
    /// selects, sorted; in `environment` as a command would see it.
    static func accountNames(words split: [String], environment: [String: String]) -> [String] {
        let words = rejoined(split)
        let serverName = value(of: "--server", in: words)
        guard serverName.map({ ServerName(rawValue: $0) != nil }) ?? true,
            let server = try? ResolvedServer.resolve(
                serverOption: serverName.flatMap(ServerName.init(rawValue:)),
                serverURLOption: value(of: "--server-url", in: words),
                environment: environment,
                configuration: CLIConfiguration.load(environment: environment)),
            let origin = try? ServerOrigin(server.url),
            let path = try? CredentialsLocation.resolve(
                option: value(of: "--credentials-db", in: words), environment: environment)
        else { return [] }
        return (try? SQLiteCredentialsStore.accountNames(inFileAt: path, for: origin)) ?? []
    }

    /// `words` with the words bash split off at the `:` and `=` of its `COMP_WORDBREAKS` joined back to their
    /// neighbours: bash hands `--server-url http://127.0.0.1:8080/v1` over as `http`, `:`, `//127.0.0.1`, `:`,
    /// `8080/v1` (and `--server-url=…` with `=` as a word of its own), so the URL read from them would be `http`,
    /// and no account offered. No argument of stories-cli is a lone `:` or `=`, so joining loses nothing. (git's and
    /// gh's completions meet the same split with `__ltrim_colon_completions`, which trims the offered values instead:
    /// that helps when the word being completed has a colon, not when an earlier one has.)
    static func rejoined(_ words: [String]) -> [String] {
        var joined: [String] = []
        var glueNext = false
        for word in words {
            if word == ":" || word == "=", let last = joined.last, last != "" {
                joined[joined.count - 1] = last + word
                glueNext = true
            } else if glueNext, let last = joined.last {
                joined[joined.count - 1] = last + word
                glueNext = false
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// The value last given to `option` in `words` (`--option value` or `--option=value`), without the quotes a
    /// shell passes along; `nil` when it is not given.
    static func value(of option: String, in words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count {
                found = words[index + 1]
            } else if word.hasPrefix(option + "=") {
                found = String(word.dropFirst(option.count + 1))
            }
        }
        return found.map(unquoted)
    }

    /// `word` without one pair of surrounding single or double quotes.
    private static func unquoted(_ word: String) -> String {
        for quote in ["'", "\""] where word.count >= 2 && word.hasPrefix(quote) && word.hasSuffix(quote) {
            return String(word.dropFirst().dropLast())
        }
        return word
    }
}

extension CompletionKind {
    /// The named servers, written into the completion script: no process is started to offer them.
    static var serverNames: CompletionKind { .list(ShellCompletion.serverNames) }

    /// The accounts signed in to the server the command line selects, read when the user presses Tab.
    static var signedInAccounts: CompletionKind {
        .custom { words, _, _ in
            ShellCompletion.accountNames(words: words, environment: ProcessInfo.processInfo.environment)
        }
    }
}
