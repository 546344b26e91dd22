import CCairo

/// Timings of the web engine for `touchdesk-bench web`: medians, never pass/fail.
public enum WebBench {
    /// Parse + layout, relayout, and paints of the start page and of a generated long page
    /// (2,000 paragraphs and a 500-row table). One line per number.
    public static func run(startPage: WebURL, runs: Int = 15) -> [String] {
        var lines: [String] = []
        let start = PageLoader().load(startPage, layoutWidth: 970)
        lines.append("start page: \(start.url.lastPathComponent), \(start.size.map { "\($0.width)×\($0.height)" } ?? "?") px"
            + (start.skippedResources.isEmpty ? "" : ", \(start.skippedResources.count) resources missing"))
        lines += measure(name: "start page", html: start.source, url: start.url, stylesheets: stylesheets(of: start),
                         runs: runs)
        var fixed: [Duration] = []
        for _ in 0..<runs {
            fixed.append(ContinuousClock().measure {
                WebDocument(html: "<p>x</p>", url: WebURL(reference: "file:///bench/tiny.html")).layout(width: 970)
            })
        }
        lines.append("one-line page: parse + layout \(format(median(fixed))) ms (the fixed cost of a document)")
        lines += measure(name: "long page", html: longPage(), url: WebURL(reference: "file:///bench/long.html"),
                         stylesheets: [:], runs: max(3, runs / 3))
        return lines
    }

    /// 2,000 paragraphs and a 500-row table.
    public static func longPage() -> String {
        var html = "<html><head><title>Long page</title></head><body><h1>A long page</h1>"
        let words = ["litehtml", "cairo", "pango", "layout", "paint", "scroll", "table", "paragraph", "touch",
                     "desk", "window", "tile", "frame", "median", "browser", "engine"]
        for index in 0..<2000 {
            html += "<p>Paragraph \(index + 1): "
            for word in 0..<40 { html += words[(index * 7 + word * 3) % words.count] + " " }
            if index % 10 == 0 { html += "<b>bold</b> <i>italic</i> <a href=\"#p\(index)\">a link</a>" }
            html += "</p>"
        }
        html += "<table border=\"1\">"
        for row in 0..<500 {
            html += "<tr><td>\(row)</td><td>row \(row) name</td><td>\(row * 37 % 1000)</td><td>\(words[row % words.count])</td></tr>"
        }
        return html + "</table></body></html>"
    }

    private static func stylesheets(of page: LoadedPage) -> [WebURL: (String, WebURL)] {
        var sheets: [WebURL: (String, WebURL)] = [:]
        for reference in page.document.stylesheetReferences {
            let url = page.document.baseURL.resolving(reference).withoutFragment
            if case .success(let sheet) = ResourceFetcher(limits: .standard, task: LoadTask()).fetch(url) {
                sheets[url] = (Charset.decode(sheet.body, contentType: sheet.contentType).text, sheet.url)
            }
        }
        return sheets
    }

    private static func measure(name: String, html: String, url: WebURL, stylesheets: [WebURL: (String, WebURL)],
                                runs: Int) -> [String] {
        var parseLayout: [Duration] = []
        var document: WebDocument?
        for _ in 0..<runs {
            let elapsed = ContinuousClock().measure {
                let parsed = WebDocument(html: html, url: url) { stylesheets[$0].map { (css: $0.0, url: $0.1) } }
                parsed.layout(width: 970, height: 1080)
                document = parsed
            }
            parseLayout.append(elapsed)
        }
        guard let document else { return [] }
        var relayout: [Duration] = []
        for run in 0..<runs {
            relayout.append(ContinuousClock().measure { document.layout(width: run % 2 == 0 ? 900 : 970, height: 1080) })
        }
        let size = document.layout(width: 970, height: 1080)

        // As the page is: a 1920×1080 view at the top, then a scroll frame in the middle.
        let view = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1920, 1080)!
        let cr = cairo_create(view)!
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(view)
        }
        func paint(scrollY: Int, scale: Double, viewWidth: Int) -> Duration {
            ContinuousClock().measure {
                cairo_save(cr)
                cairo_rectangle(cr, 0, 0, Double(viewWidth), 1080)
                cairo_clip(cr)
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_paint(cr)
                let visibleHeight = Int((1080 / scale).rounded(.up))
                document.draw(into: cr, x: 0, y: -Double(scrollY) * scale, scale: scale,
                              clip: WebRect(x: 0, y: scrollY, width: size.width, height: visibleHeight))
                cairo_restore(cr)
                cairo_surface_flush(view)
            }
        }
        let middle = max(0, size.height / 2 - 540)
        let asIs = (0..<runs).map { _ in paint(scrollY: 0, scale: 1, viewWidth: 1920) }
        let scroll = (0..<runs).map { run in paint(scrollY: middle + run * 40, scale: 1, viewWidth: 1920) }
        let fitScale = 960.0 / Double(size.width)
        let fit = (0..<runs).map { _ in paint(scrollY: 0, scale: fitScale, viewWidth: 960) }

        return [
            "\(name): \(size.width)×\(size.height) px",
            "\(name): parse + layout \(format(median(parseLayout))) ms",
            "\(name): relayout (900 ↔ 970 px) \(format(median(relayout))) ms",
            "\(name): paint as-is view 1920×1080 \(format(median(asIs))) ms",
            "\(name): paint scroll frame mid-page 1920×1080 \(format(median(scroll))) ms",
            "\(name): paint fit view 960×1080 (scale \(format(fitScale, digits: 3))) \(format(median(fit))) ms",
        ]
    }

    private static func median(_ values: [Duration]) -> Double {
        let sorted = values.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000 }.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    private static func format(_ value: Double, digits: Int = 2) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return String(rounded)
    }
}
