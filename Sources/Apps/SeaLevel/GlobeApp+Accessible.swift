import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskToolkit

extension GlobeApp {
    /// For a screen reader: the globe, described by where it looks and the sea level; the level
    /// as a slider (↑↓ move it); and the figures, announced as the level changes.
    public var accessibleContent: [AccessibleNode] {
        let view = model.view
        let globeDescription = tr("The Earth seen from above {0}, zoom {1}×, with the sea at {2}", Self.coordinates(view.centre),
                                  String(Int(view.zoom.rounded())), SeaLevel.label(model.level))
        var figures = tr("Sea level {0}: {1}.", SeaLevel.label(model.level), levelMeaning)
        if let readout, let places, model.level > 0, !readout.largest.isEmpty {
            figures += " " + tr("Under water: {0}.", readout.largest.prefix(3).map { places.place($0).name }.joined(separator: ", "))
        }
        var nodes = [AccessibleNode(id: "globe", role: .canvas, name: tr("Globe"), description: globeDescription, frame: globeRect),
                AccessibleNode(id: "level", role: .slider, name: tr("Sea level"), description: levelKeysDescription,
                               states: [.enabled, .showing], frame: sliderRect,
                               value: AccessibleNode.ValueState(model.level, range: SeaLevel.metresRange,
                                                                adjusters: levelAdjusters)),
                AccessibleNode(id: "figures", role: .label, name: tr("Figures"), frame: panelRect,
                               text: AccessibleNode.TextState(figures), isLive: true)]
        if searchField.isFocused, let list = search.accessibleNode(focused: false, verb: { tr("Show {0} on the globe", $0.name) }) {
            nodes.append(list)
        }
        if let readout, let places, model.level > 0, !readout.largest.isEmpty {
            // The places under water, as a list whose items fly the globe there, as a click does.
            let items = readout.largest.indices.map { i -> AccessibleNode in
                let place = places.place(readout.largest[i]), frame = listRowFrame(i)
                return AccessibleNode(id: "flooded.\(i)", role: .listItem, name: place.name, description: Self.people(place.population),
                                      actions: [.click("show", tr("Show {0} on the globe", place.name), on: frame)], frame: frame)
            }
            nodes.append(AccessibleNode(id: "flooded", role: .list, name: tr("Under water at {0}", SeaLevel.label(model.level)), children: items))
        }
        return nodes
    }

    /// The slider's keys in words, as its controls declare them: "Ctrl+Up and Ctrl+Down: 1 m, with
    /// Shift 0.1 m; Page Up and Page Down: 10 m, with Shift 100 m".
    var levelKeysDescription: String {
        let (fine, coarse) = levelKeyPairs { tr("{0} and {1}", $0.shown, $1.shown) }
        return tr("{0}: 1 m, with Shift 0.1 m; {1}: 10 m, with Shift 100 m", fine, coarse)
    }

    /// The level's keys, coarsest first (`Control.levelSteps`), pressed as their controls declare them.
    var levelAdjusters: [AccessibleNode.ValueState.Adjuster] {
        var adjusters: [AccessibleNode.ValueState.Adjuster] = []
        for step in Control.levelSteps {
            guard let down = form.controls[step.down]?.keys.first, let up = form.controls[step.up]?.keys.first else { continue }
            adjusters.append(.init(down: [.key(Key(down.names.first ?? "", control: down.control, shift: step.shift))],
                                   up: [.key(Key(up.names.first ?? "", control: up.control, shift: step.shift))]))
        }
        return adjusters
    }
}
