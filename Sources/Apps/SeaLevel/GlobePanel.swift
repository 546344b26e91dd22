import Foundation
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces
import TouchDeskToolkit

/// Sea Level's side panel as drawn: the level and what it means, the slider, the buttons, the
/// flooded-places list or the land bridges, and the search's suggestions.
extension GlobeApp {
    func drawPanel(_ cr: CairoContext) {
        cr.fill(panelRect, Theme.bar)
        let x = searchField.frame.x, w = searchField.frame.width
        // The level and what it means.
        let headline = tr("Sea level {0}", SeaLevel.label(model.level))
        cr.text(headline, x: x, y: headlineY + 14, size: Text.fittingSize(headline, width: w, size: Theme.TextSize.headline, weight: .bold), weight: .bold)
        // At an IPCC preset the line quotes the report (the list says what the relief shows).
        let meaning = projectionQuote ?? gridMeaning
        cr.text(meaning, x: x, y: headlineY + (form.controls.isCompact ? 36 : 44), size: Text.fittingSize(meaning, width: w, size: Theme.TextSize.body), color: Theme.dimText)
        drawSlider(cr)
        // In a narrow panel the Shift steps are left to F1 rather than shrinking the line.
        let allKeys = levelKeysHint(withShift: true)
        let keys = Text.width(allKeys, size: Theme.TextSize.hint) <= w ? allKeys : levelKeysHint(withShift: false)
        cr.text(keys, x: x, y: sliderRect.maxY + 6, size: Text.fittingSize(keys, width: w, size: Theme.TextSize.hint), color: Theme.dimText)
        form.controls.draw(cr)
        drawList(cr)
        searchField.draw(cr)
        drawSuggestions(cr)
    }

    /// The line under the slider, its keys as the level's controls declare them: "Ctrl+Up/Down 1 m
    /// (Shift 0.1) · Page Up/Down 10 m (Shift 100)".
    func levelKeysHint(withShift: Bool) -> String {
        let (fine, coarse) = levelKeyPairs { KeyChord.pair($0, $1) }
        return withShift ? tr("{0} 1 m (Shift 0.1) · {1} 10 m (Shift 100)", fine, coarse) : tr("{0} 1 m · {1} 10 m", fine, coarse)
    }

    /// The 1 m keys and the 10 m keys (up, then down), each pair written by `written`.
    func levelKeyPairs(_ written: (KeyChord, KeyChord) -> String) -> (fine: String, coarse: String) {
        let chord = { (c: Control) in self.form.controls[c]?.keys.first ?? KeyChord([]) }
        return (written(chord(.levelUp), chord(.levelDown)), written(chord(.levelPageUp), chord(.levelPageDown)))
    }

    /// "4.1 % of today's land under water", or what a lower sea means; at an IPCC preset, the
    /// report's figure and likely range first (what a screen reader hears).
    var levelMeaning: String {
        projectionQuote.map { $0 + " · " + gridMeaning } ?? gridMeaning
    }

    /// At an IPCC AR6 preset: "IPCC AR6: median, likely 0.63–1.01 m".
    var projectionQuote: String? {
        guard let projection = SeaLevel.Preset.allCases.first(where: { $0.likelyRange != nil && $0.metres == model.level }),
              let range = projection.likelyRange else { return nil }
        let likely = tr("likely {0}–{1} m", NumberStyle.current.trimmed(range.lowerBound, maxDecimals: 2),
                        NumberStyle.current.trimmed(range.upperBound, maxDecimals: 2))
        return projection == .high2300 ? tr("IPCC AR6: {0}, shown at its middle", likely) : tr("IPCC AR6: median, {0}", likely)
    }

