import TouchDeskInterface
import CGLib

/// A thin owner of one GLib `GBookmarkFile` (the desktop bookmark spec's reader and writer that
/// GTK's recent manager uses): load from bytes, read the entries, touch one file, write out.
/// Used by `RecentFiles` alone, on one thread at a time.
final class BookmarkFile {
    private let file: OpaquePointer

    init() { file = g_bookmark_file_new() }
    deinit { g_bookmark_file_free(file) }

    /// Replaces the contents with the document in `bytes`; GLib's reason when it does not parse.
    func load(_ bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty else { return tr("the file is empty") }
        var error: UnsafeMutablePointer<GError>?
        let ok = bytes.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { g_bookmark_file_load_from_data(file, $0, gsize(b.count), &error) }
        }
        return ok != 0 ? nil : Self.take(error)
    }

    /// The document as GLib writes it.
    func data() -> [UInt8] {
        var length: gsize = 0
        guard let text = g_bookmark_file_to_data(file, &length, nil) else { return [] }
        defer { g_free(text) }
        return text.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    /// Every `file://` bookmark, with when it was last used by anyone.
    func entries() -> [RecentFiles.Entry] {
        var count: gsize = 0
        guard let uris = g_bookmark_file_get_uris(file, &count) else { return [] }
        defer { g_strfreev(uris) }
        return (0..<Int(count)).compactMap { i -> RecentFiles.Entry? in
            guard let u = uris[i] else { return nil }
            let uri = String(cString: u)
            guard let path = RecentFiles.path(fromURI: uri) else { return nil }
            let mime = g_bookmark_file_get_mime_type(file, u, nil).map { m in defer { g_free(m) }; return String(cString: m) }
            var times = [g_bookmark_file_get_added_date_time(file, u, nil), g_bookmark_file_get_modified_date_time(file, u, nil),
                         g_bookmark_file_get_visited_date_time(file, u, nil)].compactMap { $0.map(Self.seconds) }
            var names: [String] = []
            var n: gsize = 0
            if let apps = g_bookmark_file_get_applications(file, u, &n, nil) {
                defer { g_strfreev(apps) }
                for j in 0..<Int(n) {
                    guard let name = apps[j] else { continue }
                    names.append(String(cString: name))
                    var stamp: OpaquePointer?
                    if g_bookmark_file_get_application_info(file, u, name, nil, nil, &stamp, nil) != 0, let stamp { times.append(Self.seconds(stamp)) }
                }
            }
            return RecentFiles.Entry(path: path, mimeType: mime, used: times.max() ?? 0, applications: names)
        }
    }

    /// Records that `application` (the command line `exec`) used `uri` at `now`: its MIME type,
    /// the bookmark's modified and visited times (added, when new), and the application's count
    /// and time, as GTK's recent manager does.
    func touch(_ uri: String, mimeType: String, application: String, exec: String, now: Double) {
        let stamp = Self.dateTime(now)
        defer { g_date_time_unref(stamp) }
        let isNew = g_bookmark_file_has_item(file, uri) == 0
        g_bookmark_file_set_mime_type(file, uri, mimeType)
        if isNew { g_bookmark_file_set_added_date_time(file, uri, stamp) }
        var count: guint = 0
        if g_bookmark_file_get_application_info(file, uri, application, nil, &count, nil, nil) == 0 { count = 0 }
        g_bookmark_file_set_application_info(file, uri, application, exec, Int32(count + 1), stamp, nil)
        g_bookmark_file_set_modified_date_time(file, uri, stamp)
        g_bookmark_file_set_visited_date_time(file, uri, stamp)
    }

    private static func seconds(_ t: OpaquePointer) -> Double {
        Double(g_date_time_to_unix(t)) + Double(g_date_time_get_microsecond(t)) / 1e6
    }

    private static func dateTime(_ t: Double) -> OpaquePointer {
        let whole = t.rounded(.down)
        let base = g_date_time_new_from_unix_utc(gint64(whole))!
        defer { g_date_time_unref(base) }
        return g_date_time_add(base, GTimeSpan(((t - whole) * 1e6).rounded(.down)))!
    }

    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return tr("GLib gave no reason") }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}
