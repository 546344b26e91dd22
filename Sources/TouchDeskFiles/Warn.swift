import Foundation
import TouchDeskInterface

/// Writes one line to standard error as "touchdesk: message": the one way every layer reports
/// what the user should know but the window may not show (a file set aside, a device dropped).
/// Whatever input the message quotes reaches the terminal escaped (`EchoedInput.safeMessage`).
public func warn(_ message: String) {
    FileHandle.standardError.write(Data("touchdesk: \(EchoedInput.safeMessage(message))\n".utf8))
}
