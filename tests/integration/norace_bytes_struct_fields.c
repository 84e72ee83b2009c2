// norace_bytes_struct_fields.c -- byte-exact shadow: struct fields sharing a word.
//
// Four sections each write one char field of the same 4-byte word, and two
// more sections write the two shorts of the next word; the int field is written
// by a seventh. Every byte is written by exactly one section, so nothing
// conflicts although several sections share a word. An array of 3-byte
// structs is split between loop iterations the same way. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

struct rec {
  char a, b, c, d;
  short e, f;
  int g;
};

struct rgb {
  unsigned char r, g, b;
};

struct rec rec;
struct rgb pixels[50];

int main(void) {
#pragma omp parallel sections
  {
#pragma omp section
    rec.a = 1;
#pragma omp section
    rec.b = 2;
#pragma omp section
    rec.c = 3;
#pragma omp section
    rec.d = 4;
#pragma omp section
    rec.e = 5;
#pragma omp section
    rec.f = 6;
#pragma omp section
    rec.g = 7;
  }
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < 50; i++) {
    pixels[i].r = (unsigned char)i;
    pixels[i].g = (unsigned char)(2 * i);
    pixels[i].b = (unsigned char)(3 * i);
  }
  int s = 0;
  for (int i = 0; i < 50; i++)
    s += pixels[i].r + pixels[i].g + pixels[i].b;
  printf("%d %d %d %d %d %d %d %d\n", rec.a, rec.b, rec.c, rec.d, rec.e, rec.f, rec.g, s);
  return 0;
}
