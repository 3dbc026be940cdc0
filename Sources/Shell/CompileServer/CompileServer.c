/* Edit and Run's compiler kept started: the toolchain's
 * SourceKit library (libsourcekitdInProc.so, beside its swift-frontend),
 * loaded once, compiles each request as `swiftc` would with the same
 * arguments. A frontend process spends about 50 ms starting (a 200 MB
 * executable relocated, LLVM's options registered) before it reads a line;
 * here that is paid once, while Edit is on, and a warm Run Edited's view
 * compiles 70-100 ms sooner.
 *
 * Protocol, on standard input: a request is the compiler's arguments (as
 * `swiftc` takes them, without the program), each ended by a NUL byte, and
 * an empty one after the last. On standard output, for each request:
 * "done STATUS LENGTH\n" and LENGTH bytes of diagnostics in the compiler's
 * own text form ("FILE:LINE:COLUMN: error: MESSAGE"). STATUS is 0 when the
 * compile succeeded. End-of-file on standard input ends the server.
 *
 * Each request is a compile instance of its own name, closed after: no
 * state carries from one build to the next (SourceKit's cached sema skips
 * emitting the object when only a function body changed). The library is
 * opened with dlopen and its C API declared here, as in sourcekitd.h, so
 * that the shell builds without the toolchain's headers. */
#include "CompileServer.h"
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef void *sk_object;
typedef void *sk_uid;
typedef void *sk_response;
typedef struct { uint64_t data[3]; } sk_variant;

static struct {
    void (*initialize)(void);
    sk_uid (*uid)(const char *);
    const char *(*uid_string)(sk_uid);
    sk_object (*dictionary_create)(const sk_uid *, const sk_object *, size_t);
    void (*dictionary_set_value)(sk_object, sk_uid, sk_object);
    void (*dictionary_set_string)(sk_object, sk_uid, const char *);
    void (*dictionary_set_uid)(sk_object, sk_uid, sk_uid);
    sk_object (*array_create)(const sk_object *, size_t);
    void (*array_set_string)(sk_object, size_t, const char *);
    void (*release)(sk_object);
    sk_response (*send)(sk_object);
    void (*dispose)(sk_response);
    bool (*is_error)(sk_response);
    const char *(*error_description)(sk_response);
    sk_variant (*value)(sk_response);
    sk_variant (*dictionary_get_value)(sk_variant, sk_uid);
    const char *(*dictionary_get_string)(sk_variant, sk_uid);
    int64_t (*dictionary_get_int64)(sk_variant, sk_uid);
    sk_uid (*dictionary_get_uid)(sk_variant, sk_uid);
    int (*type)(sk_variant);
    size_t (*array_count)(sk_variant);
    sk_variant (*array_value)(sk_variant, size_t);
} sk;

static bool load(const char *library) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) return false;
#define SYMBOL(field, name) if (!(*(void **)&sk.field = dlsym(handle, name))) return false
    SYMBOL(initialize, "sourcekitd_initialize");
    SYMBOL(uid, "sourcekitd_uid_get_from_cstr");
    SYMBOL(uid_string, "sourcekitd_uid_get_string_ptr");
    SYMBOL(dictionary_create, "sourcekitd_request_dictionary_create");
    SYMBOL(dictionary_set_value, "sourcekitd_request_dictionary_set_value");
    SYMBOL(dictionary_set_string, "sourcekitd_request_dictionary_set_string");
    SYMBOL(dictionary_set_uid, "sourcekitd_request_dictionary_set_uid");
    SYMBOL(array_create, "sourcekitd_request_array_create");
    SYMBOL(array_set_string, "sourcekitd_request_array_set_string");
    SYMBOL(release, "sourcekitd_request_release");
    SYMBOL(send, "sourcekitd_send_request_sync");
    SYMBOL(dispose, "sourcekitd_response_dispose");
    SYMBOL(is_error, "sourcekitd_response_is_error");
    SYMBOL(error_description, "sourcekitd_response_error_get_description");
    SYMBOL(value, "sourcekitd_response_get_value");
    SYMBOL(dictionary_get_value, "sourcekitd_variant_dictionary_get_value");
    SYMBOL(dictionary_get_string, "sourcekitd_variant_dictionary_get_string");
    SYMBOL(dictionary_get_int64, "sourcekitd_variant_dictionary_get_int64");
    SYMBOL(dictionary_get_uid, "sourcekitd_variant_dictionary_get_uid");
    SYMBOL(type, "sourcekitd_variant_get_type");
    SYMBOL(array_count, "sourcekitd_variant_array_get_count");
    SYMBOL(array_value, "sourcekitd_variant_array_get_value");
#undef SYMBOL
    sk.initialize();
    return true;
}

/* The count of `array`, 0 when it is no array (absent). */
static size_t count_of(sk_variant array) { return sk.type(array) == 2 /* ARRAY */ ? sk.array_count(array) : 0; }

