import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskViews

/// The asset generator: draws every picture TouchDesk ships and writes it into assets/.
/// Run `swift run make-assets [assets-folder]` after changing a drawing, and commit the PNGs.
/// Each group of pictures lives in its own file and is named once in `allPictures`.

/// One picture: its path under the assets folder (without ".png"), its size in pixels, its drawing.
struct Picture {
    let path: String
    let width: Int
    let height: Int
    let draw: (CairoContext, Size) -> Void
}

let allPictures: [Picture] = iconPictures + stickManPictures + temperaturePictures

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "assets"
for p in allPictures {
    let size = Size(Double(p.width), Double(p.height))
    let surface = ImageSurface.render(size: size) { p.draw($0, size) }
    do {
        try ImageFile.writePNG(surface, to: folder + "/" + p.path + ".png")
    } catch {
        FileHandle.standardError.write(Data("make-assets: \(error)\n".utf8))
        exit(1)
    }
}
print("make-assets: wrote \(allPictures.count) pictures into \(folder)/")
