import Foundation
import Testing
@testable import TouchDeskPlaces

/// Postal Codes' own table of ZIP codes gives the places the index gives for the same codes:
/// the code, its town, its state's name, its country and point.
@Suite("Places: the ZIP codes' own table", .enabled(if: PlacesTestData.has(.postcodes), "ZIP codes not installed: run scripts/data/places"))
struct PostcodeTableTests {
    @Test func theTableAgreesWithTheIndex() throws {
        let source = try #require(PlacesTestData.geoNames)
        let table = try #require(PostcodeTable.read(from: source))
        #expect(table.count > 40_000, "\(table.count) codes")
        // Goodrich, Texas; New York; Anchorage, Alaska; Honolulu, Hawaii; Beverly Hills, California.
        for zip in ["77335", "10001", "99501", "96813", "90210"] {
            let own = try #require(table.place(ofZIP: zip), "\(zip) is not in the table")
            guard case .found(let indexed) = PostcodeLookup.find(zip, in: PlacesTestData.index) else {
                Issue.record("\(zip) is not in the index"); continue
            }
            #expect(own.name == zip && own.kind == .postcode)
            #expect(own.locality == indexed.locality && own.region == indexed.region && own.countryName == indexed.countryName,
                    "\(zip): \(own.whereabouts) vs the index's \(indexed.whereabouts)")
            #expect(own.coordinate.distance(to: indexed.coordinate) < 0.01)
        }
        #expect(table.place(ofZIP: "77335")?.whereabouts == "Goodrich, Texas, United States")
        // A valid-looking but unassigned code is in neither.
        #expect(table.place(ofZIP: "00000") == nil)
    }
}
