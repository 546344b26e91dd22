import Foundation
import TouchDeskDrawing
import TouchDeskGlobe
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces
import TouchDeskToolkit

/// Sea Level's controls: the panel's buttons and the keys without a button, each with its label
/// and keys (F1 and docs/keys.md list them from here).
enum GlobeControl: String, CaseIterable, ControlID {
    case iceAge, today, iceMelted, seeds, drained, low2100, high2100, high2300, coastline, floodTint, reset
    /// Keys only: walking a shown profile (before the turns: with a profile shown, ←/→ walk it),
    /// turning, the heading, tilting, zooming, finding, the relief's exaggeration, profiles.
    case walkBack, walkOn, walkPlay
    case headingLeft, headingRight
    case turnLeft, turnRight, turnUp, turnDown, tiltMore, tiltLess, zoomIn, zoomOut, find, moreRelief, lessRelief, sun
    case profile, profileDeep, profileEverest
    /// The sea level's keys: Ctrl+Up and Ctrl+Down 1 m (with Shift 0.1 m), Page Up and Page Down
    /// 10 m (with Shift 100 m).
    case levelUp, levelDown, levelPageUp, levelPageDown

    var preset: SeaLevel.Preset? {
        switch self {
        case .iceAge: .iceAge
        case .today: .today
        case .iceMelted: .iceMelted
        case .seeds: .seeds
        case .drained: .drained
        case .low2100: .low2100
        case .high2100: .high2100
        case .high2300: .high2300
        default: nil
        }
    }

    /// The level key a control is (Shift, which makes its step finer or coarser, is read from the press).
    var levelKey: GlobeModel.LevelKey? {
        switch self {
        case .levelUp: .up
        case .levelDown: .down
        case .levelPageUp: .pageUp
        case .levelPageDown: .pageDown
        default: nil
        }
    }

    var label: String {
        switch self {
        case .iceAge: translatable("Ice age −120 m")
        case .today: translatable("Today 0 m")
        case .iceMelted: translatable("All ice melted +70 m")
        case .seeds: translatable("The seed's +476 m")
        case .drained: translatable("Drained −11,000 m")
        case .low2100: translatable("2100 low emissions +0.44 m")
        case .high2100: translatable("2100 very high +0.77 m")
        case .high2300: translatable("2300 very high +4.25 m")
        case .coastline: translatable("Coastline")
        case .floodTint: translatable("Flood tint")
        case .reset: translatable("Reset")
        case .walkBack: translatable("Walk the shown profile back (also drag along its chart)")
        case .walkOn: translatable("Walk the shown profile on")
        case .walkPlay: translatable("Walk the shown profile from start to end, or pause")
        case .headingLeft: translatable("Turn the view 10° to the left about its centre (the heading)")
        case .headingRight: translatable("Turn the view 10° to the right about its centre")
        case .turnLeft: translatable("Turn by 10° west")
        case .turnRight: translatable("Turn by 10° east")
        case .turnUp: translatable("Turn by 10° north")
        case .turnDown: translatable("Turn by 10° south")
        case .tiltMore: translatable("Tilt 10° towards the horizon (also Ctrl+drag, right-drag)")
        case .tiltLess: translatable("Tilt 10° back towards straight down")
        case .profile: translatable("Elevation profile: drag a line across the globe (or click its two ends)")
        case .profileDeep: translatable("Profile through the Challenger Deep")
        case .profileEverest: translatable("Profile across Mount Everest")
        case .zoomIn: translatable("Zoom in")
        case .zoomOut: translatable("Zoom out")
        case .find: translatable("Find a place")
        case .moreRelief: translatable("Exaggerate the relief more (1, 2, 5, 10, 20, 50×)")
        case .lessRelief: translatable("Exaggerate the relief less")
        case .sun: translatable("Turn the sun an eighth clockwise (it lights the relief from the upper left, tilted from the lower left)")
        case .levelUp, .levelDown: translatable("Sea level ±1 m (with Shift ±0.1 m)")
        case .levelPageUp, .levelPageDown: translatable("Sea level ±10 m (with Shift ±100 m)")
        }
    }

    /// The label in a small window's compact panel.
    var short: String {
        switch self {
        case .iceAge: "−120 m"
        case .today: "0 m"
        case .iceMelted: "+70 m"
        case .seeds: "+476 m"
        case .drained: "−11 km"
        case .low2100: "+0.44 m"
        case .high2100: "+0.77 m"
        case .high2300: "+4.25 m"
        case .coastline: translatable("Coast")
        case .floodTint: translatable("Tint")
        default: label
        }
    }

