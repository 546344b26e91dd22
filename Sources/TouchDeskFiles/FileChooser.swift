import TouchDeskInterface
import Glibc

/// What the file dialog shows and where it is: the places, the folder (or the recent files) being
/// looked at, its entries sorted and filtered, the selected row, and what a typed name or path
/// means (with Tab completion). It reads folders but draws nothing and holds no threads; the
/// dialog (`FileDialog`) draws it.
///
/// The rules: folders come first, then the entries the filter lets through (folders always
/// show; FIFOs, devices and broken links that match the filter show too, so the dialog can say
/// why they cannot be opened); hidden names (a leading dot) only with `showHidden`; a folder that
/// cannot be listed leaves the chooser where it was, with the reason.
public struct FileChooser: Sendable {
    /// Where the chooser looks.
    public enum Location: Sendable, Equatable {
        case folder(String)
        /// The recent files (`RecentFiles`), newest first.
        case recent
    }

    /// One of the places down the side.
    public struct Place: Sendable, Equatable {
        public let name: String
        public let location: Location
        public init(_ name: String, _ location: Location) { self.name = name; self.location = location }
    }

    public enum SortKey: String, Sendable, CaseIterable { case name, modified, size }

    /// Which files show: a name ("PNG pictures") and the extensions (lower case, no dot); nil: all files.
    public struct Filter: Sendable, Equatable {
        public let name: String
        public let extensions: [String]
        public init(_ name: String, extensions: [String]) { self.name = name; self.extensions = extensions.map { $0.lowercased() } }

        public func admits(_ name: String) -> Bool {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
            return extensions.contains(name[name.index(after: dot)...].lowercased())
        }
    }

    /// What Tab made of the typed text.
    public struct Completion: Sendable, Equatable {
        /// The text to show in the field (unchanged when nothing matched).
        public let text: String
        /// The names that start with what was typed (the first `maxShown`), folders with a "/".
        public let candidates: [String]
        /// Why nothing completed, if nothing did.
        public let problem: String?
    }

    public let home: String
    public private(set) var places: [Place]
    public let filter: Filter?
    public private(set) var location: Location
    public private(set) var showHidden = false
    public private(set) var sortKey = SortKey.name
    /// True when the sort runs the other way round from the key's natural order (A→Z, newest, largest first).
    public private(set) var isReversed = false
    /// Everything in the location, before hiding, filtering and sorting.
    public private(set) var all: [FolderEntry] = []
    /// What the list shows, in order.
    public private(set) var shown: [FolderEntry] = []
    /// The selected row of `shown`, if any.
    public private(set) var selection: Int?
    /// The location held more names than were read.
    public private(set) var isTruncated = false

    public init(home: String, places: [Place], filter: Filter?, start: String) {
        self.home = home
        self.places = places
        self.filter = filter
        self.location = .folder(start)
    }

    /// The places a desktop user expects, in order: Home, Desktop, Pictures, Downloads (from
    /// `user-dirs.dirs`, those that exist and are not the home folder itself), Recent.
    public static func standardPlaces(home: String, userDirs: [String: String]) -> [Place] {
        var places = [Place("Home", .folder(home))]
        for (key, name) in [("DESKTOP", "Desktop"), ("PICTURES", "Pictures"), ("DOWNLOAD", "Downloads")] {
            let path = userDirs[key] ?? home + "/" + name
            var st = stat()
            guard path != home, Paths.withSystemPath(path, { stat($0, &st) }) == 0, st.st_mode & S_IFMT == S_IFDIR else { continue }
            places.append(Place(name, .folder(path)))
        }
        places.append(Place("Recent", .recent))
        return places
    }

    /// The folder names are read in and typed names go to: the folder shown, or home for Recent.
    public var folder: String {
        if case .folder(let f) = location { return f }
        return home
    }

    public var selectedEntry: FolderEntry? { selection.flatMap { shown.indices.contains($0) ? shown[$0] : nil } }

    // MARK: - Moving around

