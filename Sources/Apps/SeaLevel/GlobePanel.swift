import Foundation
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces
import TouchDeskToolkit

/// Sea Level's side panel: the search, the level and what it means, the slider and the line of
/// its keys, the presets and toggles, and the flooded-places list (or, below today's level, the
/// land bridges). It owns where each of them lies and which places the list shows; the app owns
/// the level (`GlobeModel`) and what the loads brought (`GlobeLoads`), which it hands in.
final class GlobePanel {
    static let rowHeight = 22.0

    /// The whole panel, right of the globe.
    private(set) var rect = Rect.zero
    private(set) var headlineY = 0.0
    private(set) var sliderRect = Rect.zero
    private(set) var listRect = Rect.zero
    /// How many places the list has room for.
    private(set) var listRows = 0
    /// The places under water at the level, as many as the list shows.
    private(set) var readout: FloodedPlaces.Readout?
    /// The slider's knob is held by the pointer (drawn larger).
    var holdsKnob = false

    /// What the panel shows, as the app has it now.
    struct Scene {
        var model: GlobeModel
        var loads: GlobeLoads
        var hover: Point?
        var controls: Controls<GlobeControl>
        var search: SearchBox<GlobeControl>
    }

    // MARK: - Layout

    /// Places the search, the slider, the buttons and the list in `rect` (the window's right part,
    /// `size` the whole window). A small window's panel puts the buttons three to a row with short
    /// labels, and leaves the IPCC projections to their keys where a row more would leave the
    /// list under two rows.
    func layout(in rect: Rect, window size: Size, controls: Controls<GlobeControl>, search: SearchBox<GlobeControl>) {
        self.rect = rect
        let pad = 14.0, compactPad = Self.compactPad, compactGap = Self.compactGap
        let toggles = GlobeControl.toggles
        let x = rect.x + pad, w = max(20, rect.width - 2 * pad)
        // Presets one per row when there is room, else two per row, then the three toggles; in a
        // window too small for their full labels, all of them three to a row with short labels.
        let buttonH = 32.0, gap = 6.0
        let half = (w - gap) / 2, third = (w - 2 * gap) / 3
        controls.isCompact = false
        let fits = { (ids: [GlobeControl], width: Double) in ids.allSatisfy { c in controls[c].map(controls.preferredWidth) ?? 0 <= width } }
        let below = size.height - (12 + TextField.height + 10 + 58 + 50)
        let presetRows = Double(GlobeControl.presets.count), presetPairs = Double((GlobeControl.presets.count + 1) / 2)
        let oneColumn = below >= presetRows * (buttonH + gap) + buttonH + 4 * Self.rowHeight + 40 && fits(GlobeControl.presets, w) && fits(toggles, third)
        let twoColumns = !oneColumn && below >= (presetPairs + 1) * (buttonH + gap) + 2 * Self.rowHeight
            && fits(GlobeControl.presets, half) && fits(toggles, third)
        controls.isCompact = !oneColumn && !twoColumns
        var y = 12.0
        search.place(field: Rect(x: x, y: y, width: w, height: TextField.height))
        y += TextField.height + (controls.isCompact ? 8 : 10)
        headlineY = y
        y += controls.isCompact ? 46 : 58
        sliderRect = Rect(x: x, y: y, width: w, height: 30)
        y += 30 + (controls.isCompact ? 10 : 20)
        if controls.isCompact {
            // Three to a row (short labels), so the flooded-places list keeps a few rows below
            // them; where a row more would leave the list under two rows (the smallest window,
            // 400 × 360), the IPCC projections answer their keys only (6–8; F1 lists them). A zero
            // frame is a control not shown.
            let cx = rect.x + compactPad, cw = max(20, rect.width - 2 * compactPad)
            let bw = (cw - 2 * compactGap) / 3, bh = controls.height
            func height(_ n: Int) -> Double { let rows = Double((n + 2) / 3); return rows * bh + (rows - 1) * compactGap + 8 }
            let roomy = Self.listRows(height: size.height - y - height(GlobeControl.buttons.count) - 6) >= 2
            let shown = roomy ? GlobeControl.buttons : GlobeControl.buttons.filter { !GlobeControl.projections.contains($0) }
            for (k, c) in shown.enumerated() {
                controls.place(c, at: Rect(x: cx + Double(k % 3) * (bw + compactGap), y: y + Double(k / 3) * (bh + compactGap), width: bw, height: bh))
            }
            for c in GlobeControl.buttons where !shown.contains(c) { controls.place(c, at: .zero) }
            y += height(shown.count)
        } else {
            for (i, c) in GlobeControl.presets.enumerated() {
                let frame: Rect
                if oneColumn {
                    frame = Rect(x: x, y: y + Double(i) * (buttonH + gap), width: w, height: buttonH)
                } else {
                    frame = Rect(x: x + Double(i % 2) * (half + gap), y: y + Double(i / 2) * (buttonH + gap), width: half, height: buttonH)
                }
                controls.place(c, at: frame)
            }
            y += (oneColumn ? presetRows : presetPairs) * (buttonH + gap)
            for (i, c) in toggles.enumerated() {
                controls.place(c, at: Rect(x: x + Double(i) * (third + gap), y: y, width: third, height: buttonH))
            }
            y += buttonH + 14
        }
        // The list: a header line, rows, and a closing line.
        listRect = Rect(x: x, y: y, width: w, height: max(0, size.height - y - 6))
        listRows = Self.listRows(height: listRect.height)
    }

