import Synchronization
import Testing

@testable import StoriesCLIKit

@Suite("Password prompts")
struct CredentialPromptsTests {
    /// A terminal whose no-echo prompts are answered from `answers` in order, recording each prompt shown.
    final class ScriptedTerminal: Sendable {
        private let state: Mutex<(answers: [String], prompts: [String])>

        init(_ answers: [String]) {
            state = Mutex((answers, []))
        }

        var prompts: [String] { state.withLock { $0.prompts } }

        var input: UserInput {
            UserInput(
                isInteractive: true, readLine: { nil },
                readSecret: { prompt in
                    self.state.withLock { state in
                        state.prompts.append(prompt)
                        return state.answers.isEmpty ? nil : state.answers.removeFirst()
                    }
                },
                readVisible: { _ in nil })
        }
    }

    @Test("A confirmation that does not match asks again, saying why, and takes a matching pair")
    func asksAgainOnMismatch() throws {
        let terminal = ScriptedTerminal(["first-try", "typo", "second-try", "second-try"])
        let password = try CredentialPrompts(input: terminal.input, passwordFromStandardInput: false)
            .password(confirm: true)
        #expect(password == "second-try")
        #expect(
            terminal.prompts == [
                "Password: ", "Password (again): ", "The passwords do not match. Password: ", "Password (again): ",
            ])
    }

    @Test("Three mismatches end with a usage error, as a person who cannot repeat a password would expect")
    func givesUpAfterThreeTries() {
        let terminal = ScriptedTerminal(["a", "b", "c", "d", "e", "f", "g", "h"])
        #expect(throws: CommandFailure.usage("The passwords did not match three times; nothing was sent.")) {
            try CredentialPrompts(input: terminal.input, passwordFromStandardInput: false).password(confirm: true)
        }
        #expect(terminal.prompts.count == 6)
    }
}
