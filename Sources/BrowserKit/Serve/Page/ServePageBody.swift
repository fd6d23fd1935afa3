import RealmInterchange

/// The markup of `serve`'s page: the sidebar (classes, schema), the bar (query, export,
/// editing) and the centre's views (grid, object, graph), filled in by the script.
enum ServePageBody {
    static let text = #"""
    <body>
    <aside id="side">
      <div class="side-head">
        <b>Classes</b>
        <label title="show realm-core's internal tables too"><input type="checkbox" id="internal"> internal</label>
        <a href="#graph" id="graphLink">schema graph</a>
      </div>
      <ul id="classes"></ul>
      <div id="schema"></div>
    </aside>
    <main>
      <div id="banner" hidden></div>
      <form id="bar" autocomplete="off">
        <span id="title"></span>
        <input id="query" spellcheck="false" placeholder="Realm Query Language, e.g. name BEGINSWITH[c] 'ba' SORT(created DESC) LIMIT(10)">
        <button type="submit" id="run">Run</button>
        <button type="button" id="clear">All objects</button>
        <span id="count"></span>
        <span class="exports">export <a id="exportCsv" href="#">CSV</a> <a id="exportJson" href="#">JSON</a></span>
      </form>
      <div id="error"></div>
      <div id="writebar" hidden>
        <button type="button" id="create">New object</button>
        <span id="pending" tabindex="0">0 pending</span>
        <button type="button" id="commit" disabled>Commit</button>
        <button type="button" id="rollback" disabled>Rollback</button>
        <span id="writeMessage"></span>
        <ol id="pendingList"></ol>
      </div>
      <div id="grid" tabindex="0">
        <div id="gridHead" class="row head"></div>
        <div id="gridBody"><div id="gridRows"></div></div>
      </div>
      <div id="objectView" hidden></div>
      <div id="graphView" hidden></div>
      <div id="overlay" hidden><div id="dialog"></div></div>
    </main>

    """#
}