    /// A small window's panel: its padding and the gap between its buttons.
    static let compactPad = 10.0, compactGap = 4.0

    /// The narrowest panel that holds the compact buttons three to a row at their own label size
    /// (their text never shrinks).
    static func compactWidth(controls: Controls<GlobeControl>) -> Double {
        let was = controls.isCompact
        controls.isCompact = true
        defer { controls.isCompact = was }
        let widest = (GlobeControl.presets + GlobeControl.toggles).compactMap { controls[$0].map(controls.preferredWidth) }.max() ?? 0
        return 3 * (widest + 4) + 2 * compactGap + 2 * compactPad
    }

    /// How many places the list shows in `height`: under its header, with the closing line
    /// ("— N places of over a million people") below them where there is room for it, else
    /// without it, so a small window still lists a place or two.
    static func listRows(height: Double) -> Int {
        let withClosing = Int((height - 2 * rowHeight - 6) / rowHeight)
        return withClosing > 0 ? withClosing : max(0, Int((height - rowHeight - 4) / rowHeight))
    }

    /// Whether the list's closing line fits under its rows.
    var listShowsClosing: Bool { listRect.height >= Double(listRows + 2) * Self.rowHeight + 6 }

    /// The list follows the level (and the sampled places, once they arrive).
    func updateReadout(flooded: FloodedPlaces?, gridLevel: Int) {
        readout = flooded?.readout(at: gridLevel, limit: listRows)
    }

    // MARK: - Where things are

    static func track(in r: Rect) -> Rect { Rect(x: r.x + 9, y: r.midY - 4, width: max(1, r.width - 18), height: 8) }

    /// The slider's position (0…1) under `p`: within 4 points of a preset's mark, the knob snaps
    /// to it, so the presets are exact by mouse too.
    func sliderPosition(at p: Point) -> Double {
        let track = Self.track(in: sliderRect)
        var t = (p.x - track.x) / max(1, track.width)
        for preset in SeaLevel.Preset.slider {
            let mark = SeaLevel.sliderPosition(ofMetres: preset.metres)
            if abs(mark - t) * track.width < 4 { t = mark }
        }
        return t
    }

    /// Row `i` of the flooded-places list (row 0 is the first place, under the header).
    func listRowFrame(_ i: Int) -> Rect {
        Rect(x: listRect.x - 4, y: listRect.y + Self.rowHeight * Double(i + 1), width: listRect.width + 8, height: Self.rowHeight)
    }

    /// The rows the list shows above today's level (none below it, or before the places arrive).
    func shownRows(level: Double, placesLoaded: Bool) -> Range<Int> {
        guard level > 0, placesLoaded, let readout else { return 0..<0 }
        return readout.largest.indices
    }

    /// The row of the flooded-places list under `p`.
    func listRow(at p: Point, level: Double) -> Int? {
        guard let readout, level > 0 else { return nil }
        return readout.largest.indices.first { listRowFrame($0).contains(p) }
    }

