/// Why a page could not be shown; each becomes an error page naming the problem.
public enum LoadError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedURL(String)
    case unsupportedScheme(String)
    case unreachableHost(String)
    case connectionRefused(host: String, port: Int)
    case httpStatus(Int, String)
    case timeout(seconds: Double)
    case tooLarge(limit: Int)
    case tooManyRedirects(limit: Int)
    case missingFile(String)
    case unreadableFile(String, reason: String)
    case fileFromWeb(String)
    case unsupportedContent(String)
    case picture(WebImage.DecodeError)
    case network(String)
    case cancelled

    init(_ error: WebURLError) {
        switch error {
        case .malformed(let message): self = .malformedURL(message)
        case .unsupportedScheme(let scheme): self = .unsupportedScheme(scheme)
        }
    }

    /// A short headline for the error page and the window title.
    public var title: String {
        switch self {
        case .malformedURL: "Not a valid address"
        case .unsupportedScheme: "Address not supported"
        case .unreachableHost: "Server not found"
        case .connectionRefused: "Connection refused"
        case .httpStatus(let code, let reason): "\(code) \(reason)"
        case .timeout: "The server took too long"
        case .tooLarge: "Too large"
        case .tooManyRedirects: "Too many redirects"
        case .missingFile: "File not found"
        case .unreadableFile: "File cannot be read"
        case .fileFromWeb: "Local file refused"
        case .unsupportedContent: "Cannot show this file"
        case .picture: "Picture cannot be shown"
        case .network: "Network error"
        case .cancelled: "Stopped"
        }
    }

    public var description: String {
        switch self {
        case .malformedURL(let message): message
        case .unsupportedScheme(let scheme): WebURLError.unsupportedScheme(scheme).description
        case .unreachableHost(let host): "The host “\(host)” could not be found. Check the address and the network."
        case .connectionRefused(let host, let port):
            "\(host) refused the connection on port \(port): no server is listening there."
        case .httpStatus(let code, let reason): "The server answered with HTTP status \(code) (\(reason))."
        case .timeout(let seconds): "No complete answer came within \(Self.format(seconds)) seconds (timeout)."
        case .tooLarge(let limit): "The file is larger than \(limit / (1024 * 1024)) MB, the most TouchDesk loads."
        case .tooManyRedirects(let limit): "The server redirected more than \(limit) times."
        case .missingFile(let path): "There is no file at \(path)."
        case .unreadableFile(let path, let reason): "\(path) cannot be read: \(reason)."
        case .fileFromWeb(let url): "A page from the web may not load the local file \(url)."
        case .unsupportedContent(let type): "TouchDesk shows web pages, text and pictures, not “\(type)”."
        case .picture(let error): error.description
        case .network(let message): message
        case .cancelled: "Loading was stopped."
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// Standard reason phrases for the statuses people meet.
    static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: code >= 500 ? "Server Error" : "Client Error"
        }
    }
}
