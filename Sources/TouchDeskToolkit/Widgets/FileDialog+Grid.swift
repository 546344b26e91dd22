import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface

/// The files as a grid of thumbnails (Ctrl+G), for choosing a picture by its look: cells of a
/// thumbnail over its name, as many across as fit; the arrows move across and down, PgUp/PgDn by
/// a screen, the wheel by a row. The list's keys, sorting and places are the same.
extension FileDialog {
    /// A cell: the thumbnail's square and the name's line under it.
    static let cellSize = Size(124, 118)

    var gridColumns: Int { max(1, Int((listRect.width - 8) / Self.cellSize.width)) }
    var gridRows: Int { max(1, Int((listRect.height - 4) / Self.cellSize.height)) }

    /// Entry `i`'s cell (entries before `scrollTop` lie above the list).
    func cellRect(_ i: Int) -> Rect {
        let k = i - scrollTop, cols = gridColumns
        // The cells spread over the list's width: no ragged gap on the right.
        let w = (listRect.width - 8) / Double(cols)
        let row = k >= 0 ? k / cols : (k - cols + 1) / cols
        let col = k - row * cols
        return Rect(x: listRect.x + 4 + Double(col) * w, y: listRect.y + 4 + Double(row) * Self.cellSize.height,
                    width: w, height: Self.cellSize.height)
    }

    /// The entry under `p` in the list or the grid; nil over the header or past the last cell across.
    public func entry(at p: Point) -> Int? {
        if !isGrid {
            let y = p.y - listRect.y - headerHeight
            guard y >= 0 else { return nil }
            return scrollTop + Int(y / rowHeight)
        }
        let w = (listRect.width - 8) / Double(gridColumns)
        let x = p.x - listRect.x - 4, y = p.y - listRect.y - 4
        guard x >= 0, y >= 0 else { return nil }
        let col = Int(x / w), row = Int(y / Self.cellSize.height)
        guard col < gridColumns, row < gridRows else { return nil }
        return scrollTop + row * gridColumns + col
    }

    public func drawGrid(_ cr: CairoContext) {
        cr.saved {
            cr.clip(to: listRect)
            for (k, e) in visibleEntries.enumerated() {
                let i = scrollTop + k
                let r = cellRect(i).insetBy(3)
                if i == chooser.selection {
                    (listHasFocus ? Theme.controlOn : Theme.control).set(cr)
                    cr.roundedRect(r, radius: 6)
                    cr.fill()
                }
                drawIcon(cr, e, in: Rect(x: r.x + 6, y: r.y + 5, width: r.width - 12, height: r.height - 32))
                let name = Text.layout(rowLabel(e), font: Font(size: Theme.TextSize.caption), width: r.width - 8, ellipsis: .middle, align: .center)
                cr.draw(name, x: r.x + 4, y: r.maxY - 22, color: e.refusal != nil ? Theme.dimText : Theme.text)
            }
        }
    }
}
