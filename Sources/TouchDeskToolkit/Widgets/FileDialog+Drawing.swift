import Foundation
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface

/// Drawing the file dialog: the panel, its places, the folder list with thumbnails, the field
/// and buttons, and the question or message line.
extension FileDialog {
    public func draw(_ cr: CairoContext, in area: Rect) {
        Theme.drawDialogFrame(cr, box: box, dimming: area)
        let inner = box.insetBy(8)
        let heading = busy ?? title
        let lineW = headingRight - inner.x - 8
        let headingSize = Text.fittingSize(heading, width: lineW * 0.55, size: isCompactLayout ? 16 : 18, weight: .bold)
        cr.text(heading, x: inner.x + 4, y: headingY, size: headingSize, weight: .bold)
        // The folder after the heading, on the same line, and the count of items at its end.
        let n = chooser.shown.count
        let count = NumberStyle.current.integer(n)
        let status = chooser.isTruncated
            ? trn("{0} item (the folder holds more; the first {1} are listed)", "{0} items (the folder holds more; the first {1} are listed)", n,
                  count, NumberStyle.current.integer(FolderListing.defaultMaxEntries))
            : trn("{0} item", "{0} items", n, count)
        let used = Text.width(heading, size: headingSize, weight: .bold) + 16
        let statusLayout = Text.layout(status, font: Font(size: Theme.TextSize.caption), width: max(20, (lineW - used) * 0.6), ellipsis: .end)
        cr.draw(statusLayout, x: headingRight - 4 - statusLayout.width, y: headingY - statusLayout.height / 2, color: Theme.dimText)
        let noteW = max(20, lineW - used - statusLayout.width - 12)
        let note = Text.layout(folderNote, font: Font(size: Theme.TextSize.caption + (isCompactLayout ? 0 : 1)), width: noteW, ellipsis: .middle)
        cr.draw(note, x: inner.x + 4 + used, y: headingY - note.height / 2, color: Theme.dimText)
        field.draw(cr)
        drawPlaces(cr)
        drawList(cr)
        if let q = question {
            cr.draw(questionLayout(q.text, width: inner.width), x: inner.x, y: messageTop, color: Theme.text)
            questionControls.draw(cr)
        } else {
            if let message {
                let l = messageLayout(message, width: inner.width)
                cr.saved {
                    cr.clip(to: Rect(x: inner.x, y: messageTop, width: inner.width, height: messageHeight))
                    cr.draw(l, x: inner.x, y: messageTop, color: messageIsError ? Color(hex: 0xff8a97) : Theme.dimText)
                }
            }
            form.controls.draw(cr)
        }
    }

    func drawPlaces(_ cr: CairoContext) {
        cr.fill(placesRect, Theme.well.with(alpha: 0.5))
        places.draw(cr)
    }

    public func drawList(_ cr: CairoContext) {
        cr.fill(listRect, Theme.well)
        if isGrid { drawGrid(cr) } else { drawRows(cr) }
        if chooser.shown.isEmpty {
            cr.text(chooser.location == .recent ? tr("No recent files") : tr("Nothing to show here"), x: listRect.midX, y: listRect.midY,
                    size: Theme.TextSize.body, color: Theme.dimText, align: .center)
        }
        // A scroll bar when the list is longer than the view.
        let n = chooser.shown.count
        if n > visibleCount {
            let trackH = listRect.height - headerHeight
            let rows = Double((n + columns - 1) / columns)
            let h = max(16, trackH * Double(visibleRows) / rows)
            let y = listRect.y + headerHeight + (trackH - h) * Double(scrollTop / columns) / max(1, rows - Double(visibleRows))
            Theme.dimText.with(alpha: 0.5).set(cr)
            cr.roundedRect(Rect(x: listRect.maxX - 6, y: y, width: 4, height: h), radius: 2)
            cr.fill()
        }
    }

