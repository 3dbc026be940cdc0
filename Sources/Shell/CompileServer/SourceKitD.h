#ifndef DEMO_SHELL_SOURCEKITD_H
#define DEMO_SHELL_SOURCEKITD_H
/* The part of SourceKit's C API (sourcekitd.h) the compile server calls,
 * as the types of its functions: `CompileServerLoop` (Swift, in
 * PluginHost) opens the toolchain's libsourcekitdInProc.so with dlopen and
 * looks each up by name, as sourcekit-lsp does, so that the shell builds
 * without the toolchain's headers. Only declarations: a variant is a struct
 * passed by value, which a Swift function type cannot name by itself. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef void *sourcekitd_object_t;
typedef void *sourcekitd_uid_t;
typedef void *sourcekitd_response_t;
typedef struct { uint64_t data[3]; } sourcekitd_variant_t;

typedef void (*sourcekitd_initialize_f)(void);
typedef sourcekitd_uid_t (*sourcekitd_uid_get_from_cstr_f)(const char *);
typedef const char *(*sourcekitd_uid_get_string_ptr_f)(sourcekitd_uid_t);
typedef sourcekitd_object_t (*sourcekitd_request_dictionary_create_f)(const sourcekitd_uid_t *, const sourcekitd_object_t *, size_t);
typedef void (*sourcekitd_request_dictionary_set_value_f)(sourcekitd_object_t, sourcekitd_uid_t, sourcekitd_object_t);
typedef void (*sourcekitd_request_dictionary_set_string_f)(sourcekitd_object_t, sourcekitd_uid_t, const char *);
typedef void (*sourcekitd_request_dictionary_set_uid_f)(sourcekitd_object_t, sourcekitd_uid_t, sourcekitd_uid_t);
typedef void (*sourcekitd_request_dictionary_set_int64_f)(sourcekitd_object_t, sourcekitd_uid_t, int64_t);
typedef sourcekitd_object_t (*sourcekitd_request_array_create_f)(const sourcekitd_object_t *, size_t);
typedef void (*sourcekitd_request_array_set_string_f)(sourcekitd_object_t, size_t, const char *);
typedef void (*sourcekitd_request_release_f)(sourcekitd_object_t);
typedef sourcekitd_response_t (*sourcekitd_send_request_sync_f)(sourcekitd_object_t);
typedef void (*sourcekitd_response_dispose_f)(sourcekitd_response_t);
typedef bool (*sourcekitd_response_is_error_f)(sourcekitd_response_t);
typedef const char *(*sourcekitd_response_error_get_description_f)(sourcekitd_response_t);
typedef sourcekitd_variant_t (*sourcekitd_response_get_value_f)(sourcekitd_response_t);
typedef sourcekitd_variant_t (*sourcekitd_variant_dictionary_get_value_f)(sourcekitd_variant_t, sourcekitd_uid_t);
typedef const char *(*sourcekitd_variant_dictionary_get_string_f)(sourcekitd_variant_t, sourcekitd_uid_t);
typedef int64_t (*sourcekitd_variant_dictionary_get_int64_f)(sourcekitd_variant_t, sourcekitd_uid_t);
typedef sourcekitd_uid_t (*sourcekitd_variant_dictionary_get_uid_f)(sourcekitd_variant_t, sourcekitd_uid_t);
/* Returns sourcekitd_variant_type_t: 2 is an array. */
typedef int (*sourcekitd_variant_get_type_f)(sourcekitd_variant_t);
typedef size_t (*sourcekitd_variant_array_get_count_f)(sourcekitd_variant_t);
typedef sourcekitd_variant_t (*sourcekitd_variant_array_get_value_f)(sourcekitd_variant_t, size_t);

#endif
