import Foundation
import TouchDeskFiles
import TouchDeskInterface

/// What is remembered between runs: the window's size, in `window.json` under the state folder;
/// and the same size as `--size WIDTHxHEIGHT` gives it on the command line.
nonisolated public struct WindowState: Codable, Equatable, Sendable {
    public var width: Double
    public var height: Double

    /// The sizes a window may have, in points, on either side.
    public static let sides = 1...16384

    public init(size: Size) { width = size.width; height = size.height }

    /// A file whose size no window can have (0 × 0, NaN, a million points) is as damaged as one that
    /// is not JSON: reading it fails, so `DataFile` sets it aside as `window.json.corrupt` and says
    /// so, rather than the next save silently overwriting it.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
        guard size != nil else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no window can be \(width) × \(height)"))
        }
    }

    /// The size, or nil when the file holds one no window can have.
    public var size: Size? {
        guard width.isFinite, height.isFinite,
              (Double(Self.sides.lowerBound)...Double(Self.sides.upperBound)).contains(width),
              (Double(Self.sides.lowerBound)...Double(Self.sides.upperBound)).contains(height) else { return nil }
        return Size(width, height)
    }

    /// `WIDTHxHEIGHT` in whole points, each 1 to 16384 (`x` or `X`); nil for anything else.
    public static func parseSize(_ argument: String) -> Size? {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), sides.contains(w), sides.contains(h) else { return nil }
        return Size(Double(w), Double(h))
    }

    /// The saved state in `dir`, or nil (a damaged file is set aside by `DataFile`, and said so).
    public static func load(from dir: String) -> WindowState? {
        if case .loaded(let state) = DataFile.load(WindowState.self, name: "window.json", in: dir) { return state }
        return nil
    }

    /// Saves, or says in one line why not: forgetting the size is no reason to fail on quit.
    public func save(to dir: String) {
        do {
            try DataFile.save(self, name: "window.json", in: dir)
        } catch {
            warn(tr("cannot remember the window size: {0}", "\(error)"))
        }
    }
}
