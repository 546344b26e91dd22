import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Temperature: type a temperature in °F, °C or K and the other two follow as you type, with a
/// message and a picture for how it feels outside.
///
/// Each keystroke converts from the field being edited; the arrow buttons (and Enter) convert
/// again on demand. Input that is not a number, or is below absolute zero, turns its field red
/// with the reason and clears the other fields, the message and the picture, so nothing on
/// screen disagrees with it. The pictures are the project's own drawings (`WeatherScenes`), drawn
/// at the size and device scale they are shown at.
public final class TemperatureApp: MiniApp {
    public nonisolated static let id = "temperature"
    public nonisolated static let title = "Temperature"
    public nonisolated static let blurb = "Convert between Fahrenheit, Celsius and Kelvin as you type, with a picture of the weather it feels like."

    public private(set) var model = TemperatureModel(numberStyle: .current)
    enum Control: String, ControlID { case toCelsius, toFahrenheit }
    let form = Form<Control>()
    let fahrenheit: TextField
    let celsius: TextField
    let kelvin: TextField
    /// The weather picture drawn once at the pixel size it is shown at, until band, size or scale change.
    private var pictureCache: (band: WeatherBand, rect: Rect, scale: Double, surface: ImageSurface)?
    private var size = Size(0, 0)
    private var scale = 1.0
    private(set) var pictureArea = Rect.zero
    /// Where the error, the summary and the weather message go, under the fields.
    private var messageTop = 0.0
    /// Whether the fields are wide enough for "Fahrenheit °F" over them, not just "°F".
    private var showsNames = true
    /// The widest the fields' block grows.
    static let contentWidth = 720.0

    public init(environment: AppEnvironment) {
        fahrenheit = TextField("fahrenheit", placeholder: "°F", maxLength: 24, clipboard: environment.clipboard)
        celsius = TextField("celsius", placeholder: "°C", maxLength: 24, clipboard: environment.clipboard)
        kelvin = TextField("kelvin", placeholder: "K", maxLength: 24, clipboard: environment.clipboard)
        form.add(fahrenheit)
        form.addButton(.toCelsius, "→", key: .control("r"), help: "Convert °F to °C and K")
        form.addButton(.toFahrenheit, "←", key: .control("l"), help: "Convert °C to °F and K")
        form.add(celsius)
        form.add(kelvin)
        form.setFocus(.field("fahrenheit"))
    }

    public var widgets: [any WidgetGroup] { [form] }
    public var extraKeys: [KeyHelp] {
        [KeyHelp("Typing", "Converts from the field being typed in"), KeyHelp("Enter", "Convert from this field again"),
         KeyHelp("Tab, Shift+Tab", "Next, previous field or button")]
    }

    // MARK: - Layout

    public func layout(in size: Size, scale: Double) {
        self.size = size
        self.scale = scale
        let gap = 8.0
        let c = form.controls
        let contentW = max(200, min(size.width - 32, Self.contentWidth))
        // In a narrow window the arrows leave their keys to F1, so the fields keep room for "297.0".
        c.isCompact = false
        var buttonW = 0.0
        for compact in [false, true] {
            c.isCompact = compact
            buttonW = max(c[.toCelsius].map { c.preferredWidth($0) } ?? 60, c[.toFahrenheit].map { c.preferredWidth($0) } ?? 60)
            if (contentW - 2 * (buttonW + 2 * gap)) / 3 >= 100 { break }
        }
        // A tall window gets a little air above the fields, not a strip at the top.
        let y = max(40, ((size.height - 560) * 0.12).rounded() + 40)
        // The three fields side by side, equally wide and equally apart, the block centred: the
        // arrows stand between °F and °C, and an equals sign between °C and K (°F alone on the
        // left of °C over K had looked lopsided).
        let between = buttonW + 2 * gap
        let fieldW = max(60, ((contentW - 2 * between) / 3).rounded(.down))
        let blockLeft = ((size.width - 3 * fieldW - 2 * between) / 2).rounded()
        fahrenheit.frame = Rect(x: blockLeft, y: y, width: fieldW, height: TextField.height)
        celsius.frame = Rect(x: fahrenheit.frame.maxX + between, y: y, width: fieldW, height: TextField.height)
        kelvin.frame = Rect(x: celsius.frame.maxX + between, y: y, width: fieldW, height: TextField.height)
        let bx = fahrenheit.frame.maxX + gap
        c.place(.toCelsius, at: Rect(x: bx, y: y - 16, width: buttonW, height: 32))
        c.place(.toFahrenheit, at: Rect(x: bx, y: y + 24, width: buttonW, height: 32))
        messageTop = max(kelvin.frame.maxY, y + 56) + 10
        showsNames = TemperatureScale.allCases.allSatisfy {
            Text.width("\($0.name) \($0.symbol)", size: Theme.TextSize.body, weight: .bold) <= fieldW
        }
        let pictureTop = messageTop + 62
        pictureArea = Rect(x: 16, y: pictureTop, width: max(0, size.width - 32), height: max(0, size.height - pictureTop - 10))
        cachePicture()
    }

