import Foundation
import TouchDeskInterface

/// An app whose state outlives the program (DESIGN.md: "the app saves what must outlive a
/// restart"). The shell keeps it as one file under `$XDG_STATE_HOME/touchdesk/`: it writes the
/// file through the environment's `BackgroundWriter` when the app is left, when the program quits
/// and every 30 s while the state changes, and hands the bytes back (read off the UI thread) the
/// first time the app is opened in a later run. A file that `restore` rejects is set aside as
/// `….corrupt` and the app starts fresh, with one message.
///
/// Keep the format tolerant: JSON whose keys are all optional, so an older or newer file (a field
/// added later, or one that is gone) still restores what it can.
public protocol StatefulApp: MiniApp {
    /// The file's name under the state folder, e.g. "paint.json".
    nonisolated static var stateFileName: String { get }
    /// What to keep now, or nil when there is nothing worth keeping. Called on the main actor, so it
    /// only gathers (a copy of a canvas at most); `AppState.encode` runs on the writer thread.
    func saveState() -> AppState?
    /// Takes back what an earlier run kept; throws when the bytes are damaged.
    func restore(_ data: Data) throws
}

/// A snapshot of an app's state, ready to be written.
public struct AppState: Sendable {
    /// Changes whenever the state does: the shell writes only when it differs from the last one
    /// written (valid within one run of the program).
    public var revision: Int
    /// The file's bytes, made on the writer thread.
    public var encode: @Sendable () throws -> Data

    public init(revision: Int, encode: @escaping @Sendable () throws -> Data) {
        self.revision = revision
        self.encode = encode
    }

    /// A small value kept as JSON; its hash is the revision.
    public init<Value: Encodable & Hashable & Sendable>(json value: Value) {
        revision = value.hashValue
        encode = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return try encoder.encode(value)
        }
    }
}

/// Why a state file was not taken back.
public struct StateError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension StatefulApp {
    /// Decodes JSON state, turning a decoding failure into a `StateError` that says what was wrong.
    public func decodeState<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw StateError("not a state file of this app (\(error))")
        }
    }
}
