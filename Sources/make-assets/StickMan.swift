import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Stick Man's pictures: every layer on the same 400 × 400 square, transparent except the
/// background, so any stack of them lines up.
///
/// The look is a felt-tip drawing: ink lines wobble a little (a seeded generator per picture, so a
/// run always draws the same files) and go over twice, the second pass faint and slightly off.
/// "Left" and "right" are the viewer's: the left hand is on the left of the picture.
let stickManPictures: [Picture] = StickManPicture.allCases.map { picture in
    Picture(path: "stickman/\(picture.rawValue)", width: StickManPicture.side, height: StickManPicture.side) { cr, _ in
        StickManArt.draw(picture, in: cr)
    }
}

/// Adding Images' five layers again at four times the size (1600 × 1600), in stickman@4x/: the
/// app loads picture files (its lesson is image layers), and picks these when it shows a layer
/// larger than 400 pixels, so the composite stays sharp on large windows and at 2×.
let stickManLargePictures: [Picture] = [StickManPicture.background, .baseline, .readThePaper, .hat, .legs].map { picture in
    Picture(path: "stickman\(ImageStore.largeSuffix)/\(picture.rawValue)", width: 4 * StickManPicture.side, height: 4 * StickManPicture.side) { cr, _ in
        cr.scale(4, 4)
        StickManArt.draw(picture, in: cr)
    }
}
