import CGLib

/// MD5 of a byte string, as lowercase hex, through GLib's `GChecksum`: the freedesktop thumbnail
/// spec names a thumbnail by the MD5 of its file's URI. Not for anything that needs a secure hash.
public enum MD5 {
    public static func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        let data = Array(bytes)
        let text = data.withUnsafeBufferPointer { g_compute_checksum_for_data(G_CHECKSUM_MD5, $0.baseAddress, gsize($0.count)) }
        guard let text else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
