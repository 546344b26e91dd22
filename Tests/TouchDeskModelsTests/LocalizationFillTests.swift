import Testing
@testable import TouchDeskLocalization

/// `{0}`, `{1}` … are filled in one pass: what an argument holds is never read as a placeholder.
@Suite struct LocalizationFillTests {
    @Test func anArgumentHoldingAPlaceholderIsShownAsItIs() {
        #expect(fill("Opened {0} ({1})", ["a{1}.png", "160 × 120"]) == "Opened a{1}.png (160 × 120)")
        #expect(fill("{1} then {0}", ["{1}", "{0}"]) == "{0} then {1}")
    }

    @Test func placeholdersRepeatAndAppearInAnyOrder() {
        #expect(fill("{0}{0}-{2}-{1}", ["a", "b", "c"]) == "aa-c-b")
    }

    @Test func bracesThatAreNotAPlaceholderStay() {
        #expect(fill("{x} {} {3} {0", ["a"]) == "{x} {} {3} {0")
        #expect(fill("{{0}}", ["a"]) == "{a}")
        #expect(fill("no placeholders", ["a"]) == "no placeholders")
        #expect(fill("{0}", []) == "{0}")
    }

    @Test func trFillsThroughTheSamePass() {
        #expect(tr("Saved {0}", "a{0}.png") == "Saved a{0}.png")
    }
}
