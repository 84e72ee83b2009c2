/* ompracer hook ABI: the only contract between the instrumentation pass (pass/) and
 * the runtime (runtime/). The pass emits calls to these functions; the runtime
 * implements them. The pass tells the runtime WHERE (site ids) and WHAT (access kind
 * and size); the runtime alone decides whether two accesses race.
 *
 * Site ids: every instrumented module carries a table of `struct ompracer_site`
 * records and registers it once from a module constructor. The runtime answers with
 * a base id; the site id passed to a hook is that base plus the record's index.
 * Id 0 means "unknown site".
 */
#ifndef OMPRACER_HOOKS_H
#define OMPRACER_HOOKS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OMPRACER_ABI_VERSION 1

/* What a site is. */
enum ompracer_site_kind {
  OMPRACER_SITE_READ = 1,
  OMPRACER_SITE_WRITE = 2,
  OMPRACER_SITE_ATOMIC = 3,    /* atomic load, store, rmw or cmpxchg */
  OMPRACER_SITE_CONSTRUCT = 4, /* a call into the OpenMP runtime (a directive) */
  OMPRACER_SITE_ALLOC = 5,     /* a heap allocation call (malloc, calloc, new, ...) */
  OMPRACER_SITE_DECLARE = 6,   /* a local variable's declaration (line; column 0) */
};

/* One source location, emitted by the pass as constant data. */
struct ompracer_site {
  const char *file;     /* as debug info records it; NULL without -g */
  const char *function; /* source-level function (outlined bodies: their parent) */
  uint32_t line;        /* 0 without debug info */
  uint32_t column;
  uint32_t kind; /* enum ompracer_site_kind */
};

/* Registers a module's site table; returns the id of sites[0]. */
uint32_t __ompracer_register_sites(const struct ompracer_site *sites, uint32_t count,
                                   uint32_t abi_version);

/* Called from a module's constructor, before __ompracer_register_sites: whether the
 * pass found that every explicit task of the module waits for the child tasks it
 * creates before it ends (1) or not (0). */
void __ompracer_module_tasks(uint32_t every_task_waits);

/* One instrumented global variable of a module, for reports ("global 'x' of 64 bytes,
 * declared at x.c:5"). Emitted by the pass as constant data next to the site table. */
struct ompracer_global {
  const void *addr;
  uint64_t size;
  const char *name; /* source name (debug info) or the symbol's name */
  const char *file; /* NULL without debug info */
  uint32_t line;    /* 0 without debug info */
  uint32_t reserved;
};

/* Registers a module's table of globals (from its constructor); the runtime keeps the
 * pointer (the table is constant data of the module) and reads it only to report. */
void __ompracer_register_globals(const struct ompracer_global *globals, uint32_t count,
                                 uint32_t abi_version);

/* Plain accesses of 1, 2, 4, 8 and 16 bytes, and of any size. */
void __ompracer_read1(const void *addr, uint32_t site);
void __ompracer_read2(const void *addr, uint32_t site);
void __ompracer_read4(const void *addr, uint32_t site);
void __ompracer_read8(const void *addr, uint32_t site);
void __ompracer_read16(const void *addr, uint32_t site);
void __ompracer_write1(void *addr, uint32_t site);
void __ompracer_write2(void *addr, uint32_t site);
void __ompracer_write4(void *addr, uint32_t site);
void __ompracer_write8(void *addr, uint32_t site);
void __ompracer_write16(void *addr, uint32_t site);
/* An 8-byte read whose value is a pointer (a load of pointer type, not volatile): checked
 * as __ompracer_read8; the runtime may also ask the cache for the shadow of the memory
 * the pointer points to, which the program is likely to touch next (a linked list's
 * next node). */
void __ompracer_read_pointer(const void *addr, uint32_t site);
/* A read and then a write of the same 4 or 8 bytes (a read-modify-write: x++, or
 * *seed = f(*seed)) with nothing between them that touches memory, calls, or may stop
 * the program: checked as __ompracer_readN(addr, read_site) followed by
 * __ompracer_writeN(addr, write_site), in one call made before the read. */
