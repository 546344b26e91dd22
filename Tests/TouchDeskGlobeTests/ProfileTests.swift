import Foundation
import Testing
@testable import TouchDeskGlobe

/// The elevation profile: samples are the grid's heights along the great circle, and the ready-made
/// lines find the Challenger Deep and Everest where surveys put them (as deep and high as 5′ cells
/// averaged from the 0.1° grid can be).
@Suite("Sea Level: elevation profile", .enabled(if: RealData.available, "ETOPO5 not installed (ferret-datasets)"))
struct ProfileTests {
    @Test func samplesAreTheGridAlongTheGreatCircle() throws {
        let data = try #require(RealData.globe?.data)
        let from = GeoPoint(latitude: 51.5, longitude: -0.1), to = GeoPoint(latitude: 48.9, longitude: 2.35)  // London–Paris
        let p = ElevationProfile(from: from, to: to, on: data, count: 101)
        // Haversine, independently: 337.6 km.
        let φ1 = from.latitude * .pi / 180, φ2 = to.latitude * .pi / 180, Δλ = (to.longitude - from.longitude) * .pi / 180
        let h = pow(sin((φ2 - φ1) / 2), 2) + cos(φ1) * cos(φ2) * pow(sin(Δλ / 2), 2)
        let km = 2 * 6371.0088 * asin(h.squareRoot())
        #expect(abs(p.lengthKm - km) < 0.01 && abs(km - 337.6) < 0.5)
        #expect(p.samples.count == 101)
        #expect(abs(p.samples.last!.point.latitude - 48.9) < 1e-9 && abs(p.samples.last!.point.longitude - 2.35) < 1e-9)
        for (a, b) in zip(p.samples, p.samples.dropFirst()) {
            #expect(abs(b.distanceKm - a.distanceKm - km / 100) < 1e-6)
        }
        for s in p.samples { #expect(s.elevation == data.elevation(at: s.point)) }
        // The Channel is sea, both ends land.
        #expect(p.lowest.elevation < -20 && p.samples.first!.elevation > 0 && p.samples.last!.elevation > 0)
        #expect(p.highest.elevation == p.samples.map(\.elevation).max())
    }

    @Test func challengerDeepAndEverest() throws {
        let data = try #require(RealData.globe?.data)
        let deep = ElevationProfile(.challengerDeep, on: data)
        let surveyedDeep = ElevationProfile.Preset.challengerDeep.surveyed
        // 5′ cells average a trench a few km wide: shallower than the survey, but the deepest sea.
        #expect(deep.lowest.elevation < -8_500 && deep.lowest.elevation > surveyedDeep.metres)
        #expect(abs(deep.lowest.point.latitude - surveyedDeep.point.latitude) < 0.4)
        #expect(abs(deep.lowest.point.longitude - surveyedDeep.point.longitude) < 0.6)
        let everest = ElevationProfile(.everest, on: data)
        let surveyedTop = ElevationProfile.Preset.everest.surveyed
        #expect(everest.highest.elevation > 5_500 && everest.highest.elevation < surveyedTop.metres)
        #expect(abs(everest.highest.point.latitude - surveyedTop.point.latitude) < 0.4)
        #expect(abs(everest.highest.point.longitude - surveyedTop.point.longitude) < 0.4)
        print("profile: Challenger Deep line lowest \(deep.lowest.elevation) m at \(deep.lowest.point); Everest line highest \(everest.highest.elevation) m at \(everest.highest.point)")
    }

    @Test func aLineOfNoLength() throws {
        let data = try #require(RealData.globe?.data)
        let p = ElevationProfile(from: GeoPoint(latitude: 10, longitude: 10), to: GeoPoint(latitude: 10, longitude: 10), on: data, count: 1)
        #expect(p.lengthKm == 0 && p.samples.count == 2 && p.lowest.elevation == p.highest.elevation)
    }
}
