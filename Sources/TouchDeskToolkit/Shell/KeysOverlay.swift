import TouchDeskDrawing
import TouchDeskInterface

/// The keys overlay (F1 or Ctrl+?): every key of the screen under it, in sections, drawn from the
/// same `KeyHelp` lists the buttons are built from. It takes as many columns as the window needs
/// so the whole list shows at once, at any size from 400 × 360 up.
enum KeysOverlay {
    public static func draw(_ cr: CairoContext, sections: [(title: String, keys: [KeyHelp])], in window: Rect) {
        cr.fill(window, Color(0, 0, 0, 0.62))
        let panel = window.insetBy(min(40, window.width * 0.04))
        let maxWidth = 1100.0
        let box = Rect(x: panel.midX - min(panel.width, maxWidth) / 2, y: panel.y, width: min(panel.width, maxWidth), height: panel.height)
        Theme.bar.set(cr)
        cr.roundedRect(box, radius: 12)
        cr.fill()
        let pad = 16.0
        let heading = tr("Keys")
        cr.text(heading, x: box.x + pad, y: box.y + pad + 8, size: Theme.TextSize.headline, weight: .bold)
        cr.text(tr("F1 or any key closes"), x: box.maxX - pad, y: box.y + pad + 8, size: Theme.TextSize.caption,
                color: Theme.dimText, align: .right)
        let area = Rect(x: box.x + pad, y: box.y + pad + 30, width: box.width - 2 * pad, height: box.height - 2 * pad - 30)
        // One line per key and per section title.
        enum Line { case title(String), key(KeyHelp) }
        var lines: [Line] = []
        for s in sections where !s.keys.isEmpty {
            lines.append(.title(s.title))
            lines += s.keys.map { .key($0) }
        }
        guard !lines.isEmpty, area.height > 10, area.width > 40 else { return }
        // The fewest columns whose lines are still readable.
        var columns = 1, lineH = 0.0
        for c in 1...4 {
            columns = c
            let rows = (lines.count + c - 1) / c
            lineH = min(26, area.height / Double(rows))
            if lineH >= 19 || area.width / Double(c + 1) < 180 { break }
        }
        let rows = (lines.count + columns - 1) / columns
        let size = max(8, min(Theme.TextSize.body, lineH * 0.62))
        let colGap = 18.0
        let colW = (area.width - colGap * Double(columns - 1)) / Double(columns)
        let keysW = min(colW * 0.42, lines.compactMap { line -> Double? in
            if case .key(let k) = line { return Text.width(k.keys, size: size, weight: .bold) } else { return nil }
        }.max() ?? 0)
        for (i, line) in lines.enumerated() {
            let col = i / rows, row = i % rows
            let x = area.x + Double(col) * (colW + colGap)
            let y = area.y + (Double(row) + 0.5) * lineH
            switch line {
            case .title(let t):
                let s = Text.fittingSize(t, width: colW, size: size, weight: .bold)
                cr.text(t, x: x, y: y, size: s, color: Theme.accent, weight: .bold)
            case .key(let k):
                let ks = Text.fittingSize(k.keys, width: keysW, size: size, weight: .bold)
                cr.text(k.keys, x: x + keysW, y: y, size: ks, weight: .bold, align: .right)
                let aw = max(10, colW - keysW - 12)
                let lines = Text.lines(k.action, width: aw, size: size)
                let text = lines.count <= 1 ? k.action : lines[0] + "…"
                cr.text(text, x: x + keysW + 12, y: y, size: Text.fittingSize(text, width: aw, size: size), color: Theme.dimText)
            }
        }
    }
}
