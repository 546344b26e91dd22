import Foundation

/// Writes one line to standard error as "touchdesk: message": the one way every layer reports
/// what the user should know but the window may not show (a file set aside, a device dropped).
public func warn(_ message: String) {
    FileHandle.standardError.write(Data("touchdesk: \(message)\n".utf8))
}
