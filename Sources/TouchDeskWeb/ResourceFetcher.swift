import CCurl
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One resource fetched: the bytes and what the server said about them.
struct FetchedResource: Sendable {
    /// Where the bytes came from, after redirects.
    var url: WebURL
    var contentType: String?
    var body: [UInt8]
}

/// Fetches `file://` and `http(s)://` resources with the limits of `LoadLimits`, on the
/// calling thread (the loader's worker), stopping early when the task is cancelled.
struct ResourceFetcher: Sendable {
    var limits: LoadLimits
    var task: LoadTask

    /// `progress` is called with (bytes received, bytes expected when known).
    func fetch(_ url: WebURL, progress: (Int, Int?) -> Void = { _, _ in }) -> Result<FetchedResource, LoadError> {
        if task.isCancelled { return .failure(.cancelled) }
        if url.isFile { return fetchFile(url) }
        if url.isHTTP { return fetchHTTP(url, progress: progress) }
        return .failure(.unsupportedScheme(url.scheme ?? ""))
    }

    // MARK: - Files

    private func fetchFile(_ url: WebURL) -> Result<FetchedResource, LoadError> {
        guard let path = url.filePath else { return .failure(.malformedURL(url.description)) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .failure(.missingFile(path))
                : .failure(.unreadableFile(path, reason: String(cString: strerror(errno))))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return listDirectory(path, url: url) }
        if Int(info.st_size) > limits.maxBytes { return .failure(.tooLarge(limit: limits.maxBytes)) }
        // Opened non-blocking and checked again once open: a FIFO or a device is refused, never
        // waited on or read for ever.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.unreadableFile(path, reason: String(cString: strerror(errno)))) }
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return .failure(.unreadableFile(path, reason: "it is not a regular file"))
        }
        guard let file = fdopen(fd, "rb") else {
            close(fd)
            return .failure(.unreadableFile(path, reason: String(cString: strerror(errno))))
        }
        defer { fclose(file) }
        var body: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { body.append(contentsOf: chunk[0..<count]) }
            if body.count > limits.maxBytes { return .failure(.tooLarge(limit: limits.maxBytes)) }
            if count < chunk.count { break }
            if task.isCancelled { return .failure(.cancelled) }
        }
        return .success(FetchedResource(url: url, contentType: nil, body: body))
    }

    /// A folder shows as a page listing its files.
    private func listDirectory(_ path: String, url: WebURL) -> Result<FetchedResource, LoadError> {
        guard let directory = opendir(path) else {
            return .failure(.unreadableFile(path, reason: String(cString: strerror(errno))))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && !name.hasPrefix(".") || name == ".." { names.append(name) }
        }
        names.sort()
        let folder = url.path.hasSuffix("/") ? url : WebURL(filePath: path + "/")
        var html = "<html><head><meta charset=\"utf-8\"><title>\(HTML.escape(path))</title></head><body>"
        html += "<h1>\(HTML.escape(path))</h1><ul>"
        for name in names {
            let href = WebURL(filePath: "/" + name).path.dropFirst()
            html += "<li><a href=\"\(folder.resolving(String(href)).description)\">\(HTML.escape(name))</a></li>"
        }
        html += "</ul></body></html>"
        return .success(FetchedResource(url: folder, contentType: "text/html; charset=utf-8", body: Array(html.utf8)))
    }

    // MARK: - HTTP

    private func fetchHTTP(_ url: WebURL, progress: (Int, Int?) -> Void) -> Result<FetchedResource, LoadError> {
        guard curlIsReady, let curl = curl_easy_init() else { return .failure(.network("libcurl could not start.")) }
        defer { curl_easy_cleanup(curl) }

        return withoutActuallyEscaping(progress) { progress in
            let transfer = Transfer(limit: limits.maxBytes, task: task, progress: progress)
            let context = Unmanaged.passUnretained(transfer).toOpaque()
            var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            let timeoutMS = max(1, Int(limits.timeout * 1000))

            let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errorPointer in
                _ = td_curl_set_string(curl, CURLOPT_URL, url.withoutFragment.description)
                _ = td_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
                _ = td_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 1)
                _ = td_curl_set_long(curl, CURLOPT_MAXREDIRS, limits.maxRedirects)
                _ = td_curl_set_long(curl, CURLOPT_TIMEOUT_MS, timeoutMS)
                _ = td_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, timeoutMS)
                _ = td_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https")
                _ = td_curl_set_string(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
                _ = td_curl_set_string(curl, CURLOPT_ACCEPT_ENCODING, "")
                _ = td_curl_set_string(curl, CURLOPT_USERAGENT, "TouchDesk/1.0 (litehtml; X11)")
                _ = td_curl_set_off(curl, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBytes))
                _ = td_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, errorPointer.baseAddress)
                _ = td_curl_set_write(curl, curlWrite, context)
                _ = td_curl_set_progress(curl, curlProgress, context)
                return curl_easy_perform(curl)
            }
            let message = String(decoding: errorBuffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let finalURL = td_curl_effective_url(curl).map { WebURL(reference: String(cString: $0)) } ?? url

            switch code {
            case CURLE_OK:
                let status = Int(td_curl_response_code(curl))
                if status >= 400 { return .failure(.httpStatus(status, LoadError.reasonPhrase(status))) }
                let type = td_curl_content_type(curl).map { String(cString: $0) }
                return .success(FetchedResource(url: finalURL.withFragment(url.fragment), contentType: type,
                                                body: transfer.body))
            case CURLE_ABORTED_BY_CALLBACK:
                return .failure(.cancelled)
            case CURLE_WRITE_ERROR where transfer.exceeded, CURLE_FILESIZE_EXCEEDED:
                return .failure(.tooLarge(limit: limits.maxBytes))
            case CURLE_COULDNT_RESOLVE_HOST:
                return .failure(.unreachableHost(url.host ?? ""))
            case CURLE_COULDNT_CONNECT:
                if td_curl_os_errno(curl) == ECONNREFUSED || message.lowercased().contains("refused") {
                    return .failure(.connectionRefused(host: url.host ?? "", port: url.port ?? 80))
                }
                return .failure(.unreachableHost(url.host ?? ""))
            case CURLE_OPERATION_TIMEDOUT:
                return .failure(.timeout(seconds: limits.timeout))
            case CURLE_TOO_MANY_REDIRECTS:
                return .failure(.tooManyRedirects(limit: limits.maxRedirects))
            case CURLE_UNSUPPORTED_PROTOCOL:
                return .failure(.unsupportedScheme(finalURL.scheme ?? ""))
            case CURLE_URL_MALFORMAT:
                return .failure(.malformedURL("“\(url)” is not a valid address."))
            default:
                let text = message.isEmpty ? String(cString: curl_easy_strerror(code)) : message
                return .failure(.network(text))
            }
        }
    }
}