    // MARK: - Words

    /// The line under the slider, its keys as the level's controls declare them: "Ctrl+Up/Down 1 m
    /// (Shift 0.1) · Page Up/Down 10 m (Shift 100)".
    static func levelKeysHint(_ controls: Controls<GlobeControl>, withShift: Bool) -> String {
        let (fine, coarse) = levelKeyPairs(controls) { KeyChord.pair($0, $1) }
        return withShift ? tr("{0} 1 m (Shift 0.1) · {1} 10 m (Shift 100)", fine, coarse) : tr("{0} 1 m · {1} 10 m", fine, coarse)
    }

    /// The slider's keys in words, as its controls declare them: "Ctrl+Up and Ctrl+Down: 1 m,
    /// with Shift 0.1 m; Page Up and Page Down: 10 m, with Shift 100 m".
    static func levelKeysDescription(_ controls: Controls<GlobeControl>) -> String {
        let (fine, coarse) = levelKeyPairs(controls) { tr("{0} and {1}", $0.shown, $1.shown) }
        return tr("{0}: 1 m, with Shift 0.1 m; {1}: 10 m, with Shift 100 m", fine, coarse)
    }

    /// The 1 m keys and the 10 m keys (up, then down), each pair written by `written`.
    private static func levelKeyPairs(_ controls: Controls<GlobeControl>, _ written: (KeyChord, KeyChord) -> String) -> (fine: String, coarse: String) {
        let chord = { (c: GlobeControl) in controls[c]?.keys.first ?? KeyChord([]) }
        return (written(chord(.levelUp), chord(.levelDown)), written(chord(.levelPageUp), chord(.levelPageDown)))
    }

    /// "4.1 % of today's land under water", or what a lower sea means; at an IPCC preset, the
    /// report's figure and likely range first (what a screen reader hears).
    static func levelMeaning(_ model: GlobeModel, globe: GlobeData?) -> String {
        projectionQuote(model).map { $0 + " · " + gridMeaning(model, globe: globe) } ?? gridMeaning(model, globe: globe)
    }

    /// At an IPCC AR6 preset: "IPCC AR6: median, likely 0.63–1.01 m".
    static func projectionQuote(_ model: GlobeModel) -> String? {
        guard let projection = SeaLevel.Preset.allCases.first(where: { $0.likelyRange != nil && $0.metres == model.level }),
              let range = projection.likelyRange else { return nil }
        let likely = tr("likely {0}–{1} m", NumberStyle.current.trimmed(range.lowerBound, maxDecimals: 2),
                        NumberStyle.current.trimmed(range.upperBound, maxDecimals: 2))
        return projection == .high2300 ? tr("IPCC AR6: {0}, shown at its middle", likely) : tr("IPCC AR6: median, {0}", likely)
    }

    /// What the relief shows at the level's whole metres (`SeaLevel.gridLevel`).
    static func gridMeaning(_ model: GlobeModel, globe: GlobeData?) -> String {
        let level = model.gridLevel
        if model.level == 0 { return tr("Today's coastline") }
        guard let globe else { return level < 0 ? tr("The sea {0} m lower: more land, no floods", NumberStyle.current.trimmed(-model.level, maxDecimals: 2)) : tr("Loading the relief…") }
        // Heights are whole metres: under +1 m the relief shows today's coast.
        if level == 0 { return tr("Heights are whole metres: the first land floods at +1 m") }
        let n = NumberStyle.current
        if level < 0 {
            let gained = globe.landShareGained(level: level)
            let km2 = gained * globe.todayLandKm2
            return tr("{0} % more land than today ({1} km²)", n.decimal(gained * 100, decimals: 1), area(km2))
        }
        let share = globe.landShareUnderWater(level: level) * 100
        var text = tr("{0} % of today's land under water", n.decimal(share, decimals: share < 10 ? 1 : 0))
        let accuracy = globe.sources.verticalAccuracy
        if level < accuracy { text = tr("{0} % of land under water (data ±{1} m)", n.decimal(share, decimals: 1), String(accuracy)) }
        return text
    }

    /// "20.8 million", "350,000".
    static func area(_ km2: Double) -> String {
        km2 >= 1e6 ? tr("{0} million", NumberStyle.current.decimal(km2 / 1e6, decimals: 1)) : people(Int(km2.rounded()))
    }

