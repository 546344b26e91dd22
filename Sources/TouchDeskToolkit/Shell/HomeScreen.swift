import TouchDeskDrawing
import TouchDeskInterface

/// The home screen's tiles: one per app, in a grid whose tiles are as large as the window
/// allows (up to `largestTile`), each with its icon (drawn once per size and device scale), its
/// title and its key. Arrows and Tab choose a tile, Enter or Space or a click opens it.
final class HomeScreen {
    public let tiles: [Shell.Tile]
    /// Keyboard focus.
    var selectedTile = 0
    private var hoveredTile: Int?
    private var pressedTile: Int?
    private var tileFrames: [Rect] = []
    private var scale = 1.0
    /// Each tile's icon, drawn once per icon size and device scale: some icons are costly (the
    /// Mandelbrot one is computed), and the home screen redraws on every hover.
    private var iconCache: [Int: (side: Double, scale: Double, surface: ImageSurface)] = [:]
    /// The one label size all tiles share: the largest at which the longest title fits.
    private var tileLabelSize = Theme.TextSize.label

    public init(tiles: [Shell.Tile]) { self.tiles = tiles }

    /// Places the tiles in `area` (window coordinates), in the grid whose columns give the
    /// largest tiles that still all fit, and draws their icons for `scale`.
    public func layout(in appArea: Rect, scale: Double) {
        self.scale = scale
        let area = appArea.insetBy(12)
        let n = tiles.count
        guard n > 0, area.width > 0, area.height > 0 else { tileFrames = []; return }
        let gap = 10.0
        var best = (cols: 1, cell: 0.0, squareness: Int.min)
        for cols in 1...n {
            let rows = (n + cols - 1) / cols
            let w = (area.width - gap * Double(cols - 1)) / Double(cols)
            let h = (area.height - gap * Double(rows - 1)) / Double(rows)
            let cell = min(w, h / 0.9, Self.largestTile).rounded(.down)
            // Among equally large tiles, the squarest grid, then the wider one.
            let squareness = -abs(cols - rows)
            if cell > best.cell || (cell == best.cell && squareness >= best.squareness) { best = (cols, cell, squareness) }
        }
        let cols = best.cols, w = best.cell, h = best.cell * 0.9
        let rows = (n + cols - 1) / cols
        let totalW = Double(cols) * w + Double(cols - 1) * gap
        let totalH = Double(rows) * h + Double(rows - 1) * gap
        let x0 = area.x + (area.width - totalW) / 2
        let y0 = area.y + max(0, (area.height - totalH) / 2)
        tileFrames = (0..<n).map { i in
            Rect(x: x0 + Double(i % cols) * (w + gap), y: y0 + Double(i / cols) * (h + gap), width: w, height: h)
        }
        let labelH = Self.tileLabelHeight(h)
        tileLabelSize = tiles.map {
            Text.fittingSize($0.entry.title, width: w - 12, size: min(Theme.TextSize.label * max(1, w / 190), labelH * 0.7), weight: .bold)
        }.min() ?? Theme.TextSize.label
        cacheIcons()
    }

    /// Tiles grow with the window up to this side: beyond it a tile is a poster, not a button.
    nonisolated static let largestTile = 340.0

    static func tileLabelHeight(_ tileHeight: Double) -> Double { max(16, tileHeight * 0.2) }

    /// The frame of tile `i`, in window coordinates.
    func tileFrame(_ i: Int) -> Rect { tileFrames.indices.contains(i) ? tileFrames[i] : .zero }

    /// Every tile as a control, in window coordinates.
    public var controlRects: [ControlRect] {
        tileFrames.enumerated().map { ControlRect("tile." + tiles[$0.offset].entry.id, $0.element) }
    }

    /// The pointer left the home screen (an app opened).
    func forgetPointer() {
        hoveredTile = nil
        pressedTile = nil
    }

    private func tile(at p: Point) -> Int? { tileFrames.firstIndex { $0.contains(p) } }