    /// The list's rows under their header.
    private func drawRows(_ cr: CairoContext) {
        let showDate = listRect.width > 420
        let sizeW = 84.0, dateW = showDate ? 132.0 : 0
        let nameX = listRect.x + 8 + (rowHeight - 2) + 6
        let nameW = max(20, listRect.maxX - nameX - sizeW - dateW - 8)
        // The header: which key sorts, and which way.
        let arrow = chooser.isReversed ? " ▴" : " ▾"
        let headerY = listRect.y + headerHeight / 2
        func header(_ s: String, _ key: FileChooser.SortKey, x: Double) {
            cr.text(s + (chooser.sortKey == key ? arrow : ""), x: x, y: headerY, size: Theme.TextSize.caption,
                    color: chooser.sortKey == key ? Theme.text : Theme.dimText, weight: .bold)
        }
        header(tr("Name"), .name, x: nameX)
        header(tr("Size"), .size, x: nameX + nameW + 8)
        if showDate { header(tr("Modified"), .modified, x: nameX + nameW + sizeW + 8) }
        cr.saved {
            cr.clip(to: Rect(x: listRect.x, y: listRect.y + headerHeight, width: listRect.width, height: listRect.height - headerHeight))
            for (k, e) in visibleEntries.enumerated() {
                let row = scrollTop + k
                let r = rowRect(row)
                if row == chooser.selection {
                    cr.fill(r, listHasFocus ? Theme.controlOn : Theme.control)
                }
                drawIcon(cr, e, in: Rect(x: r.x + 8, y: r.y + 1, width: rowHeight - 2, height: rowHeight - 2))
                let label = rowLabel(e)
                let name = Text.layout(label, font: Font(size: Theme.TextSize.caption), width: nameW, ellipsis: .middle)
                let refused = e.refusal != nil
                cr.draw(name, x: nameX, y: r.midY - name.height / 2, color: refused ? Theme.dimText : Theme.text)
                let size = e.kindNote ?? (e.isFolder ? "" : Self.formatSize(e.size))
                cr.text(size, x: nameX + nameW + 8, y: r.midY, size: Theme.TextSize.caption, color: refused ? Color(hex: 0xff8a97) : Theme.dimText)
                if showDate && e.modified > 0 {
                    cr.text(Self.formatDate(e.modified), x: nameX + nameW + sizeW + 8, y: r.midY, size: Theme.TextSize.caption, color: Theme.dimText)
                }
            }
        }
    }

    /// A thumbnail for a picture, else a folder or a page shape.
    public func drawIcon(_ cr: CairoContext, _ e: FolderEntry, in r: Rect) {
        if let t = thumbnails.thumbnail(for: e) {
            let k = min(r.width / t.size.width, r.height / t.size.height)
            let w = t.size.width * k, h = t.size.height * k
            cr.draw(t, in: Rect(x: r.midX - w / 2, y: r.midY - h / 2, width: w, height: h))
            return
        }
        // Shapes in proportion to the box, whatever the row's height.
        if e.isFolder {
            Theme.accent.set(cr)
            cr.roundedRect(Rect(x: r.x + r.width * 0.06, y: r.y + r.height * 0.16, width: r.width * 0.4, height: r.height * 0.22), radius: 1.5)
            cr.fill()
            cr.roundedRect(Rect(x: r.x + r.width * 0.06, y: r.y + r.height * 0.26, width: r.width * 0.88, height: r.height * 0.56), radius: 2)
            cr.fill()
            return
        }
        let page = Rect(x: r.x + r.width * 0.2, y: r.y + r.height * 0.08, width: r.width * 0.6, height: r.height * 0.84)
        (e.refusal == nil ? Theme.dimText : Color(hex: 0xff8a97)).set(cr)
        cr.setLineWidth(1.5)
        cr.roundedRect(page, radius: 2)
        cr.stroke()
    }

    static func formatSize(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["kB", "MB", "GB", "TB"]
        var v = Double(bytes) / 1000, i = 0
        while v >= 1000 && i < units.count - 1 { v /= 1000; i += 1 }
        return String(format: v < 10 ? "%.1f %@" : "%.0f %@", v, units[i])
    }

    static func formatDate(_ t: Double) -> String {
        var secs = time_t(t)
        var tm = tm()
        localtime_r(&secs, &tm)
        var buf = [CChar](repeating: 0, count: 32)
        let n = strftime(&buf, 32, "%Y-%m-%d %H:%M", &tm)
        return String(decoding: buf.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A row's name as shown: recent files come from many folders, so theirs is the whole path;
    /// a folder's ends in "/".
    func rowLabel(_ e: FolderEntry) -> String {
        chooser.location == .recent ? Paths.abbreviatingHome(e.path, home: chooser.home) : Paths.shown(e.name) + (e.isFolder ? "/" : "")
    }
}

extension FileDialog {
    /// A message's text, wrapped to the dialog's width.
    func messageLayout(_ text: String, width: Double) -> TextLayout {
        Text.layout(text, font: Font(size: Theme.TextSize.caption), width: width, wrap: true)
    }

    /// The question's text, wrapped to the dialog's width.
    func questionLayout(_ text: String, width: Double) -> TextLayout {
        Text.layout(text, font: Font(size: Theme.TextSize.body), width: width, wrap: true)
    }
}
