/* Thread-local state of the runtime. libompracer.so is linked into the program (never
 * dlopen'ed), so its thread-locals can live in the static TLS block: initial-exec
 * reads them at a fixed offset from the thread pointer, where the default model for a
 * shared library calls __tls_get_addr on every access (measured: 3 % of precise
 * mode's time on the stencil kernel). */
#ifndef OMPRACER_TLS_H
#define OMPRACER_TLS_H

#define OMPR_TLS __thread __attribute__((tls_model("initial-exec")))

#endif
