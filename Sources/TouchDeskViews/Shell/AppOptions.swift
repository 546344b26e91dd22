import TouchDeskInterface
import Foundation

/// What the command line asks of the app it opens: the app's own options (`touchdesk mandelbrot
/// --journey 1-4`) and the file or address named after it. The executable declares the options
/// for `--help`; each app says which are its own (`MiniApp.optionNames`), checks them before any
/// window opens (`check`) and applies them once its kept state has arrived (`apply`), so the
/// executable never needs to know which app it is talking to.
nonisolated public struct AppOptions: Sendable, Equatable {
    /// Option name without its dashes ("look-at") → the value as typed; "" for a flag.
    public var values: [String: String]
    /// The file or address the command line named for the app, as typed.
    public var document: String?
    /// The folder a relative file name is read from.
    public var currentDirectory: String

    public init(values: [String: String] = [:], document: String? = nil,
                currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.values = values
        self.document = document
        self.currentDirectory = currentDirectory
    }

    public subscript(_ name: String) -> String? { values[name] }

    /// Whether the option was given (a flag or a value).
    public func has(_ name: String) -> Bool { values[name] != nil }

    /// Nothing for the app to apply.
    public var isEmpty: Bool { values.isEmpty && document == nil }

    /// `document` as an absolute path (a relative one is taken from `currentDirectory`).
    public var documentPath: String? {
        document.map { $0.hasPrefix("/") ? $0 : currentDirectory + "/" + $0 }
    }
}

/// An option an app cannot use, said for the user (the program exits with status 2).
nonisolated public struct AppOptionError: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Which app a command line's options are for, and whether they fit the app named.
nonisolated public enum AppOptionOwners {
    /// The app the options belong to: `named` if it takes them all; else the first app (in the
    /// registry's order) that takes them all. Throws the message for options no one app takes.
    public static func app(for names: Set<String>, named: String?, in entries: [AppEntry]) throws(AppOptionError) -> String? {
        let dashed = { (n: String) in "--" + n }
        if let named {
            guard let entry = entries.first(where: { $0.id == named }) else { return named }
            let foreign = names.subtracting(entry.optionNames).sorted()
            guard let first = foreign.first else { return named }
            let owners = entries.filter { $0.optionNames.contains(first) }.map(\.id)
            let list = foreign.map(dashed).joined(separator: ", ")
            let apps = owners.joined(separator: tr(" and "))
            throw AppOptionError(foreign.count == 1 ? trn("{0} is for the {1} app, not {2}", "{0} is for the {1} apps, not {2}", owners.count, list, apps, named)
                                                    : trn("{0} are for the {1} app, not {2}", "{0} are for the {1} apps, not {2}", owners.count, list, apps, named))
        }
        guard !names.isEmpty else { return nil }
        if let entry = entries.first(where: { names.isSubset(of: $0.optionNames) }) { return entry.id }
        let byApp = names.sorted().map { n in
            dashed(n) + " (" + entries.filter { $0.optionNames.contains(n) }.map(\.id).joined(separator: ", ") + ")"
        }
        throw AppOptionError(tr("these options are for different apps: {0}", byApp.joined(separator: ", ")))
    }
}
