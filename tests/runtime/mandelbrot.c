/* mandelbrot.c -- a Mandelbrot set with schedule(dynamic): rows cost very
   different amounts, so the dynamic schedule really redistributes work.

   Each pixel's escape count depends only on the pixel, so the result is
   the same whoever computes it: it is compared with a serial computation
   (self-check) for several team sizes, and the printed checksum and
   histogram must be identical on both runtimes (tests/runtime/NAME.cmp).  */

#include "../lib/check.h"

#define W 320
#define H 240
#define MAXIT 400

static unsigned short img[H][W], ref[H][W];

static unsigned short
escape (int x, int y)
{
  double cr = -2.2 + 3.0 * x / W, ci = -1.2 + 2.4 * y / H;
  double zr = 0, zi = 0;
  int it = 0;
  while (it < MAXIT && zr * zr + zi * zi <= 4.0)
    {
      double t = zr * zr - zi * zi + cr;
      zi = 2 * zr * zi + ci;
      zr = t;
      it++;
    }
  return (unsigned short) it;
}

int
main (int argc, char **argv)
{
  static const int teams[] = { 1, 2, 3, 8 };
  unsigned long sum = 0, hash = 1469598103934665603UL;
  long hist[8] = { 0 };
  (void) argc;
  check_init (argv[0]);

  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      ref[y][x] = escape (x, y);

  for (int t = 0; t < 4; t++)
    for (int chunk = 1; chunk <= 4; chunk *= 4)
      {
	memset (img, 0, sizeof img);
#pragma omp parallel for schedule(dynamic, chunk) num_threads(teams[t])
	for (int y = 0; y < H; y++)
	  for (int x = 0; x < W; x++)
	    img[y][x] = escape (x, y);
	for (int y = 0; y < H; y++)
	  for (int x = 0; x < W; x++)
	    CHECK (img[y][x] == ref[y][x], "team %d, dynamic,%d: pixel (%d,%d)"
		   " = %d, serial %d", teams[t], chunk, x, y, img[y][x],
		   ref[y][x]);
      }

  /* The whole image once more, collapsed, for the summary.  */
#pragma omp parallel for collapse(2) schedule(dynamic, 64) \
	reduction(+: sum) reduction(+: hist[:8])
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
	sum += img[y][x];
	hist[img[y][x] * 8 / (MAXIT + 1)]++;
      }
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      hash = (hash ^ img[y][x]) * 1099511628211UL;

  printf ("mandelbrot %dx%d maxit=%d\n", W, H, MAXIT);
  printf ("escape-count sum %lu\n", sum);
  printf ("fnv-1a %016lx\n", hash);
  for (int b = 0; b < 8; b++)
    printf ("histogram[%d] %ld\n", b, hist[b]);
  return 0;
}
