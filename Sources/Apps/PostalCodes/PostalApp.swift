import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces
import TouchDeskToolkit

/// Postal Codes: type a code and see at once whether it is a valid US ZIP code or Canadian postal
/// code, and if not, why not.
///
/// The verdict comes from `PostalCode.validate`, a pure function with its own tests; this file
/// only shows it: a green tick and the kind of code, a grey "so far so good" while a valid
/// beginning is being typed, or a red cross and the reason. A valid US ZIP code also shows the
/// town it belongs to ("77335 — Goodrich, Texas", from the ZIP codes of the place index) and
/// offers "Show on map" (Ctrl+M, or Enter), which opens Map Search there.
public final class PostalApp: MiniApp {
    public nonisolated static let id = "postal"
    public nonisolated static let title = "Postal Codes"
    public nonisolated static let blurb = "Type a US ZIP code or a Canadian postal code: it says at once whether it is valid, and why not."

    enum Control: String, ControlID { case clear, map }
    let form = Form<Control>()
    let field: TextField
    public private(set) var verdict = PostalCode.Verdict.empty
    private var size = Size(0, 0)
    private let links: AppLinks
    private let lookup: PostcodeLookup
    /// Where the valid ZIP code typed is, once the index has answered.
    public private(set) var zipPlace: PostcodeLookup.Answer?

    public init(environment: AppEnvironment) {
        links = environment.links
        lookup = PostcodeLookup(cacheFolder: environment.cacheDirectory)
        field = TextField("code", placeholder: "e.g. 77335 or K7G 5T9", maxLength: 32, clipboard: environment.clipboard)
        form.add(field)
        form.addButton(.clear, "Clear", key: .control("l"))
        form.addButton(.map, "Show on map", short: "Map", key: .control("m"), help: "Open Map Search at this ZIP code")
        form.controls.setEnabled(.map, false)
        form.setFocus(.field("code"))
    }

    /// The place line under a valid ZIP code: "77335 — Goodrich, Texas".
    public var placeLine: String? {
        guard case .found(let p)? = zipPlace else { return nil }
        return p.name + " — " + [p.locality, p.region].compactMap { $0 }.joined(separator: ", ")
    }

    public var text: String { field.text }

    public var widgets: [any WidgetGroup] { [form] }

    /// The widest the field and its verdict grow: a line longer than this is hard to read.
    static let contentWidth = 640.0

    public func layout(in size: Size, scale: Double) {
        self.size = size
        let c = form.controls
        let clearW = c[.clear].map { c.preferredWidth($0) } ?? 100
        let w = max(120, min(Self.contentWidth, size.width - 32))
        let left = ((size.width - w) / 2).rounded()
        // In a tall window the block sits a third of the way down, not in a strip at the top.
        let top = max(44, ((size.height - 240) * 0.3).rounded())
        field.frame = Rect(x: left, y: top, width: max(60, w - clearW - 8), height: TextField.height)
        c.place(.clear, at: Rect(x: field.frame.maxX + 8, y: top + (TextField.height - ControlSizes.rowHeight) / 2,
                                  width: clearW, height: ControlSizes.rowHeight))
        let mapW = c[.map].map { c.preferredWidth($0) } ?? 140
        mapButtonFrame = Rect(x: left + 36, y: field.frame.maxY + 18 + 96, width: mapW, height: ControlSizes.rowHeight)
        placeMapButton()
    }

    /// Where "Show on map" goes under a valid ZIP code; it is not shown for anything else.
    private var mapButtonFrame = Rect(x: 0, y: 0, width: 0, height: 0)

    private func placeMapButton() {
        let shown: Bool = { if case .usZIP = verdict { return true } else { return false } }()
        form.controls.place(.map, at: shown ? mapButtonFrame : Rect(x: 0, y: 0, width: 0, height: 0))
        form.controls.setEnabled(.map, placeLine != nil)
    }

    public func handle(_ event: InputEvent) -> Bool {
        switch form.handle(event) {
        case .activated(.clear): clear()
        case .activated(.map), .submitted: showOnMap()
        case .edited:
            verdict = PostalCode.validate(field.text)
            field.isInvalid = { if case .invalid = verdict { return true } else { return false } }()
            zipPlace = nil
            lookUp()
        case .consumed, .stepped: break
        case .ignored: return false
        }
        return true
    }

    /// Asks the place index where a valid ZIP code is (at once if it has loaded, else on a later tick).
    private func lookUp() {
        if case .usZIP(let code) = verdict {
            let answer = lookup.place(ofZIP: code)
            zipPlace = answer == .loading ? nil : answer
        }
        placeMapButton()
    }

    /// Opens Map Search at the ZIP code, when it is known.
    private func showOnMap() {
        guard case .found(let p)? = zipPlace else { return }
        links.showPlace(p.name)
    }

    /// Blocks until the ZIP codes are loaded and looks the code up (for `--screenshot` and tests).
    public func finishLookingUp() {
        lookup.waitUntilLoaded()
        lookUp()
    }

