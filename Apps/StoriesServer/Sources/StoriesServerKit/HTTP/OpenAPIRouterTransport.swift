import HTTPTypes
import Hummingbird
import OpenAPIRuntime

/// Registers the generated handlers on a Hummingbird router, as `OpenAPIHummingbird` does, except that a response
/// body of known length up to `maximumBufferedBodyLength` is collected into one buffer before it is written.
///
/// The framework writes a one-buffer response — head, body and end — in one batch; a streamed body costs three
/// hand-overs to the connection's event loop and two socket writes. Every body this server produces is already in
/// memory, so collecting it copies nothing that was not there. A longer body, or one of unknown length, still
/// streams.
struct OpenAPIRouterTransport<Context: RequestContext>: ServerTransport {
    let router: Router<Context>
    var maximumBufferedBodyLength = 1 << 20

    func register(
        _ handler:
            @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (
                HTTPResponse, HTTPBody?
            ),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        let limit = maximumBufferedBodyLength
        router.on(RouterPath(path), method: method) { request, context in
            let length: HTTPBody.Length =
                if let header = request.headers[.contentLength], let value = Int(header) {
                    .known(Int64(value))
                } else {
                    .unknown
                }
            let body = HTTPBody(request.body.map { [UInt8](buffer: $0) }, length: length, iterationBehavior: .single)
            let parameters = [String: Substring](
                context.parameters.map { (String($0.0), $0.1) }, uniquingKeysWith: { first, _ in first })
            let (response, responseBody) = try await handler(
                request.head, body, ServerRequestMetadata(pathParameters: parameters))
            return try await Response(response, body: responseBody, bufferingUpTo: limit)
        }
    }
}

extension Response {
    fileprivate init(_ response: HTTPResponse, body: HTTPBody?, bufferingUpTo limit: Int) async throws {
        guard let body else {
            self.init(status: response.status, headers: response.headerFields, body: ResponseBody(byteBuffer: .init()))
            return
        }
        let responseBody: ResponseBody
        switch body.length {
        case .known(let length) where length <= limit:
            var buffer = ByteBuffer()
            buffer.reserveCapacity(Int(length))
            for try await chunk in body {
                buffer.writeBytes(chunk)
            }
            responseBody = ResponseBody(byteBuffer: buffer)
        case .known(let length):
            let chunks = body.map { ByteBuffer(bytes: $0) }
            responseBody = ResponseBody(contentLength: Int(length)) { writer in
                for try await chunk in chunks { try await writer.write(chunk) }
                try await writer.finish(nil)
            }
        case .unknown:
            responseBody = ResponseBody(asyncSequence: body.map { ByteBuffer(bytes: $0) })
        }
        self.init(status: response.status, headers: response.headerFields, body: responseBody)
    }
}