    /// Shows `folder`; throws (staying where it was) when it cannot be listed.
    public mutating func open(folder: String, maxEntries: Int = FolderListing.defaultMaxEntries) throws(FileError) {
        let listing = try FolderListing.read(folder, maxEntries: maxEntries)
        let previous = location
        location = .folder(Self.normalized(folder))
        all = listing.entries
        isTruncated = listing.isTruncated
        refresh(keeping: nil)
        // Back to the parent: the folder just left is selected, as file managers do.
        if case .folder(let old) = previous, Paths.folder(of: old) == Self.normalized(folder),
           let i = shown.firstIndex(where: { $0.path == old }) {
            selection = i
        }
    }

    /// Shows the recent files at `paths`, looked at now; those that are gone or that the filter
    /// turns away are left out.
    public mutating func showRecent(_ paths: [String]) {
        location = .recent
        all = paths.map(FolderEntry.look(at:)).filter { $0.kind != .unknown && $0.kind != .brokenLink }
        isTruncated = false
        // Recent files open newest first, as a desktop's recent list does; the sort keys still work.
        sortKey = .modified
        isReversed = false
        refresh(keeping: nil)
    }

    /// The folder above, when there is one.
    public mutating func openParent() throws(FileError) {
        guard case .folder(let f) = location, f != "/" else { return }
        try open(folder: Paths.folder(of: f))
    }

    /// Reads the location again (after a save, or Ctrl+R), keeping the selection on the same name.
    public mutating func reload(recent: [String] = []) throws(FileError) {
        let keep = selectedEntry?.path
        switch location {
        case .folder(let f):
            let listing = try FolderListing.read(f)
            all = listing.entries
            isTruncated = listing.isTruncated
            refresh(keeping: keep)
        case .recent:
            showRecent(recent)
            if let keep, let i = shown.firstIndex(where: { $0.path == keep }) { selection = i }
        }
    }

    static func normalized(_ folder: String) -> String {
        var f = folder
        while f.count > 1 && f.hasSuffix("/") { f.removeLast() }
        return f.isEmpty ? "/" : f
    }

    // MARK: - What shows

    public mutating func setShowHidden(_ on: Bool) {
        showHidden = on
        refresh(keeping: selectedEntry?.path)
    }

    /// Sorts by `key`; the same key again reverses the order.
    public mutating func sort(by key: SortKey) {
        if key == sortKey { isReversed.toggle() } else { sortKey = key; isReversed = false }
        refresh(keeping: selectedEntry?.path)
    }

    private mutating func refresh(keeping path: String?) {
        let visible = all.filter { e in
            if e.isHidden && !showHidden && location != .recent { return false }
            if e.isFolder { return location != .recent }
            return filter?.admits(e.name) ?? true
        }
        shown = Self.sorted(visible, by: sortKey, reversed: isReversed)
        if let path, let i = shown.firstIndex(where: { $0.path == path }) {
            selection = i
        } else {
            selection = shown.isEmpty ? nil : 0
        }
    }

    /// Folders first; within each group by `key` in its natural order (names A→Z, newest first,
    /// largest first), ties by name; `reversed` turns the order within each group round.
    public static func sorted(_ entries: [FolderEntry], by key: SortKey, reversed: Bool = false) -> [FolderEntry] {
        func inOrder(_ a: FolderEntry, _ b: FolderEntry) -> Bool {
            switch key {
            case .name: naturalOrder(a.name, b.name)
            case .modified: a.modified != b.modified ? a.modified > b.modified : naturalOrder(a.name, b.name)
            case .size: a.size != b.size ? a.size > b.size : naturalOrder(a.name, b.name)
            }
        }
        return entries.sorted { a, b in
            if a.isFolder != b.isFolder { return a.isFolder }
            return reversed ? inOrder(b, a) : inOrder(a, b)
        }
    }