    private func clear() {
        field.setText("")
        verdict = .empty
        zipPlace = nil
        placeMapButton()
        field.isInvalid = false
        form.setFocus(.field("code"))
    }

    public func tick() -> Bool {
        // While the index loads, ask again each tick; the answer then shows without a keystroke.
        var waiting = false
        if case .usZIP = verdict, zipPlace == nil {
            lookUp()
            waiting = zipPlace == nil
        }
        return form.tick() || waiting
    }

    public func draw(_ cr: CairoContext) {
        let prompt = tr("A US ZIP code or a Canadian postal code:")
        let width = (form.controls[.clear]?.frame.maxX ?? field.frame.maxX) - field.frame.x
        cr.text(prompt, x: field.frame.x, y: field.frame.y - 20, size: Text.fittingSize(prompt, width: width, size: Theme.TextSize.body),
                  color: Theme.dimText)
        form.draw(cr)
        let top = field.frame.maxY + 18
        let left = field.frame.x
        switch verdict {
        case .empty:
            cr.text(tr("Examples: 77335, 12345-6789, K7G 5T9"), x: left, y: top + 12, size: Theme.TextSize.body, color: Theme.dimText)
        case .incomplete(let why):
            drawVerdict(cr, ok: nil, headline: tr("So far so good"), detail: why, left: left, top: top, width: width)
        case .usZIP(let s):
            drawVerdict(cr, ok: true, headline: tr("Valid US ZIP code"), detail: s.contains("-") ? "ZIP+4: \(s)" : "ZIP: \(s)",
                        left: left, top: top, width: width)
            let line: String
            switch zipPlace {
            case .found?: line = placeLine ?? ""
            case .unknown?: line = tr("Not a ZIP code in use (no town has it)")
            case .unavailable(let why)?: line = tr("No ZIP code data: {0}", why.split(separator: "\n").first.map(String.init) ?? why)
            case .loading?, nil: line = tr("Looking up its town…")
            }
            cr.text(line, x: left + 36, y: top + 76, size: Text.fittingSize(line, width: max(40, width - 36), size: Theme.TextSize.body),
                    color: zipPlace.map { if case .found = $0 { return Theme.text } else { return Theme.dimText } } ?? Theme.dimText,
                    weight: .bold)
        case .canadian(let s):
            drawVerdict(cr, ok: true, headline: tr("Valid Canadian postal code"), detail: s, left: left, top: top, width: width)
        case .invalid(let why):
            drawVerdict(cr, ok: false, headline: tr("Not a valid postal code"), detail: why, left: left, top: top, width: width)
        }
    }

    /// A tick (ok), a cross (not ok) or an ellipsis (nil: not finished), the headline in the
    /// same colour, and the detail under it.
    private func drawVerdict(_ cr: CairoContext, ok: Bool?, headline: String, detail: String, left: Double, top: Double, width: Double) {
        let c = Point(left + 14, top + 12)
        let color = ok.map { $0 ? Theme.success : Theme.error } ?? Theme.dimText
        color.set(cr)
        cr.circle(c, 13)
        cr.fill()
        Theme.text.set(cr)
        cr.setLineWidth(3)
        cr.setLineCap(.round)
        if ok == nil {
            for dx in [-6.0, 0, 6] { cr.circle(Point(c.x + dx, c.y), 1.8) }
            cr.fill()
        } else if ok == true {
            cr.moveTo(c.x - 6, c.y); cr.lineTo(c.x - 1.5, c.y + 5); cr.lineTo(c.x + 6.5, c.y - 5)
        } else {
            cr.moveTo(c.x - 5, c.y - 5); cr.lineTo(c.x + 5, c.y + 5)
            cr.moveTo(c.x + 5, c.y - 5); cr.lineTo(c.x - 5, c.y + 5)
        }
        cr.stroke()
        let textLeft = left + 36
        let textWidth = max(40, width - 36)
        cr.text(headline, x: textLeft, y: c.y, size: Text.fittingSize(headline, width: textWidth, size: Theme.TextSize.headline, weight: .bold),
                  color: ok == nil ? Theme.text : color, weight: .bold)
        var y = c.y + 28
        for line in Text.lines(detail, width: textWidth, size: Theme.TextSize.body) {
            cr.text(line, x: textLeft, y: y, size: Theme.TextSize.body)
            y += 20
        }
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        // An envelope with a stamp.
        let env = Rect(x: r.x + r.width * 0.08, y: r.y + r.height * 0.22, width: r.width * 0.84, height: r.height * 0.56)
        Color(hex: 0xf2e6c9).set(cr)
        cr.roundedRect(env, radius: r.width * 0.04)
        cr.fill()
        Color(hex: 0xb89a62).set(cr)
        cr.setLineWidth(max(1, r.width * 0.025))
        cr.moveTo(env.minX, env.minY); cr.lineTo(env.midX, env.midY); cr.lineTo(env.maxX, env.minY)
        cr.stroke()
        Theme.error.set(cr)
        cr.rectangle(Rect(x: env.maxX - r.width * 0.2, y: env.minY + r.height * 0.06, width: r.width * 0.14, height: r.height * 0.16))
        cr.fill()
    }
}
