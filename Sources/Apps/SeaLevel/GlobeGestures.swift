import Foundation
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces
import TouchDeskToolkit

/// Sea Level's pointer: turning, tilting (Ctrl+drag, right-drag), clicks for the place card and
/// the profile's ends, the slider and the flooded-places list.
extension GlobeApp {
    // MARK: - Pointer

    /// A point in the globe's own area (the model's coordinates).
    func local(_ p: Point) -> (x: Double, y: Double) { (p.x - globeRect.x, p.y - globeRect.y) }

    /// The place under window point `p`, or nil off the globe or in the sky.
    func pick(_ p: Point) -> GeoPoint? {
        model.view.pick(x: local(p).x, y: local(p).y, width: Int(globeRect.width), height: Int(globeRect.height))
    }

    func touchBegan(_ p: Point) -> Bool {
        if let i = suggestionIndex(at: p) {
            capture = .suggestion(i)
            return true
        }
        if sliderRect.insetBy(-6).contains(p) {
            capture = .slider
            setSlider(p)
            return true
        }
        if form.handle(.touchBegan(p)) != .ignored {
            capture = .form
            if !searchField.isFocused { search.close() }
            return true
        }
        if let row = listRow(at: p) {
            capture = .listRow(row)
            return true
        }
        guard globeRect.contains(p) else { return false }
        form.setFocus(nil)
        search.close()
        if profileTool.chartContains(p, in: globeRect) {
            capture = .walk
            profileTool.walk(to: p, in: globeRect)
            return true
        }
        if controlHeld {
            capture = .tilt(last: p)
            return true
        }
        if profileTool.isArmed, let globe, let from = pick(p) {
            capture = .profile(start: p, from: from)
            _ = globe
            return true
        }
        if sinceTap < Self.doubleClickTicks && p.distance(to: lastTap) < 8 {
            sinceTap = Int.max / 2
            capture = .doubleClick
            if let place = model.view.pick(x: local(p).x, y: local(p).y, width: Int(globeRect.width), height: Int(globeRect.height)) {
                model.turn(to: place)
            }
            return true
        }
        capture = .globe(start: p)
        model.beginDrag(at: local(p))
        return true
    }

    func touchMoved(_ p: Point) -> Bool {
        switch capture {
        case .form:
            if case .edited = form.handle(.touchMoved(p)) { updateSuggestions() }
        case .slider: setSlider(p)
        case .globe: model.drag(to: local(p))
        case .tilt(let last):
            model.setTilt(model.view.tilt + (last.y - p.y) * Self.tiltPerPoint)
            if p.x != last.x { model.turnHeading(degrees: (p.x - last.x) * Self.tiltPerPoint) }
            capture = .tilt(last: p)
        case .profile(let start, let from):
            if p.distance(to: start) >= Self.tapSlop, let globe, let to = pick(p) { profileTool.line(from: from, to: to, on: globe) }
        case .walk: profileTool.walk(to: p, in: globeRect)
        case .doubleClick, .listRow, .suggestion: break
        case nil: return false
        }
        return true
    }

    func touchEnded(_ p: Point) -> Bool {
        defer { capture = nil }
        switch capture {
        case .form:
            if case .activated(let c) = form.handle(.touchEnded(p)) { activate(c) }
        case .slider: setSlider(p)
        case .globe(let start):
            model.endDrag(at: local(p))
            if p.distance(to: start) < Self.tapSlop {
                sinceTap = 0
                lastTap = p
                // A click asks "what about here?": the card answers for the clicked point.
                if let point = model.view.pick(x: local(p).x, y: local(p).y, width: Int(globeRect.width), height: Int(globeRect.height)) {
                    marked = nil
                    pin = GlobePin(title: Self.coordinates(point), label: "", point: point.normalized)
                    updateCard()
                }
            }
        case .tilt:
            capture = nil
            refreshPicture()
        case .profile(let start, let from):
            guard let globe else { break }
            if p.distance(to: start) < Self.tapSlop { profileTool.click(from, on: globe) }
            else if let to = pick(p) { profileTool.line(from: from, to: to, on: globe) }
            syncWalking()
        case .walk: profileTool.walk(to: p, in: globeRect)
        case .doubleClick: break
        case .listRow(let row):
            if listRow(at: p) == row, let id = readout?.largest[row], let places { choose(places.place(id)) }
        case .suggestion(let i):
            if suggestionIndex(at: p) == i, let place = search.place(row: i) { choose(place) }
        case nil: return false
        }
        return true
    }

    func setSlider(_ p: Point) {
        let track = Self.track(in: sliderRect)
        var t = (p.x - track.x) / max(1, track.width)
        // Within 4 points of a preset's mark, the knob snaps to it: exact presets by mouse.
        for preset in SeaLevel.Preset.slider {
            let mark = SeaLevel.sliderPosition(ofMetres: preset.metres)
            if abs(mark - t) * track.width < 4 { t = mark }
        }
        changeLevel { $0.setSliderPosition(t) }
    }

    static func track(in r: Rect) -> Rect { Rect(x: r.x + 9, y: r.midY - 4, width: max(1, r.width - 18), height: 8) }

    /// Row `i` of the flooded-places list (row 0 is the first place, under the header).
    func listRowFrame(_ i: Int) -> Rect {
        Rect(x: listRect.x - 4, y: listRect.y + Self.rowHeight * Double(i + 1), width: listRect.width + 8, height: Self.rowHeight)
    }

    /// The row of the flooded-places list under `p`.
    func listRow(at p: Point) -> Int? {
        guard let readout, model.level > 0 else { return nil }
        return readout.largest.indices.first { listRowFrame($0).contains(p) }
    }
}
