#!/usr/bin/python3
"""A small GTK 3 window that does what TouchDesk's Temperature and Map Search do, for the
screen-reader comparison test (Tests/TouchDeskEndToEndTests/ScreenReaderEndToEndTests.swift):
the same keys are typed into it and into TouchDesk under Orca, and what Orca says is compared.

Its Tab order is Temperature's: the °F entry, the buttons "→" (°F to °C) and "←", the °C entry;
then a search entry and the list of places under it, the next Tab stop, whose rows Down and Up
move through (as Map Search's suggestions are). Enter in °F converts, as Ctrl+R does in TouchDesk."""
import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

PLACES = ["Paris, Île-de-France, France", "Paris, Texas, United States", "Parma, Emilia-Romagna, Italy"]


def main():
    window = Gtk.Window(title="GTK — Temperature")
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=4)
    fahrenheit = Gtk.Entry(placeholder_text="°F")
    fahrenheit.get_accessible().set_name("°F")
    to_celsius = Gtk.Button(label="→")
    to_celsius.get_accessible().set_name("Convert °F to °C and K")
    to_fahrenheit = Gtk.Button(label="←")
    to_fahrenheit.get_accessible().set_name("Convert °C to °F and K")
    celsius = Gtk.Entry(placeholder_text="°C")
    celsius.get_accessible().set_name("°C")
    result = Gtk.Label(label="")

    def convert(*_):
        try:
            f = float(fahrenheit.get_text().replace(",", "."))
        except ValueError:
            return
        c = (f - 32) * 5 / 9
        celsius.set_text("%.1f" % c)
        result.set_text("%.1f °F = %.1f °C" % (f, c))

    fahrenheit.connect("activate", convert)
    to_celsius.connect("clicked", convert)
    for w in (fahrenheit, to_celsius, to_fahrenheit, celsius, result):
        box.add(w)

    search = Gtk.Entry(placeholder_text="Search places")
    search.get_accessible().set_name("Search places")
    store = Gtk.ListStore(str)
    for p in PLACES:
        store.append([p])
    view = Gtk.TreeView(model=store, headers_visible=False)
    view.append_column(Gtk.TreeViewColumn("Place", Gtk.CellRendererText(), text=0))
    view.get_accessible().set_name("Suggestions")
    box.add(search)
    box.add(view)
    window.add(box)
    window.connect("destroy", Gtk.main_quit)
    window.show_all()
    fahrenheit.grab_focus()
    Gtk.main()


if __name__ == "__main__":
    main()