    var keys: [KeyChord] {
        switch self {
        case .iceAge: [.key("1")]
        case .today: [.key("2")]
        case .iceMelted: [.key("3")]
        case .seeds: [.key("4")]
        case .drained: [.key("5")]
        case .low2100: [.key("6")]
        case .high2100: [.key("7")]
        case .high2300: [.key("8")]
        case .coastline: [.key("c")]
        case .floodTint: [.key("f")]
        case .reset: [.key("r"), .key("Home")]
        case .walkBack: [.key("Left", "KP_Left", shift: false)]
        case .walkOn: [.key("Right", "KP_Right", shift: false)]
        case .walkPlay: [.key("w")]
        case .headingLeft: [.key("Left", "KP_Left", shift: true)]
        case .headingRight: [.key("Right", "KP_Right", shift: true)]
        case .turnLeft: [.key("Left", "KP_Left", shift: false)]
        case .turnRight: [.key("Right", "KP_Right", shift: false)]
        case .turnUp: [.key("Up", "KP_Up", shift: false)]
        case .turnDown: [.key("Down", "KP_Down", shift: false)]
        case .tiltMore: [.key("Up", "KP_Up", shift: true)]
        case .tiltLess: [.key("Down", "KP_Down", shift: true)]
        case .profile: [.key("p")]
        case .profileDeep: [.key("m")]
        case .profileEverest: [.key("e")]
        case .zoomIn: [.key("plus", "equal", "KP_Add", shown: "+")]
        case .zoomOut: [.key("minus", "KP_Subtract")]
        case .find: [.key("slash", "KP_Divide"), .control("f")]
        case .moreRelief: [.key("bracketright", shown: "]")]
        case .lessRelief: [.key("bracketleft", shown: "[")]
        case .sun: [.key("s")]
        // Shift either way: it chooses the step.
        case .levelUp: [KeyChord(["Up", "KP_Up"], control: true, shown: tr("Ctrl+Up"))]
        case .levelDown: [KeyChord(["Down", "KP_Down"], control: true, shown: tr("Ctrl+Down"))]
        case .levelPageUp: [.key("Prior", "Page_Up", "KP_Prior", "KP_Page_Up", shown: tr("Page Up"))]
        case .levelPageDown: [.key("Next", "Page_Down", "KP_Next", "KP_Page_Down", shown: tr("Page Down"))]
        }
    }

    /// What F1 and a screen reader say besides the label: the IPCC projections' source and range.
    var help: String? {
        switch self {
        case .low2100: translatable("IPCC AR6 (2021): 2100 under low emissions (SSP1-2.6), median +0.44 m, likely 0.32–0.62 m")
        case .high2100: translatable("IPCC AR6 (2021): 2100 under very high emissions (SSP5-8.5), median +0.77 m, likely 0.63–1.01 m")
        case .high2300: translatable("IPCC AR6 (2021): 2300 under very high emissions (SSP5-8.5), likely 1.7–6.8 m: the middle, +4.25 m")
        default: nil
        }
    }

    /// The keys that walk a profile: enabled only while one is shown.
    static let walking: [GlobeControl] = [.walkBack, .walkOn, .walkPlay]

    /// The level's keys as a screen reader steps the level, coarsest first: Shift+Page Up/Down
    /// 100 m, Page Up/Down 10 m, Ctrl+Up/Down 1 m, Ctrl+Shift+Up/Down 0.1 m.
    static let levelSteps: [(down: GlobeControl, up: GlobeControl, shift: Bool)] = [
        (.levelPageDown, .levelPageUp, true), (.levelPageDown, .levelPageUp, false), (.levelDown, .levelUp, false), (.levelDown, .levelUp, true),
    ]

    /// The IPCC AR6 projections among the presets.
    static let projections: [GlobeControl] = [.low2100, .high2100, .high2300]
    static let presets: [GlobeControl] = [.iceAge, .today, .iceMelted, .seeds, .drained] + projections
    /// The panel's buttons, in order.
    static let buttons: [GlobeControl] = presets + toggles
    /// The panel's toggles and Reset, three to a row under the presets.
    static let toggles: [GlobeControl] = [.coastline, .floodTint, .reset]
}
