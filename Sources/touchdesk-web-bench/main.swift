// Prints the web engine's timings until touchdesk-bench grows a `web` command that calls
// WebBench; `--screenshot out.png URL` paints a page at 970 px for a look.
import CCairo
import Glibc
import TouchDeskWeb

func currentDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "/" }
    defer { free(path) }
    return String(cString: path)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var screenshot: String?
if arguments.first == "--screenshot", arguments.count >= 2 {
    screenshot = arguments[1]
    arguments.removeFirst(2)
}
guard let address = arguments.first else {
    print("usage: touchdesk-web-bench [--screenshot out.png] URL-or-path [runs]")
    exit(2)
}
let url: WebURL
do {
    url = try WebURL.fromUserInput(address, currentDirectory: currentDirectory())
} catch {
    print("touchdesk-web-bench: \(error)")
    exit(2)
}
if let screenshot {
    let page = PageLoader().load(url, layoutWidth: 970)
    let size = page.size ?? WebSize(width: 970, height: 600)
    let height = min(size.height, 4000)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.width), Int32(height))!
    let cr = cairo_create(surface)!
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_paint(cr)
    page.document.draw(into: cr, x: 0, y: 0, clip: WebRect(x: 0, y: 0, width: size.width, height: height))
    cairo_destroy(cr)
    cairo_surface_write_to_png(surface, screenshot)
    cairo_surface_destroy(surface)
    print("\(page.title): \(size.width)×\(size.height) px, kind \(page.kind)")
    for skipped in page.skippedResources { print("skipped: \(skipped)") }
    exit(0)
}
let runs = arguments.dropFirst().first.flatMap { Int($0) } ?? 15
for line in WebBench.run(startPage: url, runs: runs) { print(line) }
