import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskToolkit

extension GlobeApp {
    /// For a screen reader: the globe, described by where it looks and the sea level; the level
    /// as a slider (its keys step it); and the figures, announced as the level changes.
    public var accessibleContent: [AccessibleNode] {
        let view = model.view
        let globeDescription = tr("The Earth seen from above {0}, zoom {1}×, with the sea at {2}", GlobeArea.coordinates(view.centre),
                                  String(Int(view.zoom.rounded())), SeaLevel.label(model.level))
        let rows = panel.shownRows(level: model.level, placesLoaded: places != nil)
        var figures = tr("Sea level {0}: {1}.", SeaLevel.label(model.level), levelMeaning)
        if let readout = panel.readout, let places, !rows.isEmpty {
            figures += " " + tr("Under water: {0}.", readout.largest.prefix(3).map { places.place($0).name }.joined(separator: ", "))
        }
        var nodes = [AccessibleNode(id: "globe", role: .canvas, name: tr("Globe"), description: globeDescription, frame: globeRect),
                AccessibleNode(id: "level", role: .slider, name: tr("Sea level"), description: GlobePanel.levelKeysDescription(form.controls),
                               states: [.enabled, .showing], frame: panel.sliderRect,
                               value: AccessibleNode.ValueState(model.level, range: SeaLevel.metresRange,
                                                                adjusters: levelAdjusters)),
                AccessibleNode(id: "figures", role: .label, name: tr("Figures"), frame: panel.rect,
                               text: AccessibleNode.TextState(figures), isLive: true)]
        if let list = search.accessibleList(verb: { tr("Show {0} on the globe", $0.name) }) {
            nodes.append(list)
        }
        if let readout = panel.readout, let places, !rows.isEmpty {
            // The places under water, as a list whose items fly the globe there, as a click does.
            let items = rows.map { i -> AccessibleNode in
                let place = places.place(readout.largest[i]), frame = panel.listRowFrame(i)
                return AccessibleNode(id: "flooded.\(i)", role: .listItem, name: place.name, description: GlobePanel.people(place.population),
                                      actions: [.click("show", tr("Show {0} on the globe", place.name), on: frame)], frame: frame)
            }
            nodes.append(AccessibleNode(id: "flooded", role: .list, name: tr("Under water at {0}", SeaLevel.label(model.level)), children: items))
        }
        return nodes
    }

    /// "4.1 % of today's land under water", or what a lower sea means; at an IPCC preset, the
    /// report's figure and likely range first.
    var levelMeaning: String { GlobePanel.levelMeaning(model, globe: globe) }

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
