/// The functions the compiler's playground transform (`-Xfrontend
/// -playground`) calls in an edited demo built with Show Values: the
/// support module is imported into each of its files
/// (`-import-module DemoValues`) and linked into that demo only. Their
/// names and parameters are the transform's, not ours.
///
/// `fileID` is the id the build gave the file (a `__builtin_pg_module_…`
/// constant it compiles beside the demo's files); the launcher maps it back
/// to the file's path. Exits from a scope and prints tell the launcher
/// nothing it shows, so they cost a return.

public func __builtin_log_with_id<T>(
    _ object: T, _ name: String, _ id: Int, _ startLine: Int, _ endLine: Int,
    _ startColumn: Int, _ endColumn: Int, _ moduleID: Int, _ fileID: Int
) -> AnyObject? {
    ValueChannel.record(
        object, kind: .value, name: name, file: fileID, line: startLine,
        startColumn: startColumn, endColumn: endColumn)
    return nil
}

public func __builtin_log_scope_entry(
    _ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
    _ moduleID: Int, _ fileID: Int
) -> AnyObject? {
    ValueChannel.record(
        (), kind: .scopeEntry, name: "", file: fileID, line: startLine,
        startColumn: startColumn, endColumn: endColumn)
    return nil
}

public func __builtin_log_scope_exit(
    _ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
    _ moduleID: Int, _ fileID: Int
) -> AnyObject? {
    nil
}

public func __builtin_postPrint(
    _ startLine: Int, _ endLine: Int, _ startColumn: Int, _ endColumn: Int,
    _ moduleID: Int, _ fileID: Int
) -> AnyObject? {
    nil
}

public func __builtin_send_data(_ object: AnyObject?) {}