/* A growing buffer of bytes. */
typedef struct { char *bytes; size_t count, capacity; } buffer;

static void append(buffer *b, const char *bytes, size_t count) {
    if (b->count + count + 1 > b->capacity) {
        size_t capacity = (b->count + count + 1) * 2;
        char *grown = realloc(b->bytes, capacity);
        if (!grown) { perror("demo-shell compile server"); exit(1); }
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->count, bytes, count);
    b->count += count;
    b->bytes[b->count] = 0;
}

static void append_text(buffer *b, const char *text) { append(b, text, strlen(text)); }

/* One diagnostic and the notes under it, as the compiler prints them. */
static void describe(buffer *out, sk_variant diagnostic, int depth) {
    const char *path = sk.dictionary_get_string(diagnostic, sk.uid("key.filepath"));
    const char *message = sk.dictionary_get_string(diagnostic, sk.uid("key.description"));
    sk_uid severity = sk.dictionary_get_uid(diagnostic, sk.uid("key.severity"));
    const char *kind = severity ? sk.uid_string(severity) : "";
    const char *last = strrchr(kind ? kind : "", '.');
    char line[64];
    snprintf(line, sizeof line, ":%lld:%lld: ", (long long)sk.dictionary_get_int64(diagnostic, sk.uid("key.line")),
             (long long)sk.dictionary_get_int64(diagnostic, sk.uid("key.column")));
    append_text(out, path && *path ? path : "<unknown>");
    append_text(out, path && *path && strcmp(path, "<unknown>") != 0 ? line : ":0: ");
    append_text(out, last ? last + 1 : "error");
    append_text(out, ": ");
    for (const char *c = message ? message : ""; *c; c++) append(out, *c == '\n' ? " " : c, 1);
    append_text(out, "\n");
    sk_variant notes = sk.dictionary_get_value(diagnostic, sk.uid("key.diagnostics"));
    if (depth < 4) {
        size_t count = count_of(notes);
        for (size_t i = 0; i < count; i++) describe(out, sk.array_value(notes, i), depth + 1);
    }
}

/* Reads one request's arguments; false at end-of-file. */
static bool read_request(buffer *arguments, size_t *count) {
    arguments->count = 0;
    *count = 0;
    size_t start = 0;
    for (;;) {
        int c = getchar();
        if (c == EOF) return false;
        char byte = (char)c;
        append(arguments, &byte, 1);
        if (byte != 0) continue;
        if (arguments->count - 1 == start) return true; /* the empty argument */
        (*count)++;
        start = arguments->count;
    }
}

int demo_shell_compile_server(const char *library) {
    if (!load(library)) {
        fprintf(stderr, "demo-shell compile server: cannot use %s: %s\n", library, dlerror() ? dlerror() : "a symbol is missing");
        return 1;
    }
    buffer arguments = {0}, out = {0};
    size_t count = 0;
    for (unsigned long request = 0; read_request(&arguments, &count); request++) {
        char name[64];
        snprintf(name, sizeof name, "demo-shell-%lu", request);
        sk_object list = sk.array_create(NULL, 0);
        const char *argument = arguments.bytes;
        for (size_t i = 0; i < count; i++) {
            sk.array_set_string(list, (size_t)-1, argument);
            argument += strlen(argument) + 1;
        }
        sk_object compile = sk.dictionary_create(NULL, NULL, 0);
        sk.dictionary_set_uid(compile, sk.uid("key.request"), sk.uid("source.request.compile"));
        sk.dictionary_set_string(compile, sk.uid("key.name"), name);
        sk.dictionary_set_value(compile, sk.uid("key.compilerargs"), list);
        sk.release(list);
        sk_response response = sk.send(compile);
        sk.release(compile);

        out.count = 0;
        int status = 1;
        if (sk.is_error(response)) {
            append_text(&out, "<unknown>:0: error: ");
            append_text(&out, sk.error_description(response));
            append_text(&out, "\n");
        } else {
            sk_variant value = sk.value(response);
            status = (int)sk.dictionary_get_int64(value, sk.uid("key.value"));
            sk_variant diagnostics = sk.dictionary_get_value(value, sk.uid("key.diagnostics"));
            size_t found = count_of(diagnostics);
            for (size_t i = 0; i < found; i++) describe(&out, sk.array_value(diagnostics, i), 0);
        }
        sk.dispose(response);

        sk_object close = sk.dictionary_create(NULL, NULL, 0);
        sk.dictionary_set_uid(close, sk.uid("key.request"), sk.uid("source.request.compile.close"));
        sk.dictionary_set_string(close, sk.uid("key.name"), name);
        sk.dispose(sk.send(close));
        sk.release(close);

        printf("done %d %zu\n", status, out.count);
        fwrite(out.bytes ? out.bytes : "", 1, out.count, stdout);
        fflush(stdout);
    }
    return 0;
}