    /// The tile a person is about to open, as far as `event` tells: under the pointer, pressed,
    /// or the keyboard's choice after a key.
    func tileOfInterest(after event: InputEvent) -> Int? {
        switch event {
        case .hover, .touchBegan: hoveredTile
        case .key: selectedTile
        default: nil
        }
    }

    /// Moves the hover, the press or the keyboard's choice; returns the tile to open, if any.
    public func handle(_ event: InputEvent) -> Int? {
        switch event {
        case .hover(let p): hoveredTile = tile(at: p)
        case .leave: hoveredTile = nil
        case .touchBegan(let p): pressedTile = tile(at: p); hoveredTile = pressedTile
        case .touchMoved(let p): hoveredTile = tile(at: p)
        case .touchEnded(let p):
            defer { pressedTile = nil }
            if let i = pressedTile, tile(at: p) == i { return i }
        case .key(let k):
            let cols = columns
            if k.is("Right") || k.is("Tab", shift: false) { selectedTile = min(tiles.count - 1, selectedTile + 1) }
            else if k.is("Left") || k.is("ISO_Left_Tab") || k.is("Tab", shift: true) { selectedTile = max(0, selectedTile - 1) }
            else if k.is("Down") { selectedTile = min(tiles.count - 1, selectedTile + cols) }
            else if k.is("Up") { selectedTile = max(0, selectedTile - cols) }
            else if k.is("Return") || k.is("KP_Enter") || k.is("space") { if !tiles.isEmpty { return selectedTile } }
            else if let i = tiles.firstIndex(where: { k.is($0.key) }) { return i }
        default: break
        }
        return nil
    }

    private var columns: Int {
        guard let first = tileFrames.first else { return 1 }
        return max(1, tileFrames.filter { $0.y == first.y }.count)
    }

    /// Draws each tile's icon into the cache once per icon side and device scale.
    private func cacheIcons() {
        for (i, frame) in tileFrames.enumerated() {
            let side = Self.iconFrame(in: frame).width
            if let cached = iconCache[i], cached.side == side, cached.scale == scale { continue }
            let surface = ImageSurface.render(size: Size(side, side), scale: scale) { c in
                tiles[i].entry.drawIcon(c, Rect(x: 0, y: 0, width: side, height: side))
            }
            iconCache[i] = (side, scale, surface)
        }
    }

    /// Where a tile's icon lies: above its label, as large as the tile allows.
    private static func iconFrame(in frame: Rect) -> Rect {
        let iconSide = max(8, min(frame.width * 0.62, frame.height - tileLabelHeight(frame.height) - 14))
        return Rect(x: frame.midX - iconSide / 2, y: frame.y + 8, width: iconSide, height: iconSide)
    }

    public func draw(_ cr: CairoContext) {
        for (i, frame) in tileFrames.enumerated() {
            let t = tiles[i]
            let pressed = pressedTile == i && hoveredTile == i
            let fill = pressed ? Theme.controlPressed : (hoveredTile == i ? Theme.controlHover : Theme.control)
            fill.set(cr)
            cr.roundedRect(frame, radius: 14)
            cr.fill()
            if i == selectedTile {
                Theme.accent.set(cr)
                cr.setLineWidth(2.5)
                cr.roundedRect(frame.insetBy(1.5), radius: 13)
                cr.stroke()
            }
            let labelH = Self.tileLabelHeight(frame.height)
            if let cached = iconCache[i] {
                let icon = Self.iconFrame(in: frame)
                cr.saved {
                    cr.setSource(cached.surface, at: icon.x, icon.y)
                    cr.paint()
                }
            }
            cr.text(t.entry.title, x: frame.midX, y: frame.maxY - labelH / 2 - 4, size: tileLabelSize, weight: .bold, align: .center)
            let hint = Theme.TextSize.hint * max(1, min(1.6, frame.width / 190))
            cr.text(t.key.uppercased(), x: frame.maxX - 9, y: frame.y + 4 + hint, size: hint, color: Theme.dimText, align: .right)
        }
    }
}
