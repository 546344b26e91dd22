import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// The application icon at the hicolor theme's common sizes.
let iconPictures: [Picture] = [16, 32, 48, 64, 128, 256].map { side in
    Picture(path: "icons/hicolor/\(side)x\(side)/apps/io.github.touchdesk.TouchDesk", width: side, height: side) { cr, size in
        AppIcon.draw(cr, in: Rect(x: 0, y: 0, width: size.width, height: size.height))
    }
}
