/// Where a form's submission stands.
public enum FormSubmission<Success: Sendable & Equatable>: Sendable, Equatable {
    case editing
    case submitting
    case succeeded(Success)
    /// `message` says what happened and what to do.
    case failed(message: String)
}
