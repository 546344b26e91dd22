import Foundation
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces
import TouchDeskToolkit

/// Sea Level's command-line options (`--look-at`, `--zoom`, `--sea-level`, `--exaggeration`,
/// `--tilt`, `--heading`), checked with a message that says what is allowed.
extension GlobeApp {
    // MARK: - Command line

    /// Where `touchdesk globe` opens: `--look-at LAT,LON --zoom Z --sea-level METRES`.
    public struct StartOptions: Sendable {
        public var lookAt: GeoPoint?
        public var zoom: Double?
        public var seaLevel: Double?
        public var exaggeration: Double?
        public var tilt: Double?
        /// The compass direction the view faces, degrees (0 north, 90 east).
        public var heading: Double?
    }

    public struct OptionError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks the command line's globe options; the error says what is wrong and what is allowed.
    public nonisolated static func startOptions(lookAt: String?, zoom: String?, seaLevel: String?,
                                                exaggeration: String? = nil, tilt: String? = nil, heading: String? = nil) throws(OptionError) -> StartOptions {
        var o = StartOptions()
        if let heading {
            var s = heading.trimmingCharacters(in: .whitespaces)
            if s.hasSuffix("°") { s.removeLast() }
            guard let h = Double(s), h.isFinite, (0...360).contains(h) else {
                throw OptionError(description: tr("--heading takes the compass direction the view faces in degrees from 0 to 360 (0 north, 90 east), not \"{0}\"", echoed(heading)))
            }
            o.heading = h
        }
        if let tilt {
            let range = GlobeView.tiltRange
            var s = tilt.trimmingCharacters(in: .whitespaces)
            if s.hasSuffix("°") { s.removeLast() }
            guard let t = Double(s), t.isFinite, range.contains(t) else {
                throw OptionError(description: tr("--tilt takes degrees from {0} (straight down) to {1} (across the land to the horizon), not \"{2}\"", "\(Int(range.lowerBound))", "\(Int(range.upperBound))", echoed(tilt)))
            }
            o.tilt = t
        }
        if let exaggeration {
            let range = GlobeStyle.exaggerationRange
            guard let e = Double(exaggeration.trimmingCharacters(in: .whitespaces)), e.isFinite, range.contains(e) else {
                throw OptionError(description: tr("--exaggeration takes a number from {0} (true scale) to {1}, not \"{2}\"", "\(Int(range.lowerBound))", "\(Int(range.upperBound))", echoed(exaggeration)))
            }
            o.exaggeration = e
        }
        if let lookAt {
            let parts = lookAt.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]), lat.isFinite, lon.isFinite else {
                throw OptionError(description: tr("--look-at takes LAT,LON in degrees, like 52.3,5.7 (south and west negative: --look-at=-33.9,151.2)"))
            }
            guard (-90...90).contains(lat), (-180...180).contains(lon) else {
                throw OptionError(description: tr("--look-at {0}: latitude must be within -90…90 and longitude within -180…180", echoed(lookAt)))
            }
            o.lookAt = GeoPoint(latitude: lat, longitude: lon)
        }
        if let zoom {
            guard let z = Double(zoom.trimmingCharacters(in: .whitespaces)), z.isFinite,
                  (GlobeView.minimumZoom...GlobeView.maximumZoom).contains(z) else {
                throw OptionError(description: tr("--zoom takes a number from {0} (the whole globe) to {1}, not \"{2}\"", "\(Int(GlobeView.minimumZoom))", "\(Int(GlobeView.maximumZoom))", echoed(zoom)))
            }
            o.zoom = z
        }
        if let seaLevel {
            var s = seaLevel.trimmingCharacters(in: .whitespaces)
            if s.hasSuffix("m") { s.removeLast() }
            s = s.replacingOccurrences(of: "\u{2212}", with: "-").trimmingCharacters(in: .whitespaces)
            if s.hasPrefix("+") { s.removeFirst() }
            guard let m = Double(s), m.isFinite, SeaLevel.metresRange.contains(m) else {
                throw OptionError(description: tr("--sea-level takes metres from {0} to +{1}, like 70, 0.44 or --sea-level=-120, not \"{2}\"", "\(SeaLevel.lowest)", "\(SeaLevel.highest)", echoed(seaLevel)))
            }
            o.seaLevel = m
        }
        return o
    }
}
