import Foundation
import Glibc

/// An app's own JSON file in the data folder (Holes' best score, Maze's layout and best times):
/// the one way such a file is read and written. It is read when the app opens, at once when it is
/// small and off the UI thread when it is large (an old file can be); it is written through the
/// shared background writer, never on the UI thread; a write that fails is reported once, by
/// `takeWriteFailure()`, for the app's toast.
@MainActor
public final class KeptFile<Value: Codable & Sendable> {
    public let name: String
    private let environment: AppEnvironment
    private var loading: BackgroundJob<DataFile.Loaded<Value>>?
    private var lastWrite: BackgroundWriter.Ticket?
    /// Files up to this size are read while the app opens; larger ones on a thread of their own.
    static var readAtOnceBytes: Int { 256 << 10 }

    public init(name: String, environment: AppEnvironment, maxBytes: Int = DataFile.maxBytes) {
        self.name = name
        self.environment = environment
        let dir = environment.dataDirectory
        let load: @Sendable () -> DataFile.Loaded<Value> = {
            DataFile.load(Value.self, name: name, in: dir, maxBytes: maxBytes)
        }
        var st = stat()
        if lstat(dir + "/" + name, &st) == 0, st.st_size > Self.readAtOnceBytes {
            loading = BackgroundJob(name: "touchdesk-read-\(name)", load)
        } else {
            loading = BackgroundJob(done: load())
        }
    }

    /// Whether the file is still being read (the app waits with edits that would be replaced).
    public var isLoading: Bool { loading != nil }

    /// What was read, once: nil while the read goes on (unless `wait`) and after it was taken.
    public func take(wait: Bool = false) -> DataFile.Loaded<Value>? {
        guard let job = loading, let loaded = wait ? job.wait() : job.value else { return nil }
        loading = nil
        return loaded
    }

    /// Writes `value` in the background unless the user keeps no state, or the file is still
    /// being read (what is written would lose what is in it). Nil, or why it cannot be written.
    @discardableResult
    public func write(_ value: Value) -> String? {
        guard loading == nil, environment.keepsState else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            lastWrite = environment.writer.write(try encoder.encode(value), to: environment.dataDirectory + "/" + name)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Whether a write has not reported its outcome yet.
    public var isWriting: Bool { lastWrite != nil }

    /// Why the last write failed, once its outcome is known; nil otherwise.
    public func takeWriteFailure() -> String? {
        guard let t = lastWrite, let outcome = t.outcome else { return nil }
        lastWrite = nil
        if case .failed(let why) = outcome { return why }
        return nil
    }
}
