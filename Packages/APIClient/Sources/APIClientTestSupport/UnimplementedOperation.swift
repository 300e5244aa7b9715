/// Thrown by a handler of a `MockAPI` or `MockAuthorizationServerAPI` that the test did not provide.
public struct UnimplementedOperation: Error, CustomStringConvertible {
    public let operationID: String

    public init(operationID: String) {
        self.operationID = operationID
    }

    public var description: String { "unimplemented \(operationID)" }
}