void __ompracer_update4(void *addr, uint32_t read_site, uint32_t write_site);
void __ompracer_update8(void *addr, uint32_t read_site, uint32_t write_site);
void __ompracer_read_range(const void *addr, uint64_t size, uint32_t site);
void __ompracer_write_range(void *addr, uint64_t size, uint32_t site);
/* The bytes [addr, addr + size) that one access of a loop running on one strand
 * touches over all its iterations, checked once (before the loop or at its exits): the
 * runtime may skip the same check made again by the same strand (a row read for each
 * column of a blocked kernel). */
void __ompracer_read_loop_range(const void *addr, uint64_t size, uint32_t site);
void __ompracer_write_loop_range(void *addr, uint64_t size, uint32_t site);
/* `count` accesses of `size` bytes each, at addr, addr + stride, ...: one access of a
 * loop that runs on one strand, checked for all its iterations at once. The stride is
 * taken modulo 2^64 (a step known only at run time may be negative, counting down, or
 * 0, one address again and again); with a constant step the pass gives the lowest
 * address and a stride > size. */
void __ompracer_read_strided(const void *addr, uint64_t count, uint64_t stride, uint64_t size,
                             uint32_t site);
void __ompracer_write_strided(void *addr, uint64_t count, uint64_t stride, uint64_t size,
                              uint32_t site);

/* Atomic accesses: never race with each other, do race with plain accesses. Called
 * before the atomic instruction; flags are OMPRACER_ATOMIC_* below (an atomic load has
 * OMPRACER_ATOMIC_WRITE clear, a store, rmw or cmpxchg has it set).
 *
 * Their memory order also synchronises (the OpenMP 5 memory model): accesses before
 * a release (a release or seq_cst write, or an atomic write after a flush) are ordered
 * before those after an acquire (an acquire or seq_cst read, or an atomic read followed
 * by a flush) that reads the value the release wrote. So the instruction is followed by
 * __ompracer_atomic_done with the values read and written, except for a relaxed
 * read-modify-write (OMPRACER_ATOMIC_HAS_DONE), which the runtime does not follow. */
#define OMPRACER_ATOMIC_WRITE 0x1u        /* it writes: store, rmw, cmpxchg */
#define OMPRACER_ATOMIC_READ 0x2u         /* it reads: load, rmw, cmpxchg */
#define OMPRACER_ATOMIC_ACQUIRE 0x4u      /* acquire, acq_rel or seq_cst, and it reads */
#define OMPRACER_ATOMIC_RELEASE 0x8u      /* release, acq_rel or seq_cst, and it writes */
#define OMPRACER_ATOMIC_READ_VALUE 0x10u  /* read_value is the value read (zero-extended) */
#define OMPRACER_ATOMIC_WRITE_VALUE 0x20u /* written_value is the value written */
#define OMPRACER_ATOMIC_FAILED 0x40u      /* a cmpxchg that did not write (done only) */
#define OMPRACER_ATOMIC_HAS_DONE(flags)                                                            \
  (((flags) & (OMPRACER_ATOMIC_WRITE | OMPRACER_ATOMIC_READ)) !=                                   \
       (OMPRACER_ATOMIC_WRITE | OMPRACER_ATOMIC_READ) ||                                           \
   ((flags) & (OMPRACER_ATOMIC_ACQUIRE | OMPRACER_ATOMIC_RELEASE)))
void __ompracer_atomic(void *addr, uint64_t size, uint32_t flags, uint32_t site);
void __ompracer_atomic_done(void *addr, uint64_t read_value, uint64_t written_value,
                            uint32_t flags);

/* `#pragma omp flush` (and clang's flush after seq_cst atomics): called right after
 * the __kmpc_flush call. */
