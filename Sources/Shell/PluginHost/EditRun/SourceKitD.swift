import CCompileServer
import Glibc
import EditRunModel
import ShellModel

/// SourceKit's functions, looked up in the library by name.
struct SourceKitD {
    let uid: sourcekitd_uid_get_from_cstr_f
    let uidString: sourcekitd_uid_get_string_ptr_f
    let dictionaryCreate: sourcekitd_request_dictionary_create_f
    let dictionarySetValue: sourcekitd_request_dictionary_set_value_f
    let dictionarySetString: sourcekitd_request_dictionary_set_string_f
    let dictionarySetUID: sourcekitd_request_dictionary_set_uid_f
    let dictionarySetInt64: sourcekitd_request_dictionary_set_int64_f
    let arrayCreate: sourcekitd_request_array_create_f
    let arraySetString: sourcekitd_request_array_set_string_f
    let release: sourcekitd_request_release_f
    let send: sourcekitd_send_request_sync_f
    let dispose: sourcekitd_response_dispose_f
    let isError: sourcekitd_response_is_error_f
    let errorDescription: sourcekitd_response_error_get_description_f
    let value: sourcekitd_response_get_value_f
    let getValue: sourcekitd_variant_dictionary_get_value_f
    let getString: sourcekitd_variant_dictionary_get_string_f
    let getInt64: sourcekitd_variant_dictionary_get_int64_f
    let getUID: sourcekitd_variant_dictionary_get_uid_f
    let type: sourcekitd_variant_get_type_f
    let arrayCount: sourcekitd_variant_array_get_count_f
    let arrayValue: sourcekitd_variant_array_get_value_f

    init?(library: String) {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<F>(_ name: String, as _: F.Type) -> F? {
            dlsym(handle, name).map { unsafeBitCast($0, to: F.self) }
        }
        guard let initialize = symbol("sourcekitd_initialize", as: sourcekitd_initialize_f.self),
            let uid = symbol("sourcekitd_uid_get_from_cstr", as: sourcekitd_uid_get_from_cstr_f.self),
            let uidString = symbol("sourcekitd_uid_get_string_ptr", as: sourcekitd_uid_get_string_ptr_f.self),
            let dictionaryCreate = symbol(
                "sourcekitd_request_dictionary_create", as: sourcekitd_request_dictionary_create_f.self),
            let dictionarySetValue = symbol(
                "sourcekitd_request_dictionary_set_value", as: sourcekitd_request_dictionary_set_value_f.self),
            let dictionarySetString = symbol(
                "sourcekitd_request_dictionary_set_string", as: sourcekitd_request_dictionary_set_string_f.self),
            let dictionarySetUID = symbol(
                "sourcekitd_request_dictionary_set_uid", as: sourcekitd_request_dictionary_set_uid_f.self),
            let dictionarySetInt64 = symbol(
                "sourcekitd_request_dictionary_set_int64", as: sourcekitd_request_dictionary_set_int64_f.self),
            let arrayCreate = symbol("sourcekitd_request_array_create", as: sourcekitd_request_array_create_f.self),
            let arraySetString = symbol(
                "sourcekitd_request_array_set_string", as: sourcekitd_request_array_set_string_f.self),
            let release = symbol("sourcekitd_request_release", as: sourcekitd_request_release_f.self),
            let send = symbol("sourcekitd_send_request_sync", as: sourcekitd_send_request_sync_f.self),
            let dispose = symbol("sourcekitd_response_dispose", as: sourcekitd_response_dispose_f.self),
            let isError = symbol("sourcekitd_response_is_error", as: sourcekitd_response_is_error_f.self),
            let errorDescription = symbol(
                "sourcekitd_response_error_get_description", as: sourcekitd_response_error_get_description_f.self),
            let value = symbol("sourcekitd_response_get_value", as: sourcekitd_response_get_value_f.self),
            let getValue = symbol(
                "sourcekitd_variant_dictionary_get_value", as: sourcekitd_variant_dictionary_get_value_f.self),
            let getString = symbol(
                "sourcekitd_variant_dictionary_get_string", as: sourcekitd_variant_dictionary_get_string_f.self),
            let getInt64 = symbol(
                "sourcekitd_variant_dictionary_get_int64", as: sourcekitd_variant_dictionary_get_int64_f.self),
            let getUID = symbol(
                "sourcekitd_variant_dictionary_get_uid", as: sourcekitd_variant_dictionary_get_uid_f.self),
            let type = symbol("sourcekitd_variant_get_type", as: sourcekitd_variant_get_type_f.self),
            let arrayCount = symbol(
                "sourcekitd_variant_array_get_count", as: sourcekitd_variant_array_get_count_f.self),
            let arrayValue = symbol("sourcekitd_variant_array_get_value", as: sourcekitd_variant_array_get_value_f.self)
        else { return nil }
        (self.uid, self.uidString, self.dictionaryCreate, self.dictionarySetValue, self.dictionarySetString) =
            (uid, uidString, dictionaryCreate, dictionarySetValue, dictionarySetString)
        (self.dictionarySetUID, self.arrayCreate, self.arraySetString, self.release, self.send, self.dispose) =
            (dictionarySetUID, arrayCreate, arraySetString, release, send, dispose)
        (self.isError, self.errorDescription, self.value, self.getValue, self.getString, self.getInt64) =
            (isError, errorDescription, value, getValue, getString, getInt64)
        (self.getUID, self.type, self.arrayCount, self.arrayValue) = (getUID, type, arrayCount, arrayValue)
        self.dictionarySetInt64 = dictionarySetInt64
        initialize()
    }

