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
/// remove and index toggle) and `graph.js` (the schema graph, live refresh, the start).
enum ServePage {
    /// The scripts in the order they run.
    static let scripts: [[UInt8]] = [PackageResources.core_js, PackageResources.sidebar_js, PackageResources.grid_js,
                                     PackageResources.object_js, PackageResources.edit_js, PackageResources.schema_edit_js,
                                     PackageResources.graph_js]

    /// The page for a server with `token` (sent back in the write header) that can write when
    /// `writable` (the page shows its editing controls only then).
    static func html(token: String, writable: Bool) -> String {
        // The token is 64 hex digits and the flag a fixed word: nothing here needs escaping.
        let meta = "<meta name=\"realm-browser-token\" content=\"\(token)\">\n"
            + "<meta name=\"realm-browser-writable\" content=\"\(writable ? "true" : "false")\">\n"
        let script = scripts.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" + meta
            + "<title>Realm Browser</title>\n<style>\n" + String(decoding: PackageResources.page_css, as: UTF8.self) + "</style>\n</head>\n"
            + String(decoding: PackageResources.body_html, as: UTF8.self)
            + "<script>\n\"use strict\";\n" + script + "</script>\n</body>\n</html>\n"
    }
}
