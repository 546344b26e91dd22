/// The pages TouchDesk writes itself: errors, text files and lone pictures.
enum HTML {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    static func errorPage(_ error: LoadError, url: String) -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>\(escape(error.title))</title>
        <style>
        body { margin: 0; background-color: #f4f1ec; color: #333333; font-family: sans-serif; }
        .problem { margin: 48px auto; max-width: 560px; padding: 24px 32px; background-color: #ffffff;
                   border: 1px solid #d8d2c8; border-radius: 8px; }
        h1 { margin: 0 0 12px 0; font-size: 24px; color: #a02020; }
        p { margin: 8px 0; line-height: 1.4; }
        .address { color: #666666; font-family: monospace; font-size: 13px; }
        </style></head>
        <body><div class="problem"><h1>\(escape(error.title))</h1>
        <p>\(escape(error.description))</p>
        <p class="address">\(escape(url))</p></div></body></html>
        """
    }

    static func textPage(_ text: String, title: String) -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>\(escape(title))</title></head>
        <body style="margin: 8px"><pre style="margin: 0; white-space: pre-wrap">\(escape(text))</pre></body></html>
        """
    }

    static func picturePage(source: String, width: Int, height: Int, title: String) -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>\(escape(title)) (\(width)×\(height))</title></head>
        <body style="margin: 0"><img src="\(escape(source))" width="\(width)" height="\(height)"></body></html>
        """
    }
}