void __ompracer_flush(void);
/* An OpenMP lock (omp_unset_lock, omp_unset_nest_lock: the lock's address) is about to
 * be released: called right before the call, while this thread still holds it. */
void __ompracer_lock_release(void *lock);

/* Hand-offs through critical sections (a flag set in one critical section and polled
 * in another). `lock` is the lock argument of clang's __kmpc_critical calls (its
 * `.gomp_critical_user_<name>.var`). The module constructor registers each lock that a
 * polling loop of the module enters (a loop that enters the critical section and
 * branches on a value it loads); every critical section announces its entry (right
 * after __kmpc_critical(_with_hint)) and its end (right before __kmpc_end_critical). */
void __ompracer_polled_critical(const void *lock);
void __ompracer_critical_entered(const void *lock);
void __ompracer_critical_leaving(const void *lock);
/* A load of a polling loop decides a branch: right after it, with the value it read
 * (zero-extended) and how the branch tests it: `how` (OMPRACER_BRANCH_HOW) says the
 * loaded width, the width after a truncation, the width compared and whether the
 * extension to it is signed, and the integer predicate (LLVM's CmpInst numbering minus
 * 32: 0 eq, 1 ne, 2 ugt, 3 uge, 4 ult, 5 ule, 6 sgt, 7 sge, 8 slt, 9 sle) that compares
 * it with `constant`. */
#define OMPRACER_BRANCH_HOW(loaded, kept, compared, sext, pred)                                    \
  ((uint32_t)(loaded) | (uint32_t)(kept) << 8 | (uint32_t)(compared) << 16 |                       \
   (uint32_t)((sext) ? 1 : 0) << 23 | (uint32_t)(pred) << 24)
#define OMPRACER_BRANCH_LOADED(how) ((how) & 0x7fu)
#define OMPRACER_BRANCH_KEPT(how) (((how) >> 8) & 0x7fu)
#define OMPRACER_BRANCH_COMPARED(how) (((how) >> 16) & 0x7fu)
#define OMPRACER_BRANCH_SEXT(how) (((how) >> 23) & 1u)
#define OMPRACER_BRANCH_PRED(how) ((how) >> 24)
void __ompracer_branch_read(const void *addr, uint64_t value, uint64_t constant, uint32_t how);

/* Fresh memory: a stack slot whose address escapes (at function entry) or a heap
 * block just returned by an allocator. Its old history belongs to dead objects. */
void __ompracer_fresh_memory(void *addr, uint64_t size);
/* The same for a named object, which reports can then name: a heap block with the
 * site of its allocation call (an OMPRACER_SITE_ALLOC site, name NULL), or a local
 * variable with the site of its declaration (an OMPRACER_SITE_DECLARE site whose
 * function is the variable's) and its source name. */
void __ompracer_fresh_object(void *addr, uint64_t size, uint32_t site, const char *name);

/* A stack slot confined to the calling task (runtime/confined.h): the calling function
 * passes its address only to its own loads and stores, memory intrinsics and calls of
 * functions defined in the module that do the same with it, and the function does not
 * unwind. Called at the function's entry, once
 * per such slot, instead of __ompracer_fresh_object / __ompracer_fresh_memory (site and
 * name as there; 0 and NULL for a slot with no source name): the first call with
 * `frame` OMPRACER_CONFINED_NEW_FRAME, the others with what the first returned, which
 * is also given back to __ompracer_confined_end right before each of the function's
 * returns. */
#define OMPRACER_CONFINED_NEW_FRAME UINT32_MAX
uint32_t __ompracer_confined(void *addr, uint64_t size, uint32_t site, const char *name,
                             uint32_t frame);
void __ompracer_confined_end(uint32_t mark);

/* The next OpenMP runtime event on this thread comes from the directive at `site`
 * (called right before each construct-related __kmpc_* call). */
void __ompracer_construct(uint32_t site);

/* A section of a `sections` construct begins (each section is its own strand, even
 * when libomp hands one thread a block of several). */
void __ompracer_section_begin(void);

