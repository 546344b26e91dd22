import Testing
import TouchDeskModels

@Suite("Find in page")
struct FindInPageTests {
    @Test("a new search waits for the engine's count, then stands on the first match")
    func firstMatch() {
        var f = FindInPage()
        f.search("apple")
        #expect(f.count == nil && f.summary == "")
        f.found(12)
        #expect(f.current == 1 && f.summary == "1 of 12")
    }

    @Test("Next and Previous go round the matches both ways")
    func wrapping() {
        var f = FindInPage()
        f.search("a")
        f.found(3)
        f.next(); f.next()
        #expect(f.summary == "3 of 3")
        f.next()
        #expect(f.summary == "1 of 3", "after the last, the first")
        f.previous()
        #expect(f.summary == "3 of 3", "before the first, the last")
        f.previous()
        #expect(f.current == 2)
    }

    @Test("no matches, an empty search, and Next before the count came")
    func nothing() {
        var f = FindInPage()
        f.search("zebra")
        f.next()
        #expect(f.current == 0)
        f.found(0)
        #expect(f.summary == "No matches")
        f.next()
        #expect(f.current == 0)
        f.search("")
        f.found(5)
        #expect(f.summary == "" && f.count == 0, "a count for an emptied field is old news")
    }

    @Test("a count that shrinks keeps the current match inside it; the engine's limit is said")
    func shrinkingAndLimit() {
        var f = FindInPage()
        f.search("x")
        f.found(5)
        for _ in 0..<3 { f.next() }
        #expect(f.current == 4)
        f.found(2)
        #expect(f.current == 1)
        f.found(FindInPage.limit + 1)
        #expect(f.summary == "1 of more than \(FindInPage.limit)")
    }
}