    func key(_ name: String) -> sourcekitd_uid_t? { uid(name) }

    /// A request of `kind` (`source.request.…`), with `arguments` as its
    /// compiler arguments; `answer` sends and releases it.
    func request(_ kind: String, arguments: [String]?) -> sourcekitd_object_t {
        let request = dictionaryCreate(nil, nil, 0)!
        dictionarySetUID(request, key("key.request"), key(kind))
        if let arguments {
            let list = arrayCreate(nil, 0)
            for argument in arguments { arraySetString(list, -1, argument) }
            dictionarySetValue(request, key("key.compilerargs"), list)
            release(list)
        }
        return request
    }

    func set(_ request: sourcekitd_object_t, _ name: String, _ text: String) {
        dictionarySetString(request, key(name), text)
    }

    func set(_ request: sourcekitd_object_t, _ name: String, _ value: Int64) {
        dictionarySetInt64(request, key(name), value)
    }

    /// Sends `request` (then released) and reads its answer's value with
    /// `read` while the answer lives; SourceKit's refusal as `failed`.
    func answer(
        _ request: sourcekitd_object_t, read: (sourcekitd_variant_t) -> LanguageReply.Outcome
    ) -> LanguageReply.Outcome {
        let response = send(request)
        release(request)
        defer { dispose(response) }
        if isError(response) {
            return .failed(errorDescription(response).map { String(cString: $0) } ?? "")
        }
        return read(value(response))
    }

    /// Compiles `arguments` as the instance `name`, then closes it.
    func compile(_ arguments: [String], name: String) -> CompileReply {
        let list = arrayCreate(nil, 0)
        for argument in arguments { arraySetString(list, -1, argument) }
        let request = dictionaryCreate(nil, nil, 0)
        dictionarySetUID(request, key("key.request"), key("source.request.compile"))
        dictionarySetString(request, key("key.name"), name)
        dictionarySetValue(request, key("key.compilerargs"), list)
        release(list)
        let response = send(request)
        release(request)
        var reply = CompileReply(status: 1, diagnostics: [])
        if isError(response) {
            let description = errorDescription(response).map { String(cString: $0) } ?? ""
            reply.diagnostics = [
                CompilerDiagnostic(severity: .error, path: "", line: 0, column: 0, message: description)
            ]
        } else {
            let result = value(response)
            reply.status = Int32(clamping: getInt64(result, key("key.value")))
            reply.diagnostics = elements(of: getValue(result, key("key.diagnostics"))).map { diagnostic($0, depth: 0) }
        }
        dispose(response)
        let close = dictionaryCreate(nil, nil, 0)
        dictionarySetUID(close, key("key.request"), key("source.request.compile.close"))
        dictionarySetString(close, key("key.name"), name)
        dispose(send(close))
        release(close)
        return reply
    }

    /// The elements of `array`; none when it is no array (absent).
    func elements(of array: sourcekitd_variant_t) -> [sourcekitd_variant_t] {
        guard type(array) == 2 else { return [] }
        return (0..<arrayCount(array)).map { arrayValue(array, $0) }
    }

    func string(_ dictionary: sourcekitd_variant_t, _ name: String) -> String {
        getString(dictionary, key(name)).map { String(cString: $0) } ?? ""
    }

    /// One diagnostic, its notes (theirs too, in order) and its fix-its.
    func diagnostic(_ found: sourcekitd_variant_t, depth: Int) -> CompilerDiagnostic {
        var path = string(found, "key.filepath")
        var line = Int(getInt64(found, key("key.line"))), column = Int(getInt64(found, key("key.column")))
        if path.isEmpty || path == "<unknown>" || line <= 0 { (path, line, column) = ("", 0, 0) }
        let word = getUID(found, key("key.severity")).flatMap(uidString).map { String(cString: $0) } ?? ""
        let severity: CompilerDiagnostic.Severity =
            switch word.split(separator: ".").last {
            case "warning": .warning
            case "note": .note
            case "remark": .remark
            default: .error
            }
        let fixIts = elements(of: getValue(found, key("key.fixits"))).map { fixIt in
            CompilerDiagnostic.FixIt(
                offset: Int(getInt64(fixIt, key("key.offset"))), length: Int(getInt64(fixIt, key("key.length"))),
                text: string(fixIt, "key.sourcetext"))
        }
        var made = CompilerDiagnostic(
            severity: severity, path: path, line: line, column: max(0, column),
            message: string(found, "key.description"), fixIts: fixIts)
        if depth < 4 {
            for note in elements(of: getValue(found, key("key.diagnostics"))) {
                let read = diagnostic(note, depth: depth + 1)
                made.notes.append(
                    CompilerDiagnostic(
                        severity: read.severity, path: read.path, line: read.line, column: read.column,
                        message: read.message, fixIts: read.fixIts))
                made.notes += read.notes
            }
        }
        return made
    }
}
