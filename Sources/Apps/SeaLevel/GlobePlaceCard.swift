import Foundation
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskToolkit

/// "Is my home beach-front?": the card Sea Level shows for a place found with the search, picked
/// from the list or clicked on the globe: its height above today's sea, the level at which the sea
/// reaches it, and where the sea is at the current level. Built when the place or the level
/// changes (never while drawing); `PlaceReadout` answers, with the flooded-places list's rule.
struct GlobePlaceCard: Equatable {
    /// "Bangkok, Thailand", or the coordinates of a clicked point.
    var title: String
    var lines: [String]
    /// The level is within the data's accuracy of the flood level.
    var uncertain: Bool

    /// `isPlace`: a place of the index (a clicked point out at sea is no island). The relief
    /// answers for the level's whole metres (`SeaLevel.gridLevel`); the card says the level itself.
    init(title: String, point: GeoPoint, level seaLevel: Double, globe: GlobeData, isPlace: Bool = false) {
        self.title = title
        let level = SeaLevel.gridLevel(seaLevel)
        let r = PlaceReadout(point: point, level: level, on: globe)
        let height = Int(r.elevation.rounded())
        let metres = NumberStyle.current.integer(abs(height))
        var first = height == 0 ? tr("At today's sea level")
            : height > 0 ? tr("{0} m above today's sea", metres) : tr("{0} m below today's sea", metres)
        var tooSmall: [String] = []
        switch r.heightSource {
        case .airfield(let name, let km):
            tooSmall = [tr("An island too small for the 9 km grid"),
                        tr("Height of {0}, {1} km away", name, NumberStyle.current.decimal(km, decimals: 1))]
        case .tooSmallForTheGrid where isPlace:
            tooSmall = [tr("An island too small for the 9 km grid")]
            first = tr("Its height is not in the data")
        default: break
        }
        if r.heightSource == .tooSmallForTheGrid && isPlace {
            lines = tooSmall + [first, tr("At {0}:", SeaLevel.label(seaLevel)) + " " + tr("the grid cannot tell")]
            uncertain = false
            return
        }
        if r.situation == .inALake {
            first += " · " + (r.floodsAt.map { tr("a lake the sea reaches at {0}", SeaLevel.label($0)) } ?? tr("a lake"))
        } else if let f = r.floodsAt {
            first += " · " + tr("floods at {0}", SeaLevel.label(f))
        } else {
            first += " · " + (globe.isUnderWater(point, level: 0) ? tr("the sea floor") : tr("the sea never reaches it"))
        }
        let now: String
        switch r.situation {
        case .underWater: now = tr("under water")
        case .inALake: now = tr("in a lake, not the sea")
        case .onTheCoast: now = tr("on the coast: beach-front")
        case .inland(let km?): now = tr("dry, the sea {0} km away", NumberStyle.current.integer(Int(km < 100 ? km.rounded() : (km / 10).rounded() * 10)))
        case .inland(nil): now = tr("dry, the sea over {0} km away", NumberStyle.current.integer(Int(PlaceReadout.searchKilometres)))
        }
        lines = tooSmall + [first, tr("At {0}:", SeaLevel.label(seaLevel)) + " " + now]
        uncertain = seaLevel > 0 && r.isUncertain(at: level)
        if uncertain { lines.append(tr("Below the data's accuracy: ±{0} m here", String(r.accuracy))) }
    }

    /// Drawn in the lower left of the globe's area, above the hover line.
    func draw(_ cr: CairoContext, in area: Rect) {
        let width = min(area.width - 16, 360)
        guard width > 60 else { return }
        let lineH = 19.0
        let textH: Double = 26 + Double(lines.count) * lineH
        let box = Rect(x: area.x + 8, y: area.maxY - 40 - textH, width: width, height: textH + 6)
        Color(0, 0, 0, 0.62).set(cr)
        cr.roundedRect(box, radius: 6)
        cr.fill()
        let titleSize = Text.fittingSize(title, width: width - 16, size: Theme.TextSize.body, weight: .bold)
        cr.text(title, x: box.x + 8, y: box.y + 14, size: titleSize, color: Theme.overlayText, weight: .bold)
        for (i, line) in lines.enumerated() {
            let size = Text.fittingSize(line, width: width - 16, size: Theme.TextSize.caption)
            let warn = uncertain && i == lines.count - 1
            cr.text(line, x: box.x + 8, y: box.y + 33 + Double(i) * lineH, size: size, color: warn ? Theme.Palette.dark.error : Theme.overlayText)
        }
    }
}

/// What the card is about: a place of the index or a clicked point.
struct GlobePin: Equatable {
    /// "Bangkok, Thailand" or the point's coordinates.
    var title: String
    /// The marker's label ("" for a clicked point).
    var label: String
    var point: GeoPoint
}
