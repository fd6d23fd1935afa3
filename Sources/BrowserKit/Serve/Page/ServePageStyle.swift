/// The style sheet of `serve`'s page.
enum ServePageStyle {
    static let text = #"""
    * { box-sizing: border-box; }
    body { margin: 0; font: 13px system-ui, sans-serif; display: flex; height: 100vh; color: #222; }
    button { font: inherit; white-space: nowrap; }
    #side { width: 300px; flex: none; display: flex; flex-direction: column; border-right: 1px solid #ccc; background: #fafafa; }
    .side-head { padding: 6px 8px; display: flex; gap: 8px; align-items: center; border-bottom: 1px solid #ddd; }
    .side-head a { margin-left: auto; }
    #classes { overflow: auto; margin: 0; padding: 0; list-style: none; flex: 1 1 40%; }
    #classes li { padding: 4px 8px; cursor: pointer; display: flex; justify-content: space-between; gap: 6px; }
    #classes li:hover { background: #eef; }
    #classes li.selected { background: #dde6ff; font-weight: 600; }
    #classes li.internal { color: #777; font-style: italic; }
    #classes .count { color: #666; font-variant-numeric: tabular-nums; }
    #schema { overflow: auto; flex: 1 1 60%; border-top: 1px solid #ddd; padding: 6px 8px; }
    #schema table { border-collapse: collapse; width: 100%; }
    #schema td { padding: 2px 4px; vertical-align: top; border-bottom: 1px solid #eee; }
    #schema .flags { color: #666; font-size: 11px; white-space: nowrap; }
    #schema h3 { margin: 4px 0; font-size: 13px; }
    main { flex: 1; display: flex; flex-direction: column; min-width: 0; position: relative; }
    #banner { background: #fff4c2; border-bottom: 1px solid #e0c200; padding: 4px 8px; }
    #bar { padding: 6px; border-bottom: 1px solid #ccc; display: flex; gap: 6px; align-items: center; }
    #bar.graph > :not(#title) { display: none; }
    #title { font-weight: 600; white-space: nowrap; }
    #query { flex: 1; font-family: monospace; padding: 3px; min-width: 100px; }
    #count { color: #555; white-space: nowrap; }
    .exports { white-space: nowrap; color: #555; }
    #error { color: #b00; font-family: monospace; white-space: pre; padding: 0 6px; overflow-x: auto; }
    #error:empty { display: none; }
    #error .position { color: #777; margin-left: 1em; }
    #error pre { margin: 2px 0 4px; }
    #query.failed { border-color: #b00; outline: 1px solid #b00; }
    #writebar { padding: 4px 6px; border-bottom: 1px solid #ccc; display: flex; gap: 8px; align-items: center; background: #f3fff3; position: relative; }
    #pending { white-space: nowrap; padding: 2px 6px; border-radius: 8px; background: #ddd; cursor: default; }
    #pending.some { background: #ffb84d; font-weight: 600; }
    #writeMessage { color: #555; font-family: monospace; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    #writeMessage.failed { color: #b00; white-space: pre-wrap; }
    #pendingList { display: none; position: absolute; top: 100%; left: 100px; z-index: 5; background: #fff; border: 1px solid #999;
      margin: 0; padding: 6px 6px 6px 28px; font-family: monospace; max-height: 300px; overflow: auto; box-shadow: 0 2px 6px #0003; }
    #writebar:has(#pending:hover) #pendingList:not(:empty), #pendingList.open:not(:empty) { display: block; }
    #grid { overflow: auto; flex: 1; position: relative; font-family: monospace; outline: none; }
    .row { display: flex; height: 24px; line-height: 23px; border-bottom: 1px solid #eee; width: max-content; min-width: 100%; }
    .row.head { position: sticky; top: 0; z-index: 2; background: #f0f0f0; border-bottom: 1px solid #bbb; font-weight: 600; }
    .row.head .cell { cursor: pointer; user-select: none; }
    .row.head .cell:hover { background: #e2e2ff; }
    .row.head .sorted-asc::after { content: " ▲"; }
    .row.head .sorted-desc::after { content: " ▼"; }
    .row:not(.head):hover { background: #f6f8ff; }
    .cell { width: 180px; flex: none; padding: 0 6px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; border-right: 1px solid #eee; }
    .cell.index { width: 70px; color: #888; text-align: right; }
    .cell.key { width: 80px; color: #555; }
    .cell.null, #objectView .null { color: #999; font-style: italic; }
    .cell.loading { color: #bbb; }
    .cell.staged { background: #fff0c0; font-style: italic; }
    .cell.open, .link, .element.open { color: #0645ad; cursor: pointer; text-decoration: underline; }
    .cell.cut::after { content: " ⋯"; color: #06a; }
    .cell.cut { cursor: zoom-in; }
    .cell input { width: 100%; font: inherit; }
    #gridBody { position: relative; }
    #gridRows { position: absolute; left: 0; top: 0; min-width: 100%; }
    #objectView, #graphView { overflow: auto; flex: 1; padding: 8px 12px; }
    #objectView h2 { font-size: 15px; margin: 4px 0 8px; }
    #objectView table { border-collapse: collapse; font-family: monospace; }
    #objectView td, #objectView th { border: 1px solid #ddd; padding: 3px 6px; vertical-align: top; text-align: left; }
    #objectView td.value { max-width: 900px; white-space: pre-wrap; word-break: break-all; }
    #objectView .elements { margin: 4px 0 0; padding-left: 24px; }
    #objectView .elements li { margin: 1px 0; }
    #objectView .remove, #objectView .edit, #objectView .more { margin-left: 6px; font-size: 11px; padding: 0 4px; }
    #objectView td.value input.editor { width: 40em; font: inherit; }
    #objectView td.value > div[data-property] { display: inline; }
    #objectView td.value > button.edit { float: right; }
    #objectView h3 { font-size: 13px; margin: 14px 0 6px; }
    .muted { color: #777; }
    #graphView svg { font: 12px system-ui, sans-serif; }
    #graphView .box rect { fill: #f4f7ff; stroke: #4a5a8a; }
    #graphView .box.embedded rect { fill: #f7f7f7; stroke-dasharray: 4 2; }
    #graphView .box { cursor: pointer; }
    #graphView .edge { stroke: #4a5a8a; fill: none; marker-end: url(#arrow); }
    #graphView .edge.embedded { stroke-dasharray: 5 3; }
    #graphView .edgeLabel { fill: #335; font-size: 11px; }
    #overlay { position: absolute; inset: 0; background: #0004; display: flex; align-items: center; justify-content: center; z-index: 10; }
    #overlay[hidden] { display: none; }
    #dialog { background: #fff; padding: 12px; border-radius: 4px; max-width: 80%; max-height: 80%; overflow: auto; box-shadow: 0 4px 16px #0005; }
    #dialog pre { white-space: pre-wrap; word-break: break-all; font-size: 12px; }
    #dialog table td { padding: 2px 4px; }
    #dialog .dialogError { color: #b00; font-family: monospace; white-space: pre-wrap; }
    [hidden] { display: none !important; }

    """#
}
