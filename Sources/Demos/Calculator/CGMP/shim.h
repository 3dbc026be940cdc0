// GMP for the calculator's model (Debian: libgmp-dev; libgmp10 at run time).
// gmp.h names its functions through macros (mpq_add is __gmpq_add) and reaches
// a rational's parts through macros (mpq_numref), which Swift does not import:
// these inline functions give them names Swift sees.
#ifndef CGMP_SHIM_H
#define CGMP_SHIM_H
#include <gmp.h>
#include <stddef.h>

static inline void cgmp_q_init(mpq_ptr q) { mpq_init(q); }
static inline void cgmp_q_clear(mpq_ptr q) { mpq_clear(q); }
static inline void cgmp_q_set(mpq_ptr r, mpq_srcptr a) { mpq_set(r, a); }
static inline void cgmp_q_set_si(mpq_ptr r, long n) { mpq_set_si(r, n, 1); }
/// r = n / d in lowest terms; d must not be zero.
static inline void cgmp_q_set_fraction(mpq_ptr r, mpz_srcptr n, mpz_srcptr d) {
    mpq_set_num(r, n);
    mpq_set_den(r, d);
    mpq_canonicalize(r);
}
static inline void cgmp_q_add(mpq_ptr r, mpq_srcptr a, mpq_srcptr b) { mpq_add(r, a, b); }
static inline void cgmp_q_sub(mpq_ptr r, mpq_srcptr a, mpq_srcptr b) { mpq_sub(r, a, b); }
static inline void cgmp_q_mul(mpq_ptr r, mpq_srcptr a, mpq_srcptr b) { mpq_mul(r, a, b); }
static inline void cgmp_q_div(mpq_ptr r, mpq_srcptr a, mpq_srcptr b) { mpq_div(r, a, b); }
static inline void cgmp_q_neg(mpq_ptr r, mpq_srcptr a) { mpq_neg(r, a); }
static inline void cgmp_q_abs(mpq_ptr r, mpq_srcptr a) { mpq_abs(r, a); }
static inline int cgmp_q_sgn(mpq_srcptr a) { return mpq_sgn(a); }
static inline int cgmp_q_cmp(mpq_srcptr a, mpq_srcptr b) { return mpq_cmp(a, b); }
static inline int cgmp_q_equal(mpq_srcptr a, mpq_srcptr b) { return mpq_equal(a, b); }
static inline mpz_srcptr cgmp_q_num(mpq_srcptr q) { return mpq_numref(q); }
static inline mpz_srcptr cgmp_q_den(mpq_srcptr q) { return mpq_denref(q); }

static inline void cgmp_z_init(mpz_ptr z) { mpz_init(z); }
static inline void cgmp_z_clear(mpz_ptr z) { mpz_clear(z); }
static inline void cgmp_z_set(mpz_ptr r, mpz_srcptr a) { mpz_set(r, a); }
static inline void cgmp_z_set_si(mpz_ptr r, long n) { mpz_set_si(r, n); }
/// 0 on success; `text` is a NUL-terminated run of decimal digits, maybe after "-".
static inline int cgmp_z_set_decimal(mpz_ptr r, const char *text) { return mpz_set_str(r, text, 10); }
static inline void cgmp_z_add(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_add(r, a, b); }
static inline void cgmp_z_sub(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_sub(r, a, b); }
static inline void cgmp_z_mul(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { mpz_mul(r, a, b); }
static inline void cgmp_z_neg(mpz_ptr r, mpz_srcptr a) { mpz_neg(r, a); }
static inline void cgmp_z_abs(mpz_ptr r, mpz_srcptr a) { mpz_abs(r, a); }
/// Quotient truncated toward zero; the remainder takes the dividend's sign.
static inline void cgmp_z_tdiv_qr(mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d) { mpz_tdiv_qr(q, r, n, d); }
static inline void cgmp_z_pow_ui(mpz_ptr r, mpz_srcptr base, unsigned long e) { mpz_pow_ui(r, base, e); }
static inline void cgmp_z_ten_to(mpz_ptr r, unsigned long e) { mpz_ui_pow_ui(r, 10, e); }
static inline int cgmp_z_sgn(mpz_srcptr a) { return mpz_sgn(a); }
static inline int cgmp_z_cmp(mpz_srcptr a, mpz_srcptr b) { return mpz_cmp(a, b); }
static inline int cgmp_z_cmp_si(mpz_srcptr a, long b) { return mpz_cmp_si(a, b); }
/// The number of bits of |a| (1 for zero).
static inline size_t cgmp_z_bits(mpz_srcptr a) { return mpz_sizeinbase(a, 2); }
/// Room `cgmp_z_get_decimal` needs, its NUL included.
static inline size_t cgmp_z_decimal_capacity(mpz_srcptr a) { return mpz_sizeinbase(a, 10) + 2; }
static inline void cgmp_z_get_decimal(char *buffer, mpz_srcptr a) { mpz_get_str(buffer, 10, a); }
/// The limbs, for hashing: |size| limbs at `limbs`, size < 0 when negative.
static inline int cgmp_z_size(mpz_srcptr a) { return a->_mp_size; }
static inline const mp_limb_t *cgmp_z_limbs(mpz_srcptr a) { return a->_mp_d; }
#endif
