import TouchDeskInterface
import Foundation
import TouchDeskFiles

/// Each app's state across restarts (`StatefulApp`): one file per app under the state folder,
/// read off the UI thread the first time the app is opened, written through the environment's
/// `BackgroundWriter` when it changed (when the app is left, every `autosaveInterval` from the
/// tick, when the program ends). A file the app cannot read back is set aside, never lost.
final class AppStateStore {
    static let autosaveInterval = Duration.seconds(30)

    private let environment: AppEnvironment
    /// The revision of each app's state last written (or read back), by tile index.
    private var savedRevisions: [Int: Int] = [:]
    /// State files being read, by tile index; the app gets no input until its state is in.
    private var restoring: [Int: BackgroundJob<Result<Data, FileError>>] = [:]
    private var writes: [BackgroundWriter.Ticket] = []
    private var lastSave = ContinuousClock.now

    public init(environment: AppEnvironment) { self.environment = environment }

    private func path(_ app: StatefulApp) -> String { environment.stateDirectory + "/" + type(of: app).stateFileName }

    /// Whether the state of the app at `index` is still being read.
    func isRestoring(_ index: Int) -> Bool { restoring[index] != nil }

    /// Starts reading a newly made app's state file off the UI thread.
    func startRestoring(_ index: Int, _ app: MiniApp) {
        guard let app = app as? StatefulApp else { return }
        let path = path(app)
        var st = stat()
        guard lstat(path, &st) == 0 else { savedRevisions[index] = app.saveState()?.revision; return }
        restoring[index] = BackgroundJob(name: "touchdesk-restore") {
            do throws(FileError) { return .success(try SafeFile.read(path, maxBytes: 256 << 20)) } catch { return .failure(error) }
        }
    }

    /// Hands finished reads to their apps (`wait`: every read, waiting for it). Returns the
    /// indices restored and a message for each state that could not be read back.
    func collectRestores(_ apps: [Int: MiniApp], titles: (Int) -> String, wait: Bool = false) -> (restored: [Int], problems: [String]) {
        var restored: [Int] = [], problems: [String] = []
        for (index, job) in restoring {
            guard let result = wait ? job.wait() : job.value else { continue }
            restoring[index] = nil
            guard let app = apps[index] as? StatefulApp else { continue }
            let path = path(app)
            switch result {
            case .success(let data):
                do {
                    try app.restore(data)
                } catch {
                    let message: String
                    switch AtomicFile.setAside(path) {
                    case .success(let aside):
                        message = tr("{0}: its saved state could not be read ({1}); kept it as {2} and started fresh", titles(index), "\(error)", Paths.name(of: aside))
                    case .failure(let why):
                        message = tr("{0}: its saved state could not be read ({1}), nor set aside ({2}); started fresh", titles(index), "\(error)", "\(why)")
                    }
                    warn("\(path): \(message)")
                    problems.append(message)
                }
            case .failure(let error):
                // Not a regular file, too large or unreadable: left where it is, and not overwritten
                // until the app's state changes.
                warn(tr("{0}; {1} starts fresh", "\(error)", titles(index)))
                problems.append(tr("{0}; starting fresh", "\(error)"))
            }
            savedRevisions[index] = app.saveState()?.revision
            restored.append(index)
        }
        return (restored, problems)
    }

    /// Whether a state file is still being read.
    public var isReading: Bool { !restoring.isEmpty }

    /// Writes the state of `app` (at `index`) if it changed since it was last written.
    public func save(_ index: Int, _ app: MiniApp) {
        // A second window writes no state: the first keeps it (see StateLock).
        guard environment.keepsState, restoring[index] == nil, let app = app as? StatefulApp, let state = app.saveState(),
              state.revision != savedRevisions[index] else { return }
        savedRevisions[index] = state.revision
        let path = path(app)
        writes.append(environment.writer.submit(key: path) {
            let data = try state.encode()
            try AtomicFile.write(data, to: path, fileMode: 0o600, createFolder: 0o700)
            return path
        })
    }

    /// Writes every app's changed state.
    func saveAll(_ apps: [Int: MiniApp]) {
        for index in apps.keys.sorted() { save(index, apps[index]!) }
        lastSave = .now
    }

    /// Writes every app's changed state when the last time was `autosaveInterval` ago: from the
    /// tick, never on the input path.
    func autosaveIfDue(_ apps: [Int: MiniApp]) {
        guard ContinuousClock.now - lastSave >= Self.autosaveInterval else { return }
        saveAll(apps)
    }

    /// The writes that failed since the last call, and whether some are still under way.
    func collectWrites() -> (failures: [String], busy: Bool) {
        var failures: [String] = []
        writes.removeAll { t in
            guard let outcome = t.outcome else { return false }
            if case .failed(let why) = outcome { failures.append(why) }
            return true
        }
        return (failures, !writes.isEmpty)
    }
}
