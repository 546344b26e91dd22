import Foundation

/// A small HTTP server on 127.0.0.1 (Python's http.server), serving a folder plus a few
/// misbehaving paths for the limit tests. Shared by the engine's tests and the end-to-end ones.
/// It stops when the test drops it, and on its own after two minutes should a test crash.
public final class LocalServer {
    public let root: URL
    public let port: Int
    private let pid: pid_t
    private let output: Int32

    static let script = #"""
    import http.server, os, sys, threading, time
    root, ttl = sys.argv[1], float(sys.argv[2])

    bomb_lock = threading.Lock()
    bomb_cache = []

    def bomb():
        # 1 GiB of zeros after a short page head, gzip-compressed to about 1 MB: one 1 MiB block of
        # zeros compressed after a full flush (so every copy is the same bytes), repeated.
        import struct, zlib
        with bomb_lock:
            if not bomb_cache:
                head = b"<html><head><title>Bomb</title></head><body><p>zeros follow</p>"
                c = zlib.compressobj(9, zlib.DEFLATED, -15)
                zeros = bytes(1 << 20)
                start = c.compress(head) + c.flush(zlib.Z_FULL_FLUSH)
                block = c.compress(zeros) + c.flush(zlib.Z_FULL_FLUSH)
                end = c.flush(zlib.Z_FINISH)
                crc = zlib.crc32(head)
                for _ in range(1024):
                    crc = zlib.crc32(zeros, crc)
                size = len(head) + 1024 * len(zeros)
                bomb_cache.append(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff" + start + block * 1024 + end
                                  + struct.pack("<II", crc & 0xffffffff, size & 0xffffffff))
            return bomb_cache[0]

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=root, **kwargs)
        def log_message(self, *args):
            pass
        def redirect(self, target):
            self.send_response(302)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.end_headers()
        def do_GET(self):
            try:
                if self.hostile():
                    return
            except (BrokenPipeError, ConnectionResetError):
                return
            if self.path == "/loop":
                return self.redirect("/loop")
            if self.path.startswith("/hops/"):
                n = int(self.path.split("/")[2])
                if n > 0:
                    return self.redirect("/hops/%d" % (n - 1))
            if self.path == "/to-file":
                return self.redirect("file:///etc/hostname")
            if self.path in ("/big", "/big-stream"):
                size = 21 * 1024 * 1024
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                if self.path == "/big":
                    self.send_header("Content-Length", str(size))
                self.end_headers()
                chunk = b"x" * 65536
                try:
                    for _ in range(size // len(chunk)):
                        self.wfile.write(chunk)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                return
            if self.path == "/slow":
                time.sleep(3)
            if self.path == "/latin1":
                body = "<html><body><p>caf\u00e9</p></body></html>".encode("latin-1")
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=iso-8859-1")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            if self.path.startswith("/hops/") or self.path == "/slow":
                body = b"<html><body><p>arrived</p></body></html>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                return
            return super().do_GET()

        def hostile(self):
            """The hostile servers: slowloris (headers or body a byte every two seconds), an
            endless chunked body, a gzip decompression bomb, a page in UTF-7. True if served."""
            if self.path == "/dribble-headers":
                for b in b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n" * 100:
                    self.wfile.write(bytes([b]))
                    self.wfile.flush()
                    time.sleep(2)
                return True
            if self.path == "/dribble-body":
                # More than the 512 bytes WebKit sniffs before it shows a page: with less, the page
                # has not answered yet (the first-answer timeout's case, as with the headers).
                head = (b"<html><head><title>Dribble</title><!-- " + b"-" * 600 + b" --></head>"
                        + b"<body><p>a byte every two seconds:</p><p>")
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(head) + 100000))
                self.end_headers()
                self.wfile.write(head)
                self.wfile.flush()
                for _ in range(100000):
                    time.sleep(2)
                    self.wfile.write(b"x")
                    self.wfile.flush()
                return True
            if self.path == "/endless":
                self.protocol_version = "HTTP/1.1"
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Transfer-Encoding", "chunked")
                self.send_header("Connection", "close")
                self.end_headers()
                def chunk(data):
                    self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")
                chunk(b"<html><head><title>Endless</title></head><body>")
                line = b"<p>" + b"endless " * 8000 + b"</p>\n"
                while True:
                    chunk(line)
                return True
            if self.path == "/bomb":
                body = bomb()
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return True
            if self.path in ("/utf7", "/ascii-script"):
                script = "<script>document.title = 'a script ran'</script>"
                if self.path == "/utf7":
                    script = script.replace("<", "+ADw-").replace(">", "+AD4-")
                body = ("<html><head><title>Not run</title></head><body><p>" + script + "</p></body></html>").encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=" + ("utf-7" if self.path == "/utf7" else "us-ascii"))
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return True
            return False

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Timer(ttl, lambda: os._exit(0)).start()
    server.serve_forever()
    """#

    /// Starts a server for `files` (relative path → contents).
    public init(files: [String: [UInt8]]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("touchdesk-web-\(UUID().uuidString)")
        for (path, contents) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents).write(to: file)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let scriptFile = root.appendingPathComponent(".server.py")
        try Data(Self.script.utf8).write(to: scriptFile)

        // posix_spawn rather than Foundation's Process, whose waitUntilExit hangs on test threads;
        // the child inherits the test thread's blocked signals, so it is stopped with SIGKILL.
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ServerError.didNotStart }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        let arguments = ["/usr/bin/python3", scriptFile.path, root.path, "120"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/usr/bin/python3", &actions, nil, &argv, environ)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            throw ServerError.didNotStart
        }
        pid = child
        output = fds[0]

        var line: [UInt8] = []
        var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        while !line.contains(UInt8(ascii: "\n")), poll(&poller, 1, 10_000) > 0 {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(output, &buffer, buffer.count)
            if count <= 0 { break }
            line += buffer[0..<count]
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(child, SIGKILL)
            waitpid(child, nil, 0)
            close(output)
            throw ServerError.didNotStart
        }
        self.port = port
    }

    deinit {
        kill(pid, SIGKILL)
        waitpid(pid, nil, 0)
        close(output)
        try? FileManager.default.removeItem(at: root)
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    public enum ServerError: Error { case didNotStart }

    /// A port nobody listens on: bound once to learn a free number, then closed.
    public static func refusedPort() -> Int {
        // Below the ephemeral range (32768–60999 on Linux): a connect to a free ephemeral port can
        // be given that same port as its source and connect to itself (TCP self-connect), which
        // hangs the client until its timeout instead of being refused.
        let first = 20_000 + Int(getpid() % 5_000)
        for port in first..<(first + 500) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            if bound == 0 { return port }
        }
        return 1
    }
}