    /// "24.9 M", "741 k", "5,200" (the user's separators).
    static func people(_ n: Int) -> String {
        let style = NumberStyle.current
        if n >= 1_000_000 { return style.decimal(Double(n) / 1e6, decimals: 1) + " M" }
        if n >= 10_000 { return "\(n / 1000) k" }
        return style.integer(n)
    }

    // MARK: - Drawing

    func draw(_ cr: CairoContext, _ s: Scene) {
        cr.fill(rect, Theme.bar)
        let field = s.search.field.frame
        let x = field.x, w = field.width
        let model = s.model
        // The level and what it means.
        let headline = tr("Sea level {0}", SeaLevel.label(model.level))
        cr.text(headline, x: x, y: headlineY + 14, size: Text.fittingSize(headline, width: w, size: Theme.TextSize.headline, weight: .bold), weight: .bold)
        // At an IPCC preset the line quotes the report (the list says what the relief shows).
        let meaning = Self.projectionQuote(model) ?? Self.gridMeaning(model, globe: s.loads.globe)
        cr.text(meaning, x: x, y: headlineY + (s.controls.isCompact ? 36 : 44), size: Text.fittingSize(meaning, width: w, size: Theme.TextSize.body), color: Theme.dimText)
        drawSlider(cr, position: model.sliderPosition)
        // In a narrow panel the Shift steps are left to F1 rather than shrinking the line.
        let allKeys = Self.levelKeysHint(s.controls, withShift: true)
        let keys = Text.width(allKeys, size: Theme.TextSize.hint) <= w ? allKeys : Self.levelKeysHint(s.controls, withShift: false)
        cr.text(keys, x: x, y: sliderRect.maxY + 6, size: Text.fittingSize(keys, width: w, size: Theme.TextSize.hint), color: Theme.dimText)
        s.controls.draw(cr)
        drawList(cr, s)
        drawSearch(cr, s)
    }

    private func drawSlider(_ cr: CairoContext, position: Double) {
        let track = Self.track(in: sliderRect)
        // The track coloured as the globe colours heights: deep sea, shallow sea, lowland, peaks.
        let zero = SeaLevel.sliderPosition(ofMetres: 0)
        cr.setLinearGradient(from: Point(track.x, 0), to: Point(track.maxX, 0), stops: [
            (0, Color(hex: 0x0b2350)), (zero * 0.7, Color(hex: 0x1f5fa8)), (zero - 0.001, Color(hex: 0x7fb8e6)),
            (zero + 0.001, Color(hex: 0x5f9e52)), (SeaLevel.sliderPosition(ofMetres: 1000), Color(hex: 0xb59a62)),
            (1, Color(hex: 0xf4f4f4)),
        ])
        cr.roundedRect(track, radius: 4)
        cr.fill()
        for preset in SeaLevel.Preset.slider {
            let mx = track.x + SeaLevel.sliderPosition(ofMetres: preset.metres) * track.width
            cr.fill(Rect(x: mx - 0.75, y: track.maxY + 2, width: 1.5, height: 5), Theme.dimText)
        }
        let kx = track.x + position * track.width
        Theme.text.set(cr)
        cr.circle(Point(kx, track.midY), holdsKnob ? 10 : 9)
        cr.fill()
        Theme.accent.set(cr)
        cr.circle(Point(kx, track.midY), 4)
        cr.fill()
    }

