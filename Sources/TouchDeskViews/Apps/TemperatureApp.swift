import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels

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
    /// Whether the three fields share one row (a low window), the picture taking the room saved.
    private(set) var isOneRow = false
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
        let buttonW = max(c[.toCelsius].map { c.preferredWidth($0) } ?? 60, c[.toFahrenheit].map { c.preferredWidth($0) } ?? 60)
        let contentW = max(200, min(size.width - 32, Self.contentWidth))
        let left = ((size.width - contentW) / 2).rounded()
        // A tall window gets a little air above the fields, not a strip at the top.
        let y = max(40, ((size.height - 560) * 0.12).rounded() + 40)
        // Kelvin under Celsius, unless that leaves the picture less than 40 % of the window:
        // then all three fields share one row and the message sits closer.
        let stackedTop = y + 2 * TextField.height + 34 + 14 + 78
        isOneRow = size.height - stackedTop - 10 < size.height * 0.4
        let fieldW = max(60, (contentW - buttonW - Double(isOneRow ? 3 : 2) * gap) / Double(isOneRow ? 3 : 2))
        // Stacked, °F and the arrows sit level with the middle of °C over K, not beside °C alone.
        let fy = isOneRow ? y : y + ((TextField.height + 34) / 2).rounded()
        fahrenheit.frame = Rect(x: left, y: fy, width: fieldW, height: TextField.height)
        let bx = left + fieldW + gap
        c.place(.toCelsius, at: Rect(x: bx, y: fy - 16, width: buttonW, height: 32))
        c.place(.toFahrenheit, at: Rect(x: bx, y: fy + 24, width: buttonW, height: 32))
        if isOneRow {
            celsius.frame = Rect(x: bx + buttonW + gap, y: y, width: fieldW, height: TextField.height)
            kelvin.frame = Rect(x: left + contentW - fieldW, y: y, width: fieldW, height: TextField.height)
            messageTop = max(celsius.frame.maxY, y + 56) + 10
        } else {
            celsius.frame = Rect(x: left + contentW - fieldW, y: y, width: fieldW, height: TextField.height)
            kelvin.frame = Rect(x: celsius.frame.x, y: y + TextField.height + 34, width: fieldW, height: TextField.height)
            messageTop = kelvin.frame.maxY + 14
        }
        showsNames = TemperatureScale.allCases.allSatisfy {
            Text.width("\($0.name) \($0.symbol)", size: Theme.TextSize.body, weight: .bold) <= fieldW
        }
        let pictureTop = messageTop + (isOneRow ? 62 : 78)
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
        let below = messageTop
        let width = max(40, celsius.frame.maxX - fahrenheit.frame.x)
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
        cr.text(message, x: size.width / 2, y: below + (isOneRow ? 38 : 44),
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
