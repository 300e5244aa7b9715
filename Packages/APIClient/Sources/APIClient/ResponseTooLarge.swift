/// A response body was larger than the limit set for its operation, so it was abandoned before it was held in full.
public struct ResponseTooLarge: Error, Sendable, Equatable {
    /// The operation whose response was too large.
    public let operationID: String
    /// The limit, in bytes.
    public let limit: Int

    public init(operationID: String, limit: Int) {
        self.operationID = operationID
        self.limit = limit
    }
}
