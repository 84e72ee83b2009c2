// race_bytes_struct_field.c -- byte-exact shadow: adjacent fields race only where they overlap.
//
// Two parallel sections write fields of one struct that share a word:
// section 1 writes `length` (bytes 2-3) and `kind` (byte 0), section 2 writes
// `length` and `flags` (byte 1). Only `length` is written by both: one
// write/write report on 2 bytes. `kind` and `flags` sit in the same word but on
// different bytes: no report for them.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

struct packet {
  char kind;
  char flags;
  short length;
  int payload;
};

struct packet pkt;

int main(void) {
#pragma omp parallel sections
  {
#pragma omp section
    {
      pkt.length = 10;
      pkt.kind = 1;
    }
#pragma omp section
    {
      pkt.length = 20;
      pkt.flags = 2;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 2 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_bytes_struct_field.c:[[@LINE-10]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_bytes_struct_field.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_bytes_struct_field.c:[[@LINE-6]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_bytes_struct_field.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'pkt' of 8 bytes, declared at {{(.*/)?}}race_bytes_struct_field.c:[[@LINE-19]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}race_bytes_struct_field.c:[[@LINE-17]]: the sections of one sections construct are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("kind=%d flags=%d\n", pkt.kind, pkt.flags);
  return 0;
}