    private func drawList(_ cr: CairoContext, _ s: Scene) {
        let x = listRect.x, w = listRect.width, model = s.model
        guard listRect.height >= Self.rowHeight else { return }
        var y = listRect.y + Self.rowHeight / 2
        let header = tr("Under water at {0}:", SeaLevel.label(model.level))
        cr.text(header, x: x, y: y, size: Text.fittingSize(header, width: w, size: Theme.TextSize.body, weight: .bold), weight: .bold)
        y += Self.rowHeight
        if let placesError = s.loads.placesError {
            let l = Text.layout(tr("Places are not installed, so this list is empty.") + " " + placesError, font: Font(size: Theme.TextSize.caption),
                                width: w, wrap: true)
            cr.saved {
                cr.clip(to: Rect(x: x, y: y - Self.rowHeight / 2, width: w, height: max(0, listRect.maxY - y + Self.rowHeight / 2)))
                cr.draw(l, x: x, y: y - 8, color: Theme.dimText)
            }
            return
        }
        guard let readout, let places = s.loads.places else {
            cr.text(s.loads.globeError == nil ? tr("Finding which places flood…") : "—", x: x, y: y, size: Theme.TextSize.caption, color: Theme.dimText)
            return
        }
        if model.gridLevel <= 0 {
            cr.text(model.level < 0 ? tr("nothing: the sea is lower than today")
                        : model.level > 0 ? tr("nothing yet: heights are whole metres") : tr("nothing that is dry land today"),
                    x: x, y: y, size: Theme.TextSize.caption, color: Theme.dimText)
            drawBridges(cr, from: y + Self.rowHeight, model: model, bridges: s.loads.bridges)
            return
        }
        if readout.largest.isEmpty {
            cr.text(tr("no place of the index yet"), x: x, y: y, size: Theme.TextSize.caption, color: Theme.dimText)
            return
        }
        for (i, id) in readout.largest.enumerated() {
            let place = places.place(id)
            let row = listRowFrame(i)
            if let h = s.hover, row.contains(h) { cr.fill(row, Theme.controlHover) }
            let people = Self.people(place.population)
            let pw = Text.width(people, size: Theme.TextSize.caption)
            let name = Text.layout(place.name + ", " + place.countryName, font: Font(size: Theme.TextSize.body), width: w - pw - 10, ellipsis: .end)
            cr.draw(name, x: x, y: row.midY - name.height / 2, color: Theme.text)
            cr.text(people, x: x + w, y: row.midY, size: Theme.TextSize.caption, color: Theme.dimText, align: .right)
            y = row.maxY + Self.rowHeight / 2
        }
        guard listShowsClosing else { return }
        let more = readout.count > readout.largest.count ? "… " : ""
        let closing = more + trn("— {0} place of over a million people", "— {0} places of over a million people", readout.overAMillion,
                                     NumberStyle.current.integer(readout.overAMillion))
        cr.text(closing, x: x, y: y, size: Text.fittingSize(closing, width: w, size: Theme.TextSize.caption), color: Theme.dimText)
    }

    /// Below today's level, the land bridges: those that are dry, then the next to open.
    private func drawBridges(_ cr: CairoContext, from top: Double, model: GlobeModel, bridges: [(bridge: LandBridge, opensAt: Int)]) {
        let x = listRect.x, w = listRect.width
        var y = top
        guard model.level < 0, y + Self.rowHeight <= listRect.maxY else { return }
        let open = bridges.filter { model.gridLevel <= $0.opensAt }
        let header = open.isEmpty ? tr("No land bridge yet") : tr("Land bridges at {0}:", SeaLevel.label(model.level))
        cr.text(header, x: x, y: y, size: Text.fittingSize(header, width: w, size: Theme.TextSize.body, weight: .bold), weight: .bold)
        y += Self.rowHeight
        for (bridge, opensAt) in bridges.sorted(by: { $0.opensAt > $1.opensAt }) where y <= listRect.maxY - Self.rowHeight / 2 {
            let isOpen = model.gridLevel <= opensAt
            let line = "\(bridge.name): \(bridge.joins)" + (isOpen ? "" : " " + tr("(below {0})", SeaLevel.label(opensAt)))
            cr.text(line, x: x, y: y, size: Text.fittingSize(line, width: w, size: Theme.TextSize.caption),
                    color: isOpen ? Theme.text : Theme.dimText)
            y += Self.rowHeight
        }
    }

    /// The field and, while a search is under way, its suggestions (or why there are none).
    private func drawSearch(_ cr: CairoContext, _ s: Scene) {
        if s.search.isActive, s.loads.placesError != nil {
            s.search.field.draw(cr)
            let field = s.search.field.frame
            cr.text(tr("Search needs the GeoNames places (scripts/data/places)"), x: field.x, y: field.maxY + 12,
                    size: Theme.TextSize.caption, color: Theme.dimText)
            return
        }
        s.search.draw(cr, loading: s.loads.places == nil)
    }
}
