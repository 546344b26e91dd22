import Testing
@testable import TouchDeskPlaces

@Suite("Places: name folding")
struct NameFolderTests {
    private func fold(_ text: String, umlauts: Bool = false) -> String {
        var folder = NameFolder()
        return folder.foldedString(text, umlauts: umlauts)
    }

    @Test func caseAndAccentsAreIgnored() {
        #expect(fold("Zürich") == "zurich")
        #expect(fold("ZÜR") == "zur")
        #expect(fold("São Paulo") == "sao paulo")
        #expect(fold("MONTRÉAL") == "montreal")
        #expect(fold("Łódź") == "lodz")
        #expect(fold("Ærøskøbing") == "aeroskobing")
    }

    @Test func invisibleCharactersVanish() {
        // Soft hyphen, left-to-right and right-to-left marks, zero-width space and joiner, BOM.
        #expect(fold("Ham\u{00AD}burg") == "hamburg")
        #expect(fold("\u{200E}Zürich\u{200F}") == "zurich")
        #expect(fold("New\u{200B}York") == "newyork")
        #expect(fold("\u{FEFF}Köln\u{200D}") == "koln")
        // A visible separator still separates.
        #expect(fold("New\u{00A0}York") == "new york")
    }

    @Test func sharpSAndUmlautSpelling() {
        #expect(fold("Straße") == "strasse")
        #expect(fold("STRASSE") == "strasse")
        #expect(fold("München", umlauts: true) == "muenchen")
        #expect(fold("Düsseldorf", umlauts: true) == "duesseldorf")
        #expect(fold("München") == "munchen")
        #expect(NameFolder.hasUmlaut("Köln"))
        #expect(!NameFolder.hasUmlaut("Zurich"))
    }

    @Test func punctuationBecomesSingleSpaces() {
        #expect(fold("  Saint-Jean-de-Luz ") == "saint jean de luz")
        #expect(fold("Xi'an") == "xian")
        #expect(fold("Washington, D.C.") == "washington d c")
        #expect(fold("...") == "")
    }

    @Test func otherScriptsAreKeptAndCaseFolded() {
        #expect(fold("Москва") == "москва")
        #expect(fold("МОСКВА") == "москва")
        #expect(fold("東京") == "東京")
        #expect(fold("Αθήνα") == "αθηνα")
        // Kana voicing marks fold away on both sides alike.
        #expect(fold("ガ") == fold("カ"))
    }

    @Test func compatibilityFormsFold() {
        #expect(fold("ＴＯＫＹＯ") == "tokyo")
        #expect(fold("ﬁnland") == "finland")
    }

    @Test func highlightRangeMapsBackToTheName() {
        var folder = NameFolder()
        let name = "Zürich"
        let range = folder.range(ofFolded: Array("zur".utf8), in: name, umlauts: false)
        #expect(range.map { String(name[$0]) } == "Zür")
        let city = "New York City"
        let word = folder.range(ofFolded: Array("york".utf8), in: city, umlauts: false)
        #expect(word.map { String(city[$0]) } == "York")
        let munich = "München"
        let spelled = folder.range(ofFolded: Array("muen".utf8), in: munich, umlauts: true)
        #expect(spelled.map { String(munich[$0]) } == "Mün")
    }
}
