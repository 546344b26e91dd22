import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskWeb
import TouchDeskToolkit

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

let allPictures: [Picture] = iconPictures + stickManPictures + stickManLargePictures + temperaturePictures

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
// The picture the offline start page floats (assets/web/index.html), drawn by the web engine's side.
try? FileManager.default.createDirectory(atPath: folder + "/web", withIntermediateDirectories: true)
guard StartPagePicture.writePNG(to: folder + "/web/touchdesk.png") else {
    FileHandle.standardError.write(Data("make-assets: cannot write \(folder)/web/touchdesk.png\n".utf8))
    exit(1)
}
print("make-assets: wrote \(allPictures.count + 1) pictures into \(folder)/")