    /// Draws the weather picture for the reading into the cache, at the pixel size it is shown
    /// at, when band, size or scale changed (after a layout or a conversion).
    private func cachePicture() {
        guard let band = model.reading?.band, pictureArea.height > 20 else { pictureCache = nil; return }
        let target = WeatherScenes.fitted(in: pictureArea)
        guard target.width >= 1 else { pictureCache = nil; return }
        if let c = pictureCache, c.band == band, c.rect == target, c.scale == scale { return }
        let surface = ImageSurface.render(size: target.size, scale: scale) { c in
            WeatherScenes.draw(band, in: Rect(x: 0, y: 0, width: target.width, height: target.height), c)
        }
        pictureCache = (band, target, scale, surface)
    }

    // MARK: - Input

    public func handle(_ event: InputEvent) -> Bool {
        switch form.handle(event) {
        case .activated(.toCelsius): convert(from: .fahrenheit)
        case .activated(.toFahrenheit): convert(from: .celsius)
        case .submitted(let id): convert(from: scale(of: id))
        case .edited(let id):
            let scale = scale(of: id)
            model.edit(field(scale).text, in: scale)
            syncFields(except: scale)
        case .stepped, .consumed: break
        case .ignored: return false
        }
        return true
    }

    func scale(of id: String) -> TemperatureScale { TemperatureScale(rawValue: id) ?? .fahrenheit }

    func field(_ scale: TemperatureScale) -> TextField {
        switch scale {
        case .fahrenheit: fahrenheit
        case .celsius: celsius
        case .kelvin: kelvin
        }
    }

    private func convert(from scale: TemperatureScale) {
        model.setText(field(scale).text, for: scale)
        model.convert(from: scale)
        syncFields(except: scale)
    }

    /// Shows the model's texts in the fields other than the one being typed in (whose text,
    /// caret and selection stay the user's), and marks the one in error.
    private func syncFields(except typed: TemperatureScale) {
        for scale in typed.others where field(scale).text != model.text(scale) { field(scale).setText(model.text(scale)) }
        for scale in TemperatureScale.allCases { field(scale).isInvalid = model.error?.scale == scale }
        cachePicture()
    }

