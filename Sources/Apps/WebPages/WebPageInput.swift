import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskWeb
import TouchDeskToolkit

/// Where Web Pages' input goes in the pages: which view has the keyboard (the one last clicked),
/// which one a button went down in (its drag and release go there even off it), whether the page
/// holds the keyboard, and what the engine is told of each click, motion, wheel notch and key.
///
/// Positions go to the engine in the view's own points (CSS pixels at zoom 1), whatever the
/// device scale: the engine's frames carry the scale, its input does not.
final class WebPageInput {
    enum Outcome: Equatable {
        /// The event was not on a page.
        case ignored
        case handled
        /// A button went down in a page: it now holds the keyboard.
        case clicked
        /// The pointer is off both pages.
        case offPage
    }

    /// The view keys go to: the one last clicked.
    private(set) var activePane = WebPagesModel.Pane.asIs
    /// The pane a button went down in.
    private var pressedPane: WebPagesModel.Pane?
    /// A click in a page gives it the keyboard (Tab, Enter, Esc included, for the page's links and
    /// dialogs); one Esc hands the keyboard back, so the next Esc goes home as in every other app.
    var holdsKeyboard = false
    private(set) var isOverPage = false

    /// GDK's modifier bits: Shift, Control, Alt (Mod1), the first button held.
    private static func modifiers(_ k: Key) -> Int { (k.shift ? 1 : 0) | (k.control ? 4 : 0) | (k.alt ? 8 : 0) }
    private static let button1Held = 256

    static func index(_ pane: WebPagesModel.Pane) -> Int { pane == .asIs ? 0 : 1 }

    /// A key to the view that has the keyboard: text through the input method, the rest as keys.
    func send(_ k: Key, to engine: WebEngine?) {
        let v = String(Self.index(activePane))
        if !k.text.isEmpty && !k.control && !k.alt {
            engine?.send(.text, v, k.text)
        } else {
            engine?.send(.key, v, "press", k.name, String(Self.modifiers(k)))
            engine?.send(.key, v, "release", k.name, String(Self.modifiers(k)))
        }
    }

    /// Passes one event to the page it lands on; `rect` says where each view's page lies.
    func handle(_ event: InputEvent, engine: WebEngine, rect: (WebPagesModel.Pane) -> Rect) -> Outcome {
        func pane(at p: Point) -> WebPagesModel.Pane? { WebPagesModel.Pane.allCases.first { rect($0).contains(p) } }
        func local(_ p: Point, _ pane: WebPagesModel.Pane) -> (String, String) {
            let r = rect(pane)
            return (String(format: "%.1f", p.x - r.x), String(format: "%.1f", p.y - r.y))
        }
        switch event {
        case .touchBegan(let p), .secondaryBegan(let p), .middleClick(let p):
            guard let pane = pane(at: p) else { return .ignored }
            activePane = pane
            holdsKeyboard = true
            let (x, y) = local(p, pane)
            let button: String
            switch event {
            case .secondaryBegan: button = "3"
            case .middleClick: button = "2"
            default: button = "1"
            }
            let v = String(Self.index(pane))
            engine.send(.button, v, "press", x, y, button, "0")
            if case .touchBegan = event { pressedPane = pane } else { engine.send(.button, v, "release", x, y, button, "0") }
            return .clicked
        case .touchMoved(let p):
            guard let pane = pressedPane else { return .ignored }
            let (x, y) = local(p, pane)
            engine.send(.motion, String(Self.index(pane)), x, y, String(Self.button1Held))
            return .handled
        case .touchEnded(let p):
            guard let pane = pressedPane else { return .ignored }
            pressedPane = nil
            let (x, y) = local(p, pane)
            engine.send(.button, String(Self.index(pane)), "release", x, y, "1", String(Self.button1Held))
            return .handled
        case .hover(let p):
            guard let pane = pane(at: p) else { isOverPage = false; return .offPage }
            isOverPage = true
            let (x, y) = local(p, pane)
            engine.send(.motion, String(Self.index(pane)), x, y, "0")
            return .handled
        case .leave:
            isOverPage = false
            return .offPage
        case .scroll(let p, let dy):
            guard let pane = pane(at: p) else { return .ignored }
            let (x, y) = local(p, pane)
            engine.send(.scroll, String(Self.index(pane)), x, y, "0", String(dy))
            return .handled
        case .scrollSideways(let p, let dx):
            guard let pane = pane(at: p) else { return .ignored }
            let (x, y) = local(p, pane)
            engine.send(.scroll, String(Self.index(pane)), x, y, String(dx), "0")
            return .handled
        case .key(let k):
            send(k, to: engine)
            return .handled
        case .keyUp, .secondaryMoved, .secondaryEnded, .altClick, .tilt, .paste, .pastedPicture:
            return .ignored
        }
    }

    /// Leaving Web Pages, or the page's menu opening over it: the page no longer has the pointer or keys.
    func release() {
        holdsKeyboard = false
        pressedPane = nil
        isOverPage = false
    }
}