/* Iteration strands. A loop of `kind` (OMPRACER_LOOP_*) whose directive is at `site`
 * begins; `window` is a simd loop's safelen (0: none). Then each iteration begins with
 * its logical iteration number (0, 1, ... over the whole loop, whichever chunk runs it),
 * and the loop ends. Loops nest. */
#define OMPRACER_LOOP_FOR 0
#define OMPRACER_LOOP_DISTRIBUTE 1
#define OMPRACER_LOOP_TASKLOOP 2
#define OMPRACER_LOOP_SIMD 3
void __ompracer_loop_begin(uint32_t site, uint32_t window, uint32_t kind);
void __ompracer_loop_iteration(uint64_t logical_iteration);
void __ompracer_loop_end(void);

/* A whole run of a tagged loop's iterations at once, in place of the loop's own
 * iteration markers and access hooks (the pass's IterationBatches.h): `count`
 * iterations, the first with logical iteration number `first`, each of which makes the
 * `n` plain accesses of `accesses` in that order, access i of iteration k at
 * start + k * step. The runtime replays what the hooks would have said: for each k,
 * __ompracer_loop_iteration(first + k), then each access. */
struct ompracer_iteration_access {
  const void *start; /* in the first iteration */
  uint64_t step;     /* added per iteration, two's complement (may be negative) */
  uint64_t size;
  uint32_t site;
  uint32_t is_write;
};
void __ompracer_iterations(const struct ompracer_iteration_access *accesses, uint32_t n,
                           uint64_t first, uint64_t count);

/* The program ran a construct the runtime does not model (`what`: 2 = a doacross
 * loop), at `site`; the runtime says so once. (Code 1 is unused: it named omp simd,
 * which iteration strands model; keep new codes distinct from it.) */
#define OMPRACER_UNSUPPORTED_DOACROSS 2
void __ompracer_unsupported(uint32_t what, uint32_t site);

/* A target region executed on the host (clang's host fallback calls its outlined
 * function directly, with no OpenMP runtime call) begins and ends. Its end waits for
 * every task created inside it, as a taskgroup's does. */
void __ompracer_target_begin(void);
void __ompracer_target_end(void);

/* A reduction's steps on this thread, around libomp's entry points: before
 * __kmpc_reduce(_nowait) (ENTER), after it with its answer in `method` (METHOD: 1, this
 * thread combines into the original variables; 2, it combines with atomics; 0, another
 * thread combines for it), before __kmpc_end_reduce(_nowait) (FINISH) and after it
 * (DONE). libomp may combine every thread's copy on one thread; the runtime needs
 * these steps to put each thread's part on that thread's own strand. */
#define OMPRACER_REDUCE_ENTER 0
#define OMPRACER_REDUCE_METHOD 1
#define OMPRACER_REDUCE_FINISH 2
#define OMPRACER_REDUCE_DONE 3
void __ompracer_reduction(uint32_t step, uint32_t method);

/* The next teams construct on this thread has a num_teams clause asking for
 * `num_teams` teams (0: it has only thread_limit). Called before
 * __kmpc_push_num_teams*: a teams construct without it leaves the number of teams to
 * libomp, which runs one team on the host, and the runtime then checks it as if the
 * league had two or more. */
void __ompracer_num_teams(uint32_t num_teams);

/* The next task created on this thread is an if(0) task (undeferred by the program's
 * semantics, not only by the runtime's choice). */
void __ompracer_task_if0(void);

/* The critical section this thread is about to enter is `critical(name)`: called
 * right before __kmpc_critical(_with_hint) when its lock argument is clang's
 * `.gomp_critical_user_<name>.var` and the name is not empty. The name (constant data
 * of the module) is announced per entry rather than registered once for the lock's
 * address: the wait id libomp reports for the section is, by default, a lock it
 * allocates, not that variable's address. */
void __ompracer_critical_name(const char *name);

#ifdef __cplusplus
}
#endif

#endif