/// The state one transfer's C callbacks share; lives on the fetching thread only.
private final class Transfer {
    let limit: Int
    let task: LoadTask
    let progress: (Int, Int?) -> Void
    var body: [UInt8] = []
    var exceeded = false
    var lastReported = -1

    init(limit: Int, task: LoadTask, progress: @escaping (Int, Int?) -> Void) {
        self.limit = limit
        self.task = task
        self.progress = progress
    }
}

private let curlWrite: td_curl_write_fn = { data, size, count, user in
    let transfer = Unmanaged<Transfer>.fromOpaque(user!).takeUnretainedValue()
    let length = size * count
    if transfer.body.count + length > transfer.limit {
        transfer.exceeded = true
        return 0  // curl stops with CURLE_WRITE_ERROR
    }
    if let data {
        data.withMemoryRebound(to: UInt8.self, capacity: length) {
            transfer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
    }
    return length
}

private let curlProgress: td_curl_progress_fn = { user, total, now, _, _ in
    let transfer = Unmanaged<Transfer>.fromOpaque(user!).takeUnretainedValue()
    if transfer.task.isCancelled { return 1 }
    if Int(now) != transfer.lastReported {
        transfer.lastReported = Int(now)
        transfer.progress(Int(now), total > 0 ? Int(total) : nil)
    }
    return 0
}

/// curl_global_init is not thread-safe, so it runs once, before the first transfer.
private let curlIsReady: Bool = curl_global_init(Int(CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32)) == CURLE_OK
