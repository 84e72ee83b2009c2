#include "branch_test.h"

#include "ompracer/hooks.h"

static uint64_t low_bits(uint64_t v, unsigned bits) {
  return bits >= 64 ? v : v & ((UINT64_C(1) << bits) - 1);
}

static int64_t signed_bits(uint64_t v, unsigned bits) {
  if (bits >= 64 || bits == 0)
    return (int64_t)v;
  uint64_t sign = UINT64_C(1) << (bits - 1);
  return (int64_t)((low_bits(v, bits) ^ sign) - sign);
}

bool branch_holds(uint64_t value, uint64_t constant, uint32_t how) {
  unsigned kept = OMPRACER_BRANCH_KEPT(how), compared = OMPRACER_BRANCH_COMPARED(how);
  uint64_t v = low_bits(value, kept);
  if (OMPRACER_BRANCH_SEXT(how))
    v = (uint64_t)signed_bits(v, kept);
  uint64_t a = low_bits(v, compared), b = low_bits(constant, compared);
  int64_t sa = signed_bits(a, compared), sb = signed_bits(b, compared);
  switch (OMPRACER_BRANCH_PRED(how)) {
  case 0: return a == b;
  case 1: return a != b;
  case 2: return a > b;
  case 3: return a >= b;
  case 4: return a < b;
  case 5: return a <= b;
  case 6: return sa > sb;
  case 7: return sa >= sb;
  case 8: return sa < sb;
  case 9: return sa <= sb;
  default: return false;
  }
}

uint64_t branch_loaded(uint64_t value, uint32_t how) {
  return low_bits(value, OMPRACER_BRANCH_LOADED(how));
}
