import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import TouchDeskApps
@testable import AppMapSearch
@testable import TouchDeskToolkit

/// The window's accessible tree as the shell builds it from the typed controls: what the AT-SPI
/// bridge hands to screen readers (the end-to-end tests read it through the real bus).
@Suite("Accessible tree")
struct AccessibleTreeTests {
    let sandbox = Sandbox()

    /// The shared data caches: opening Sea Level or Map Search in a fresh cache folder would
    /// build the relief and the place index again in the background.
    var environment: AppEnvironment {
        var env = sandbox.environment
        env.cacheDirectory = DataCaches.directory
        return env
    }

    func makeShell(_ size: Size = Size(800, 600)) -> Shell {
        let shell = Shell(tiles: registryTiles(), environment: environment)
        shell.layout(in: size)
        return shell
    }

    func nodes(_ shell: Shell) -> [AccessibleNode] { shell.accessibleTree.flatMap(\.flattened) }

    func node(_ shell: Shell, role: AccessibleNode.Role, name: String) throws -> AccessibleNode {
        try #require(nodes(shell).first { $0.role == role && $0.name == name }, "no \(role) named \(name)")
    }

    @Test func everyTileIsAButtonWhoseOpenActionOpensItsApp() throws {
        for (i, tile) in Registry.tiles.enumerated() {
            let shell = makeShell()
            let button = try node(shell, role: .pushButton, name: tile.entry.title)
            #expect(button.shortcut == tile.key)
            #expect(button.description == tile.entry.blurb)
            #expect(button.states.contains(.showing))
            let open = try #require(button.actions.first)
            #expect(open.name == "open")
            for e in open.input { shell.handle(e) }
            #expect(shell.current?.index == i, "the open action of \(tile.entry.title) opened \(shell.title)")
        }
    }

    @Test func idsAreUniqueOnEveryScreen() {
        let shell = makeShell()
        var screens = [nodes(shell)]
        for tile in Registry.tiles {
            shell.open(id: tile.entry.id)
            shell.finishRestoring()
            screens.append(nodes(shell))
        }
        for screen in screens {
            let ids = screen.map(\.id)
            #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
        }
    }

    @Test func temperatureFieldsAreEntriesNamedByUnitAndTakeNewText() throws {
        let shell = makeShell()
        shell.open(id: "temperature")
        for unit in ["°F", "°C", "K"] {
            let entry = try node(shell, role: .entry, name: unit)
            #expect(entry.states.contains(.editable))
        }
        let f = try node(shell, role: .entry, name: "°F")
        shell.performAccessible(.setText("212"), on: f.id)
        #expect(try node(shell, role: .entry, name: "°F").text?.text == "212")
        let c = try #require(try node(shell, role: .entry, name: "°C").text?.text)
        #expect(Double(c) == 100)
        let result = try #require(nodes(shell).first { $0.id.hasSuffix("/result") })
        #expect(result.isLive)
        #expect(result.text?.text.contains("= 100.0 °C =") == true, "\(result.text?.text ?? "")")
        // Emptying it goes through Backspace.
        shell.performAccessible(.setText(""), on: f.id)
        #expect(try node(shell, role: .entry, name: "°F").text?.text == "")
    }

    @Test func aSliderCarriesItsValueAndRange() throws {
        let shell = makeShell()
        shell.open(id: "paint")
        let size = try node(shell, role: .slider, name: "Size")
        let value = try #require(size.value)
        #expect(value.range == PaintModel.radiusRange)
        shell.handle(.key(Key("bracketright")))
        let after = try #require(try node(shell, role: .slider, name: "Size").value)
        #expect(after.value > value.value || value.value == value.range.upperBound)
    }

    @Test func symbolButtonsAreNamedByWhatTheyDo() throws {
        let shell = makeShell()
        shell.open(id: "temperature")
        let arrow = try node(shell, role: .pushButton, name: "Convert °F to °C and K")
        #expect(arrow.shortcut == "<Control>r")
    }

    @Test func picturesAreDescribed() throws {
        let shell = makeShell()
        shell.open(id: "mandelbrot")
        let set = try node(shell, role: .canvas, name: "Mandelbrot set")
        #expect(set.description.contains("zoom 1×"), "\(set.description)")
        shell.goHome()
        shell.open(id: "stickman")
        shell.handle(.key(Key("5")))
        let man = try node(shell, role: .image, name: "Stick Man")
        #expect(man.description.contains("flies"), "\(man.description)")
        let says = try node(shell, role: .label, name: "Stick Man says")
        #expect(says.isLive && says.text?.text == "I am flying!")
    }

    @Test func onlyOneNodeHasTheFocus() throws {
        let shell = makeShell()
        #expect(nodes(shell).filter { $0.states.contains(.focused) }.map(\.name) == ["Paintbrush"])
        shell.handle(.key(Key("Right")))
        #expect(nodes(shell).filter { $0.states.contains(.focused) }.map(\.name) == ["Polygon"])
        shell.open(id: "temperature")
        shell.handle(.key(Key("Tab")))
        #expect(nodes(shell).filter { $0.states.contains(.focused) }.map(\.name) == ["Convert °F to °C and K"])
    }

