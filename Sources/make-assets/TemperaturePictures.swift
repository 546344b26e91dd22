import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// The Temperature app's six weather pictures, one per band: flat, friendly scenes in a few
/// colours, 480x270 each, in assets/temperature/.
let temperaturePictures: [Picture] = WeatherBand.allCases.map { band in
    Picture(path: "temperature/\(band.picture)", width: 480, height: 270) { cr, size in
        WeatherScenes.draw(band, cr, size)
    }
}
