/// The default stylesheet under every page: TouchDesk's own, since Debian's litehtml 0.6
/// ships none. Sizes and margins follow what desktop browsers draw for unstyled HTML.
public enum MasterStyleSheet {
    public static let css = """
    html { display: block; position: relative; background-color: #ffffff; color: #000000;
           font-family: sans-serif; font-size: 16px; line-height: normal; }
    head, script, style, title, meta, link, base, template, noscript, param { display: none; }
    body { display: block; margin: 8px; }

    address, article, aside, blockquote, center, details, dialog, dd, dir, div, dl, dt,
    fieldset, figcaption, figure, footer, form, header, hgroup, main, menu, nav, ol, p,
    pre, section, summary, ul, legend, listing, xmp, plaintext { display: block; }

    p, dl, multicol { margin-top: 1em; margin-bottom: 1em; }
    blockquote, figure { margin: 1em 40px; }
    center { text-align: center; }
    address { font-style: italic; }
    hr { display: block; height: 0; margin: 0.5em auto; border-style: inset; border-width: 1px;
         border-color: #a0a0a0; }

    h1 { display: block; font-size: 2em; margin: 0.67em 0; font-weight: bold; }
    h2 { display: block; font-size: 1.5em; margin: 0.83em 0; font-weight: bold; }
    h3 { display: block; font-size: 1.17em; margin: 1em 0; font-weight: bold; }
    h4 { display: block; margin: 1.33em 0; font-weight: bold; }
    h5 { display: block; font-size: 0.83em; margin: 1.67em 0; font-weight: bold; }
    h6 { display: block; font-size: 0.67em; margin: 2.33em 0; font-weight: bold; }

    ul, menu, dir { list-style-type: disc; margin-top: 1em; margin-bottom: 1em; padding-left: 40px; }
    ol { list-style-type: decimal; margin-top: 1em; margin-bottom: 1em; padding-left: 40px; }
    li { display: list-item; }
    ul ul, ol ul { list-style-type: circle; }
    ul ul ul, ol ul ul, ul ol ul, ol ol ul { list-style-type: square; }
    ul ul, ul ol, ol ol, ol ul { margin-top: 0; margin-bottom: 0; }
    dd { margin-left: 40px; }
    dt { font-weight: bold; }

    table { display: table; border-collapse: separate; border-spacing: 2px; text-indent: 0;
            border-color: #808080; }
    caption { display: table-caption; text-align: center; }
    colgroup { display: table-column-group; }
    col { display: table-column; }
    thead { display: table-header-group; vertical-align: middle; }
    tbody { display: table-row-group; vertical-align: middle; }
    tfoot { display: table-footer-group; vertical-align: middle; }
    tr { display: table-row; vertical-align: inherit; }
    td, th { display: table-cell; vertical-align: inherit; padding: 1px; }
    th { font-weight: bold; text-align: center; }
    table[border] td, table[border] th { border: 1px inset #808080; }
    table[border] { border: 1px outset #808080; }
    table[cellpadding="0"] td, table[cellpadding="0"] th { padding: 0; }
    table[cellspacing="0"] { border-spacing: 0; }

    b, strong { font-weight: bold; }
    i, cite, em, var, dfn { font-style: italic; }
    u, ins { text-decoration: underline; }
    s, strike, del { text-decoration: line-through; }
    big { font-size: 1.17em; }
    small { font-size: 0.83em; }
    sub { vertical-align: sub; font-size: 0.83em; }
    sup { vertical-align: super; font-size: 0.83em; }
    tt, code, kbd, samp { font-family: monospace; }
    pre, xmp, plaintext, listing { font-family: monospace; white-space: pre; margin: 1em 0; }
    mark { background-color: #ffff00; color: #000000; }
    abbr[title] { text-decoration: underline; }

    a[href] { color: #0645ad; text-decoration: underline; cursor: pointer; }
    a:visited { color: #551a8b; }

    img { display: inline-block; }
    img[align="left"] { float: left; }
    img[align="right"] { float: right; }
    br { display: block; }
    nobr { white-space: nowrap; }
    wbr { display: inline; }

    input, textarea, select, button { display: inline-block; }
    """
}
