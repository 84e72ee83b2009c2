// race_cutoff_taskwait.c -- norace_cutoff_taskwait.c with one race: every call counts
// itself in a shared counter without synchronisation (COUNT_CALL). Above the cutoff
// the calls are tasks, parallel with each other and with their creators' code before
// the taskwait, so the counter's update races with itself: a read/write and a
// write/write report, whether or not the observed schedule interleaved the tasks
// (which tasks the lines name, and so the why line, depend on the schedule). With
// every task waiting for its children (the pass follows the two tests of the cutoff)
// the default mode reports what precise mode does, and the run is complete.
//
// EXPECT: race
// MODES: fast precise
long calls;
#define COUNT_CALL calls++
#include "norace_cutoff_taskwait.c"

// CHECK: ==ompracer== WARNING: data race (read/write) on 8 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}norace_cutoff_taskwait.c:58:{{[0-9]+}} in visit (explicit task created at {{(.*/)?}}norace_cutoff_taskwait.c:{{46|48|66}})
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}norace_cutoff_taskwait.c:58:{{[0-9]+}} in visit (explicit task created at {{(.*/)?}}norace_cutoff_taskwait.c:{{46|48|66}})
// CHECK-NEXT: ==ompracer==   location: global 'calls' of 8 bytes, declared at {{(.*/)?}}race_cutoff_taskwait.c:12
// CHECK-NEXT: ==ompracer==   why: {{.*}}
// CHECK: ==ompracer== WARNING: data race (write/write) on 8 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}norace_cutoff_taskwait.c:58:{{[0-9]+}} in visit (explicit task created at {{(.*/)?}}norace_cutoff_taskwait.c:{{46|48|66}})
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}norace_cutoff_taskwait.c:58:{{[0-9]+}} in visit (explicit task created at {{(.*/)?}}norace_cutoff_taskwait.c:{{46|48|66}})
// CHECK-NEXT: ==ompracer==   location: global 'calls' of 8 bytes, declared at {{(.*/)?}}race_cutoff_taskwait.c:12
// CHECK-NEXT: ==ompracer==   why: {{.*}}
// CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
