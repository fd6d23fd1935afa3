/// The page `serve` shows at `/`: plain HTML, CSS and JavaScript in the binary (no build step,
/// nothing fetched from the network). Values from the file only ever reach the page as text
/// (`textContent`), never as HTML, so a string in a Realm file cannot run script here.
///
/// The page is assembled from parts, each an enum holding one string: the style
/// (`ServePageStyle`), the markup (`ServePageBody`) and the script, in the order its parts
/// depend on each other: `ServePageScriptCore` (state, requests, the URL hash as the route),
/// `ServePageScriptSidebar` (classes and schema), `ServePageScriptGrid` (the virtual grid,
/// queries, sorting), `ServePageScriptObject` (one object, its backlinks, list editing),
/// `ServePageScriptEdit` (cell edits, create, pending changes, commit and rollback) and
/// `ServePageScriptGraph` (the schema graph, live refresh, the start).
enum ServePage {
    /// The page for a server with `token` (sent back in the write header) that can write when
    /// `writable` (the page shows its editing controls only then).
    static func html(token: String, writable: Bool) -> String {
        // The token is 64 hex digits and the flag a fixed word: nothing here needs escaping.
        let meta = "<meta name=\"realm-browser-token\" content=\"\(token)\">\n"
            + "<meta name=\"realm-browser-writable\" content=\"\(writable ? "true" : "false")\">\n"
        let script = [ServePageScriptCore.text, ServePageScriptSidebar.text, ServePageScriptGrid.text,
                      ServePageScriptObject.text, ServePageScriptEdit.text, ServePageScriptGraph.text].joined(separator: "\n")
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" + meta
            + "<title>Realm Browser</title>\n<style>\n" + ServePageStyle.text + "</style>\n</head>\n"
            + ServePageBody.text
            + "<script>\n\"use strict\";\n" + script + "</script>\n</body>\n</html>\n"
    }
}
