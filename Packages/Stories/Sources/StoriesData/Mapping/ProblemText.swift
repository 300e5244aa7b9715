import APIClient

/// A one-line, sanitised summary of an RFC 9457 problem response.
enum ProblemText {
    static func summary(of body: Components.Responses.BadRequest.Body) -> String {
        switch body {
        case .applicationProblemJson(let problem): summary(of: problem)
        }
    }

    static func summary(of problem: Components.Schemas.Problem) -> String {
        let text = problem.detail.map { "\(problem.title): \($0)" } ?? problem.title
        return Redaction.sanitize(text, maxLength: 200)
    }
}