    public func tick() -> Bool { form.tick() }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        for scale in TemperatureScale.allCases {
            let f = field(scale)
            // The scales' names where they all fit at their size, else their symbols alone.
            let name = showsNames ? "\(scale.name) \(scale.symbol)" : scale.symbol
            cr.text(name, x: f.frame.x + 2, y: f.frame.y - 14, size: Text.fittingSize(name, width: f.frame.width, size: Theme.TextSize.body, weight: .bold),
                    color: Theme.dimText, weight: .bold)
        }
        form.draw(cr)
        cr.text("=", x: (celsius.frame.maxX + kelvin.frame.x) / 2, y: celsius.frame.midY, size: Theme.TextSize.headline, color: Theme.dimText, align: .center)
        let below = messageTop
        let width = max(40, kelvin.frame.maxX - fahrenheit.frame.x)
        if let e = model.error {
            let text = "\(e.scale.name): \(e.message)"
            cr.text(text, x: size.width / 2, y: below + 10, size: Text.fittingSize(text, width: width, size: Theme.TextSize.body, weight: .bold),
                    color: Theme.error, weight: .bold, align: .center)
            return
        }
        guard let r = model.reading else {
            let hint = tr("Type a temperature in any of the three fields")
            cr.text(hint, x: size.width / 2, y: below + 30, size: Text.fittingSize(hint, width: width, size: Theme.TextSize.body),
                    color: Theme.dimText, align: .center)
            return
        }
        let n = model.numberStyle
        let summary = "\(Temperature.format(r.fahrenheit, style: n)) °F = \(Temperature.format(r.celsius, style: n)) °C = \(Temperature.format(r.kelvin, style: n)) K"
        cr.text(summary, x: size.width / 2, y: below + 10,
                size: Text.fittingSize(summary, width: size.width - 24, size: Theme.TextSize.status), color: Theme.dimText, align: .center)
        let message = r.band.message
        cr.text(message, x: size.width / 2, y: below + 38,
                size: Text.fittingSize(message, width: size.width - 24, size: Theme.TextSize.headline, weight: .bold), weight: .bold, align: .center)
        if pictureArea.height > 20 {
            drawPicture(r.band, cr)
        }
    }

    private func drawPicture(_ band: WeatherBand, _ cr: CairoContext) {
        if let c = pictureCache, c.band == band { cr.draw(c.surface, in: c.rect) }
    }

    /// For a screen reader: the result line, announced as it changes, and the picture.
    public var accessibleContent: [AccessibleNode] {
        let result: String
        if let e = model.error {
            result = "\(e.scale.name): \(e.message)"
        } else if let r = model.reading {
            result = "\(Temperature.format(r.fahrenheit)) °F = \(Temperature.format(r.celsius)) °C = \(Temperature.format(r.kelvin)) K. \(r.band.message)"
        } else {
            result = tr("Type a temperature in any of the three fields")
        }
        var nodes = [AccessibleNode(id: "result", role: .label, name: tr("Result"), frame: Rect(x: 0, y: messageTop, width: size.width, height: 56),
                                    text: AccessibleNode.TextState(result), isLive: true)]
        if let band = model.reading?.band, model.error == nil, pictureArea.height > 20 {
            nodes.append(AccessibleNode(id: "picture", role: .image, name: tr("Weather"), description: WeatherScenes.describe(band),
                                        frame: WeatherScenes.fitted(in: pictureArea)))
        }
        return nodes
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        // A thermometer: a white tube with a red bulb and column.
        let cx = r.midX, w = r.width * 0.2
        Theme.text.set(cr)
        cr.roundedRect(Rect(x: cx - w / 2, y: r.y + r.height * 0.08, width: w, height: r.height * 0.7), radius: w / 2)
        cr.fill()
        cr.circle(Point(cx, r.y + r.height * 0.78), r.width * 0.17)
        cr.fill()
        Theme.error.set(cr)
        cr.circle(Point(cx, r.y + r.height * 0.78), r.width * 0.12)
        cr.fill()
        cr.rectangle(Rect(x: cx - w * 0.25, y: r.y + r.height * 0.35, width: w * 0.5, height: r.height * 0.4))
        cr.fill()
        Theme.dimText.set(cr)
        cr.setLineWidth(max(1, r.width * 0.02))
        for i in 0..<5 {
            let y = r.y + r.height * (0.18 + Double(i) * 0.11)
            cr.moveTo(cx + w / 2 + r.width * 0.04, y); cr.lineTo(cx + w / 2 + r.width * 0.14, y)
        }
        cr.stroke()
    }
}