    @Test func doublerAnnouncesTheNumber() throws {
        let shell = makeShell()
        shell.open(id: "doubler")
        shell.finishRestoring()
        let number = try node(shell, role: .label, name: "Number")
        #expect(number.isLive)
        #expect(number.text?.text == "1, 2 to the power 0")
        shell.handle(.key(Key("space")))
        #expect(try node(shell, role: .label, name: "Number").text?.text == "2, 2 to the power 1")
    }

    @Test("Map Search's suggestions are a list whose item's action picks the place", .enabled(if: mapDataInstalled, "needs marble-qt-data and scripts/data/places"))
    func mapSuggestionsAreAList() throws {
        let app = MapApp(environment: environment)
        app.finishLoading()
        app.layout(in: Size(900, 560), scale: 1)
        app.type("zur")
        let list = try #require(app.accessibleContent.first { $0.role == .list })
        let first = try #require(list.children.first)
        #expect(first.role == .listItem && first.name == "Zürich")
        #expect(list.children.count == app.suggestions.count)
        for e in try #require(first.actions.first { $0.name == "choose" }).input { _ = app.handle(e) }
        #expect(app.chosen?.name == "Zürich")
        #expect(!app.accessibleContent.contains { $0.role == .list }, "the list closes once a place is chosen")
    }

    @Test("Tab from Map Search's field reaches its list of suggestions; Down moves the selection, Enter picks", .enabled(if: mapDataInstalled, "needs marble-qt-data and scripts/data/places"))
    func mapSuggestionsAreATabStop() throws {
        let app = MapApp(environment: environment)
        app.finishLoading()
        app.layout(in: Size(900, 560), scale: 1)
        app.type("zur")
        let chain = FocusChain(app.widgets)
        #expect(chain.current?.item.role == .field)
        chain.move()
        #expect(chain.current?.item.role == .list, "Tab from the field went to \(chain.current?.item.name ?? "nothing")")
        var list = try #require(app.accessibleContent.first { $0.role == .list })
        #expect(list.states.contains(.focused))
        #expect(list.children.first?.states.contains(.selected) == true)
        _ = app.handle(.key(Key("Down")))
        list = try #require(app.accessibleContent.first { $0.role == .list })
        #expect(list.children.map { $0.states.contains(.selected) }.firstIndex(of: true) == 1)
        let second = try #require(list.children.dropFirst().first?.name)
        _ = app.handle(.key(Key("Return")))
        #expect(app.chosen.map { second.hasPrefix($0.name) } == true, "Enter on \(second) chose \(app.chosen?.name ?? "nothing")")
    }

    @Test("A client's new value moves a slider as its keys would, to the nearest value they reach")
    func settingASliderValue() throws {
        let shell = makeShell()
        shell.open(id: "paint")
        let size = try node(shell, role: .slider, name: "Size")
        shell.performAccessible(.setValue(30), on: size.id)
        #expect(try node(shell, role: .slider, name: "Size").value?.value == 30)
        shell.performAccessible(.setValue(1e9), on: size.id)
        #expect(try node(shell, role: .slider, name: "Size").value?.value == PaintModel.radiusRange.upperBound)
        shell.performAccessible(.setValue(.nan), on: size.id)
        #expect(try node(shell, role: .slider, name: "Size").value?.value == PaintModel.radiusRange.upperBound)
        // Polygon's Sides has no keys: it steps by clicks on its track.
        shell.goHome()
        shell.open(id: "polygon")
        let sides = try node(shell, role: .slider, name: "Sides")
        shell.performAccessible(.setValue(9), on: sides.id)
        #expect(try node(shell, role: .slider, name: "Sides").value?.value == 9)
        // Mandelbrot's limit doubles: 1000 from 200 is 800 (nearer than 1600).
        shell.goHome()
        shell.open(id: "mandelbrot")
        let limit = try node(shell, role: .slider, name: "Iteration limit")
        let start = try #require(limit.value?.value)
        shell.performAccessible(.setValue(start * 4.9), on: limit.id)
        #expect(try node(shell, role: .slider, name: "Iteration limit").value?.value == start * 4)
        #expect(try node(shell, role: .canvas, name: "Mandelbrot set").description.contains("iteration limit \(Int(start * 4))"))
    }

    @Test("Every app's toast is one live node: SpaceBalls' and Maze's messages are announced")
    func toastsAreLive() throws {
        let shell = makeShell()
        shell.open(id: "spaceballs")
        shell.handle(.key(Key("9", text: "9")))
        let balls = try #require(nodes(shell).first { $0.id == "spaceballs/message" })
        #expect(balls.isLive && balls.text?.text.contains("+ adds one") == true, "\(balls.text?.text ?? "")")
        shell.goHome()
        shell.open(id: "maze")
        shell.finishRestoring()
        shell.handle(.key(Key("g", text: "g")))  // a generated maze, whose blocks Clear takes away
        shell.handle(.key(Key("c", text: "c")))
        let maze = try #require(nodes(shell).first { $0.id == "maze/message" })
        #expect(maze.isLive && maze.text?.text.hasPrefix("Cleared") == true, "\(maze.text?.text ?? "")")
    }
}
