/// The page `serve` shows at `/`: plain HTML, CSS and JavaScript files beside this one, embedded
/// into the binary when it is built (SwiftPM's `embedInCode` resources: no build step of our
/// own, nothing fetched from the network, still one binary). Values from the file only ever
/// reach the page as text (`textContent`), never as HTML, so a string in a Realm file cannot run
/// script here.
///
/// The page is assembled from its parts: the style (`page.css`), the markup (`body.html`) and
/// the script, in the order its parts depend on each other: `core.js` (state, requests, the URL
/// hash as the route), `sidebar.js` (classes and schema), `grid.js` (the virtual grid, queries,
/// sorting), `object.js` (one object, its backlinks, list editing), `edit.js` (cell edits,
/// create, pending changes, commit and rollback), `schema-edit.js` (the schema panel's rename,
/// remove and index toggle) and `graph.js` (the schema graph, live refresh, the start). The
/// features after them each add to those through the hooks of `core.js` (`after`): `keyboard.js`
/// (the cell cursor and selection), `copy.js` (TSV, JSON, one value), `theme.js` (light or
/// dark), `columns.js` (widths, key and index marks), `viewer.js` (the cell viewer),
/// `complete.js` (the REPL's completion in the query box), `history.js` (queries run and saved),
/// `charts.js` (a column's figures and picture, from /api/chart), `files.js` (the switcher
/// between several files served).
enum ServePage {
    /// The style sheets: the page's, its tools' (`tools.css`), then the colours of the light
    /// and dark themes (`theme.css`), which override the others'.
    static let styles: [[UInt8]] = [PackageResources.page_css, PackageResources.tools_css, PackageResources.theme_css]

    /// The scripts in the order they run.
    static let scripts: [[UInt8]] = [PackageResources.core_js, PackageResources.sidebar_js, PackageResources.grid_js,
                                     PackageResources.object_js, PackageResources.edit_js, PackageResources.schema_edit_js,
                                     PackageResources.graph_js,
                                     PackageResources.keyboard_js, PackageResources.copy_js, PackageResources.theme_js,
                                     PackageResources.columns_js, PackageResources.viewer_js,
                                     PackageResources.complete_js, PackageResources.history_js, PackageResources.charts_js,
                                     PackageResources.files_js]

    /// The page for a server with `token` (sent back in the write header) that can write when
    /// `writable` (the page shows its editing controls only then), of the file whose answers
    /// are under `base` (`/files/N` when several are served) and which the browser's storage
    /// knows as `identity` (its path).
    static func html(token: String, writable: Bool, base: String = "", identity: String = "") -> String {
        // The token is 64 hex digits, the flag a fixed word and the base `/files/` and digits;
        // the identity is a path, escaped as an attribute.
        let meta = "<meta name=\"realm-browser-token\" content=\"\(token)\">\n"
            + "<meta name=\"realm-browser-writable\" content=\"\(writable ? "true" : "false")\">\n"
            + "<meta name=\"realm-browser-base\" content=\"\(base)\">\n"
            + "<meta name=\"realm-browser-file\" content=\"\(attribute(identity))\">\n"
        let script = scripts.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" + meta
            + "<title>Realm Browser</title>\n<style>\n" + styles.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "</style>\n</head>\n"
            + String(decoding: PackageResources.body_html, as: UTF8.self)
            + "<script>\n\"use strict\";\n" + script + "</script>\n</body>\n</html>\n"
    }

    /// `text` inside a double-quoted attribute: its markup characters as references.
    static func attribute(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
