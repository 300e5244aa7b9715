import HTTPTypes
import OpenAPIRuntime

/// Records what reaches the transport and answers with scripted statuses.
actor RecordingTransport {
    private(set) var requests: [HTTPRequest] = []
    private var statuses: [HTTPResponse.Status]

    init(statuses: [HTTPResponse.Status] = [.ok]) {
        self.statuses = statuses
    }

    func send(_ request: HTTPRequest) -> (HTTPResponse, HTTPBody?) {
        requests.append(request)
        let status = statuses.count > 1 ? statuses.removeFirst() : statuses[0]
        return (HTTPResponse(status: status), nil)
    }
}
