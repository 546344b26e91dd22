#!/usr/bin/python3
"""Looks at TouchDesk as a screen reader does, through AT-SPI (python3-pyatspi), for the
end-to-end tests (Tests/TouchDeskEndToEndTests/AccessibilityEndToEndTests.swift).

Commands (each prints one JSON document on stdout; exit status 2 when TouchDesk is not in the
registry within the wait):
  tree                      the application's whole tree: role, name, description, states,
                            actions, key binding, text, value, children
  do ROLE NAME [ACTION]     does the action (default: the first) of the first node with that
                            role and name
  settext NAME TEXT         sets the text of the entry named NAME (EditableText.setTextContents)
  setvalue NAME VALUE       sets the value of the slider named NAME (Value.CurrentValue)
  listen SECONDS EVENT...   prints each event of those types (e.g. object:state-changed:focused)
                            that TouchDesk sends for SECONDS seconds, one JSON line each; the first
                            line, {"listening": true}, says it is ready
  keys SECONDS [CONSUME]     prints each key press and release TouchDesk passes to the registry
                            (as Orca hears keys) for SECONDS seconds, one JSON line each, after
                            {"listening": true}; consumes (as Orca does its own commands) the key
                            whose text or keysym name is CONSUME
  findlink NAME             looks for a link named NAME anywhere under TouchDesk (through sockets:
                            Web Pages' page); prints the roles from the application down to it
  hugetext NAME             asks the entry NAME for absurd ranges (huge, negative, reversed)
"""
import json
import sys
import time

import pyatspi

APP_NAME = "TouchDesk"


def find_app(wait=10.0):
    deadline = time.monotonic() + wait
    while True:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            a = desktop.getChildAtIndex(i)
            if a is not None and a.name == APP_NAME:
                return a
        if time.monotonic() > deadline:
            print(json.dumps({"error": "no %s in the registry" % APP_NAME,
                              "apps": [desktop.getChildAtIndex(i).name for i in range(desktop.childCount)]}))
            sys.exit(2)
        time.sleep(0.1)


def describe(node, depth=0):
    d = {"role": node.getRoleName(), "name": node.name, "description": node.description,
         "states": sorted(pyatspi.stateToString(s) for s in node.getState().getStates())}
    try:
        action = node.queryAction()
        d["actions"] = [action.getName(i) for i in range(action.nActions)]
        if action.nActions:
            d["keybinding"] = action.getKeyBinding(0)
            d["keybindings"] = [action.getKeyBinding(i) for i in range(action.nActions)]
    except NotImplementedError:
        pass
    try:
        text = node.queryText()
        d["text"] = text.getText(0, -1)
        d["caret"] = text.caretOffset
    except NotImplementedError:
        pass
    try:
        value = node.queryValue()
        d["value"] = value.currentValue
        d["min"] = value.minimumValue
        d["max"] = value.maximumValue
    except NotImplementedError:
        pass
    if depth < 12:
        d["children"] = [describe(node.getChildAtIndex(i), depth + 1) for i in range(node.childCount)]
    return d


def describe_settled(app, tries=5):
    """The whole tree, read again when it changed under the walk: each node is a call over the bus,
    and on a loaded machine a walk can outlast the tree it began on (a child gone between the count
    and the fetch: None, or an error from the bus), as a screen reader reading while the window
    changes finds. The last try's error is raised."""
    for attempt in range(tries):
        try:
            return describe(app)
        except Exception:
            if attempt == tries - 1:
                raise
            time.sleep(0.5)


def walk(node):
    yield node
    for i in range(node.childCount):
        c = node.getChildAtIndex(i)
        if c is not None:
            yield from walk(c)


def find(app, role, name):
    for n in walk(app):
        if n.getRoleName() == role and n.name == name:
            return n
    print(json.dumps({"error": "no %s named %r" % (role, name)}))
    sys.exit(3)


def main(argv):
    command = argv[1] if len(argv) > 1 else "tree"
    app = find_app()
    if command == "tree":
        print(json.dumps(describe_settled(app), ensure_ascii=False))
    elif command == "do":
        node = find(app, argv[2], argv[3])
        action = node.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        index = names.index(argv[4]) if len(argv) > 4 else 0
        print(json.dumps({"done": action.doAction(index), "actions": names}))
    elif command == "settext":
        node = find(app, "entry", argv[2])
        ok = node.queryEditableText().setTextContents(argv[3])
        print(json.dumps({"done": bool(ok)}))
    elif command == "setvalue":
        node = find(app, "slider", argv[2])
        node.queryValue().currentValue = float(argv[3])
        print(json.dumps({"done": True}))
    elif command == "findlink":
        def path_to(node, trail):
            trail = trail + [node.getRoleName() + ":" + (node.name or "")]
            if node.getRoleName() == "link" and node.name == argv[2]:
                return trail
            for i in range(node.childCount):
                c = node.getChildAtIndex(i)
                if c is not None:
                    found = path_to(c, trail)
                    if found:
                        return found
            return None
        print(json.dumps({"path": path_to(app, [])}, ensure_ascii=False))
    elif command == "hugetext":
        node = find(app, "entry", argv[2])
        text = node.queryText()
        answers = [text.getText(0, 2**31 - 1), text.getText(-5, -1), text.getText(2**31 - 2, 2**31 - 1),
                   text.getText(7, 2), text.characterCount]
        print(json.dumps({"answers": answers}, ensure_ascii=False))
    elif command == "keys":
        seconds = float(argv[2])
        consume = argv[3] if len(argv) > 3 else None

        def on_key(event):
            taken = consume is not None and event.event_string == consume
            print(json.dumps({"type": "press" if event.type == pyatspi.KEY_PRESSED_EVENT else "release",
                              "string": event.event_string, "keysym": event.id, "keycode": event.hw_code,
                              "modifiers": event.modifiers, "consumed": taken}, ensure_ascii=False), flush=True)
            return taken

        pyatspi.Registry.registerKeystrokeListener(on_key, mask=list(pyatspi.allModifiers()),
                                                   kind=(pyatspi.KEY_PRESSED_EVENT, pyatspi.KEY_RELEASED_EVENT),
                                                   synchronous=True, preemptive=True)
        print(json.dumps({"listening": True}), flush=True)
        from gi.repository import GLib
        loop = GLib.MainLoop()
        GLib.timeout_add(int(seconds * 1000), loop.quit)
        loop.run()
    elif command == "listen":
        seconds = float(argv[2])
        pid = app.get_process_id()

        def on_event(event):
            try:
                if event.source.get_process_id() != pid:
                    return
                print(json.dumps({"type": event.type, "detail1": event.detail1,
                                  "role": event.source.getRoleName(), "name": event.source.name,
                                  "any": str(event.any_data) if event.any_data is not None else ""},
                                 ensure_ascii=False), flush=True)
            except Exception as e:  # a node gone by now: report it, keep listening
                print(json.dumps({"type": event.type, "error": str(e)}), flush=True)

        for kind in argv[3:]:
            pyatspi.Registry.registerEventListener(on_event, kind)
        print(json.dumps({"listening": True}), flush=True)
        from gi.repository import GLib
        loop = GLib.MainLoop()
        GLib.timeout_add(int(seconds * 1000), loop.quit)
        loop.run()
    else:
        print(json.dumps({"error": "unknown command " + command}))
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv)