    /// What the relief shows at the level's whole metres (`SeaLevel.gridLevel`).
    var gridMeaning: String {
        let level = model.gridLevel
        if model.level == 0 { return tr("Today's coastline") }
        guard let globe else { return level < 0 ? tr("The sea {0} m lower: more land, no floods", NumberStyle.current.trimmed(-model.level, maxDecimals: 2)) : tr("Loading the relief…") }
        // Heights are whole metres: under +1 m the relief shows today's coast.
        if level == 0 { return tr("Heights are whole metres: the first land floods at +1 m") }
        let n = NumberStyle.current
        if level < 0 {
            let gained = globe.landShareGained(level: level)
            let km2 = gained * globe.todayLandKm2
            return tr("{0} % more land than today ({1} km²)", n.decimal(gained * 100, decimals: 1), Self.area(km2))
        }
        let share = globe.landShareUnderWater(level: level) * 100
        var text = tr("{0} % of today's land under water", n.decimal(share, decimals: share < 10 ? 1 : 0))
        let accuracy = globe.sources.verticalAccuracy
        if level < accuracy { text = tr("{0} % of land under water (data ±{1} m)", n.decimal(share, decimals: 1), String(accuracy)) }
        return text
    }

    func drawSlider(_ cr: CairoContext) {
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
        let kx = track.x + model.sliderPosition * track.width
        let dragging: Bool = { if case .slider = capture { return true } else { return false } }()
        Theme.text.set(cr)
        cr.circle(Point(kx, track.midY), dragging ? 10 : 9)
        cr.fill()
        Theme.accent.set(cr)
        cr.circle(Point(kx, track.midY), 4)
        cr.fill()
    }

    func drawList(_ cr: CairoContext) {
        let x = listRect.x, w = listRect.width
        guard listRect.height >= Self.rowHeight else { return }
        var y = listRect.y + Self.rowHeight / 2
        let header = tr("Under water at {0}:", SeaLevel.label(model.level))
        cr.text(header, x: x, y: y, size: Text.fittingSize(header, width: w, size: Theme.TextSize.body, weight: .bold), weight: .bold)
        y += Self.rowHeight
        if let placesError {
            let l = Text.layout(tr("Places are not installed, so this list is empty.") + " " + placesError, font: Font(size: Theme.TextSize.caption),
                                width: w, wrap: true)
            cr.saved {
                cr.clip(to: Rect(x: x, y: y - Self.rowHeight / 2, width: w, height: max(0, listRect.maxY - y + Self.rowHeight / 2)))
                cr.draw(l, x: x, y: y - 8, color: Theme.dimText)
            }
            return
        }
        guard let readout, let places else {
            cr.text(globeError == nil ? tr("Finding which places flood…") : "—", x: x, y: y, size: Theme.TextSize.caption, color: Theme.dimText)
            return
        }
        if model.gridLevel <= 0 {
            cr.text(model.level < 0 ? tr("nothing: the sea is lower than today")
                        : model.level > 0 ? tr("nothing yet: heights are whole metres") : tr("nothing that is dry land today"),
                    x: x, y: y, size: Theme.TextSize.caption, color: Theme.dimText)
            drawBridges(cr, from: y + Self.rowHeight)
            return
        }
        if readout.largest.isEmpty {
            cr.text(tr("no place of the index yet"), x: x, y: y, size: Theme.TextSize.caption, color: Theme.dimText)
            return
        }
        for (i, id) in readout.largest.enumerated() {
            let place = places.place(id)
            let row = listRowFrame(i)
            if let h = hover, row.contains(h) { cr.fill(row, Theme.controlHover) }
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
    func drawBridges(_ cr: CairoContext, from top: Double) {
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

    func drawSuggestions(_ cr: CairoContext) {
        guard searchField.isFocused else { return }
        if placesError != nil {
            cr.text(tr("Search needs the GeoNames places (scripts/data/places)"), x: searchField.frame.x, y: searchField.frame.maxY + 12,
                    size: Theme.TextSize.caption, color: Theme.dimText)
            return
        }
        search.draw(cr, text: searchField.text.trimmingCharacters(in: .whitespaces), loading: places == nil)
    }
}