    /// Names as people sort them: letters without regard to case, runs of digits by their value
    /// ("photo2" before "photo10"), the exact bytes last so the order is total.
    public static func naturalOrder(_ a: String, _ b: String) -> Bool {
        let x = Array(a.lowercased().unicodeScalars), y = Array(b.lowercased().unicodeScalars)
        var i = 0, j = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                var ei = i, ej = j
                while ei < x.count && isDigit(x[ei]) { ei += 1 }
                while ej < y.count && isDigit(y[ej]) { ej += 1 }
                let dx = x[i..<ei].drop { $0 == "0" }, dy = y[j..<ej].drop { $0 == "0" }
                if dx.count != dy.count { return dx.count < dy.count }
                for (p, q) in zip(dx, dy) where p != q { return p.value < q.value }
                i = ei; j = ej
                continue
            }
            if x[i] != y[j] { return x[i].value < y[j].value }
            i += 1; j += 1
        }
        if x.count - i != y.count - j { return x.count - i < y.count - j }
        return a < b
    }

    // MARK: - Selection

    public mutating func select(_ index: Int?) {
        guard let index, !shown.isEmpty else { selection = nil; return }
        selection = min(max(0, index), shown.count - 1)
    }

    /// Moves the selection `rows` down (negative: up), stopping at the ends.
    public mutating func moveSelection(by rows: Int) {
        guard !shown.isEmpty else { return }
        select((selection ?? (rows > 0 ? -1 : shown.count)) + rows)
    }

    /// Selects the first entry whose name starts with `prefix` (typing a letter in the list).
    public mutating func selectFirst(startingWith prefix: String) {
        let p = prefix.lowercased()
        if let i = shown.firstIndex(where: { $0.name.lowercased().hasPrefix(p) }) { selection = i }
    }

    // MARK: - Typed names and paths

    /// What a typed name or path means: ~ is home, a path starting with / is itself, anything
    /// else is in the folder shown.
    public func resolve(_ typed: String) -> String {
        if typed == "~" { return home }
        if typed.hasPrefix("~/") { return home + typed.dropFirst(1) }
        if typed.hasPrefix("/") { return typed }
        return folder == "/" ? "/" + typed : folder + "/" + typed
    }

    /// How many candidates a completion lists.
    public static let maxShown = 50

    /// Completes the last part of `typed` from the names in its folder, as a shell's Tab does:
    /// to the longest prefix all matches share, with a "/" after a single folder. Hidden names
    /// complete only when the typed part starts with a dot or hidden files show; files the filter
    /// turns away do not complete.
    public func complete(_ typed: String) -> Completion {
        let slash = typed.lastIndex(of: "/")
        let typedFolder = slash.map { String(typed[...$0]) } ?? ""
        let part = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let folderPath = typedFolder.isEmpty ? folder : resolve(typedFolder)
        let listing: FolderListing
        do { listing = try FolderListing.read(folderPath) } catch {
            return Completion(text: typed, candidates: [], problem: error.description)
        }
        let usable = listing.entries.filter { e in
            if e.isHidden && !showHidden && !part.hasPrefix(".") { return false }
            return e.isFolder || (filter?.admits(e.name) ?? true)
        }
        var matches = usable.filter { $0.name.hasPrefix(part) }
        var caseless = false
        if matches.isEmpty {
            matches = usable.filter { $0.name.lowercased().hasPrefix(part.lowercased()) }
            caseless = true
        }
        guard !matches.isEmpty else {
            let shownPart = part.isEmpty ? tr("this folder") : "“\(Paths.shown(part))”"
            return Completion(text: typed, candidates: [],
                              problem: part.isEmpty ? tr("Nothing to complete in {0}", Paths.shown(folderPath)) : tr("No name in {0} starts with {1}", Paths.shown(folderPath), shownPart))
        }
        let names = Self.sorted(matches, by: .name).map { $0.isFolder ? $0.name + "/" : $0.name }
        var common: String
        if matches.count == 1 {
            common = names[0]
        } else {
            common = Self.commonPrefix(matches.map(\.name), caseless: caseless)
            if common.count < part.count { common = part }
        }
        return Completion(text: typedFolder + common, candidates: Array(names.prefix(Self.maxShown)), problem: nil)
    }

    /// The longest start `names` share, in characters (ignoring case when `caseless`; the first
    /// name's spelling is kept).
    static func commonPrefix(_ names: [String], caseless: Bool) -> String {
        guard var prefix = names.first.map({ Array($0) }) else { return "" }
        for name in names.dropFirst() {
            let other = Array(name)
            var n = 0
            while n < prefix.count && n < other.count
                    && (caseless ? prefix[n].lowercased() == other[n].lowercased() : prefix[n] == other[n]) { n += 1 }
            prefix = Array(prefix.prefix(n))
        }
        return String(prefix)
    }
}
