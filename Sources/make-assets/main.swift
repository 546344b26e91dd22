import CX11Cairo
import Foundation
import TouchDeskModels
import TouchDeskViews

/// The asset generator: draws every picture TouchDesk ships and writes it into assets/.
/// Run `swift run make-assets [assets-folder]` after changing a drawing, and commit the PNGs.

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "assets"
let iconName = "io.github.touchdesk.TouchDesk"
var written = 0

func write(_ surface: OpaquePointer, _ path: String) {
    do {
        try ImageFile.writePNG(surface, to: folder + "/" + path)
        written += 1
    } catch {
        FileHandle.standardError.write(Data("make-assets: \(error)\n".utf8))
        exit(1)
    }
}

// The application icon at the hicolor theme's common sizes.
for side in [16, 32, 48, 64, 128, 256] {
    let s = Snapshot.render(size: Size(Double(side), Double(side))) {
        AppIcon.draw($0, in: Rect(x: 0, y: 0, width: Double(side), height: Double(side)))
    }
    write(s, "icons/hicolor/\(side)x\(side)/apps/\(iconName).png")
    cairo_surface_destroy(s)
}

print("make-assets: wrote \(written) files into \(folder)/")
