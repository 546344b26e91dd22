import Foundation

/// The Natural Earth 1:50m world as Marble ships it: the layers the map draws, read from
/// `/usr/share/marble/data/naturalearth/` (or `$TOUCHDESK_NATURAL_EARTH`).
public struct WorldMap: Sendable {
    /// The layers the map uses, with their file names.
    public enum Layer: String, Sendable, CaseIterable {
        case countries = "ne_50m_admin_0_countries"
        case land = "ne_50m_land"
        case lakes = "ne_50m_lakes"
        case coastline = "ne_50m_coastline"
        case borders = "ne_50m_admin_0_boundary_lines_land"
        case stateLines = "ne_50m_admin_1_states_provinces_lines"
        case rivers = "ne_50m_rivers_lake_centerlines"
        case urbanAreas = "ne_50m_urban_areas"
    }

    public static let defaultFolder = "/usr/share/marble/data/naturalearth"

    public var layers: [Layer: MapLayer]

    public init(layers: [Layer: MapLayer]) {
        self.layers = layers
    }

    public subscript(layer: Layer) -> MapLayer {
        layers[layer] ?? MapLayer(features: [])
    }

    /// `$TOUCHDESK_NATURAL_EARTH` if set, else Debian's folder.
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let override = environment["TOUCHDESK_NATURAL_EARTH"], !override.isEmpty { return override }
        return defaultFolder
    }

    /// Whether the countries file is where `load` will look.
    public static func isInstalled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        FileManager.default.isReadableFile(atPath: folder(environment: environment) + "/" + Layer.countries.rawValue + ".pn2")
    }

    /// Reads every layer (about a megabyte). Throws, saying what to install, when the files are not there.
    public static func load(folder: String? = nil) throws(PlacesError) -> WorldMap {
        let folder = folder ?? Self.folder()
        guard FileManager.default.isReadableFile(atPath: folder + "/" + Layer.countries.rawValue + ".pn2") else {
            throw .dataMissing(
                "Natural Earth map data is not installed (no \(Layer.countries.rawValue).pn2 in \(folder)). "
                    + "Install it with: apt-get install marble-qt-data (or set TOUCHDESK_NATURAL_EARTH to a folder of .pn2 files)"
            )
        }
        var layers: [Layer: MapLayer] = [:]
        for layer in Layer.allCases {
            layers[layer] = try Pn2Reader.read(path: folder + "/" + layer.rawValue + ".pn2")
        }
        return WorldMap(layers: layers)
    }

    /// The index in `self[.countries]` of the country whose area holds `point`.
    public func country(containing point: GeoCoordinate) -> Int? {
        self[.countries].feature(containing: point)
    }

    /// Names the country features, which the `.pn2` file does not: each country of `index`
    /// claims the feature holding its capital (or largest city). Returns ISO code → feature
    /// index; several codes can share a feature where Natural Earth merges territories, and
    /// a country whose capital falls in no feature (a tiny island state at 1:50m) is absent.
    public func countryFeatures(using index: PlaceIndex) -> [String: Int] {
        var result: [String: Int] = [:]
        for place in index.countryPlaces {
            if let feature = country(containing: place.coordinate) {
                result[place.countryCode] = feature
            }
        }
        return result
    }
}
