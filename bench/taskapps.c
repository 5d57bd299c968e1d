/* taskapps.c -- two application shapes of task parallelism, after the
   Barcelona OpenMP Tasks Suite's floorplan and alignment programs, whose
   times on the runtime and on libgomp can then be compared without that
   suite:

   - BRANCH: a branch-and-bound search with untied tasks and a cutoff,
     as floorplan's: each node of the search tree above the cutoff depth
     is a task that copies its parent's partial solution (a small array,
     firstprivate-style), creates a task per branch that its bound does
     not prune, and waits for them (taskwait); below the cutoff the
     search is serial.  The incumbent, shared, is read without a lock to
     prune and updated in a critical section.  The problem: a 0/1
     knapsack of N items (weights and values from a fixed seed), with a
     loose bound, so that the tree is large and irregular.
   - ALIGN: alignment's "for" variant: a worksharing loop (dynamic) over
     the sequences, each iteration creating one untied task per pair
     (i, j > i), which computes the edit distance of two sequences by
     dynamic programming.

   Each prints its time (median of -r runs, seconds) and checks its
   result against a serial run, so a runtime that skips work fails.

   Usage: taskapps [-r RUNS] [-n ITEMS] [-c CUTOFF] [-s SEQS] [-l LEN]
                   branch|align  */

#define _GNU_SOURCE
#include "config.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_ITEMS 64
#define MAX_LEN 1024

static int n_items = 56, cutoff = 12, n_seqs = 60, seq_len = 200, runs = 7;

static double
now_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static unsigned long long rng = 88172645463325252ULL;

static unsigned int
next_rand (void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned int) (rng >> 11);
}

/* ---- BRANCH ------------------------------------------------------------ */

/* Items sorted by value per weight, best first: the fractional bound is
   then a prefix.  */
static int weight[MAX_ITEMS], value[MAX_ITEMS], capacity;
static int best;
static long nodes;

struct partial
{
  int level, room, gain;
  char taken[MAX_ITEMS];	/* copied into each child, as floorplan's board */
};

/* A loose bound, as a floorplan's area bound is: everything room can
   still hold, at the best value per weight left (the next item's).  */
static int
bound (const struct partial *p)
{
  if (p->level == n_items)
    return p->gain;
  return p->gain + (int) ((long) value[p->level] * p->room
			  / weight[p->level]);
}

static void search (const struct partial *p, int depth, int parallel);

static void
branch (const struct partial *p, int take, int depth, int parallel)
{
  struct partial c = *p;
  c.taken[c.level] = (char) take;
  if (take)
    {
      c.room -= weight[c.level];
      c.gain += value[c.level];
    }
  c.level++;
  search (&c, depth + 1, parallel);
}

static void
search (const struct partial *p, int depth, int parallel)
{
  if (parallel)
    __atomic_add_fetch (&nodes, 1, __ATOMIC_RELAXED);
  else
    nodes++;
  if (p->gain > __atomic_load_n (&best, __ATOMIC_RELAXED))
    {
      if (parallel)
	{
#pragma omp critical (taskapps_best)
	  if (p->gain > best)
	    __atomic_store_n (&best, p->gain, __ATOMIC_RELAXED);
	}
      else
	best = p->gain;
    }
  if (p->level == n_items
      || bound (p) <= __atomic_load_n (&best, __ATOMIC_RELAXED))
    return;
  int can_take = weight[p->level] <= p->room;
  if (parallel && depth < cutoff)
    {
      for (int take = can_take; take >= 0; take--)
	{
	  struct partial copy = *p;
#pragma omp task untied firstprivate (copy, take, depth)
	  branch (&copy, take, depth, 1);
	}
#pragma omp taskwait
    }
  else
    for (int take = can_take; take >= 0; take--)
      branch (p, take, depth, parallel);
}

static void
branch_setup (void)
{
  struct { int w, v; } it[MAX_ITEMS];
  int total = 0;
  for (int i = 0; i < n_items; i++)
    {
      it[i].w = 30 + next_rand () % 70;
      it[i].v = it[i].w + next_rand () % 10;
      total += it[i].w;
    }
  /* Insertion sort by v/w, descending.  */
  for (int i = 1; i < n_items; i++)
    for (int j = i; j > 0 && (long) it[j].v * it[j - 1].w
	   > (long) it[j - 1].v * it[j].w; j--)
      {
	__typeof__ (it[0]) t = it[j];
	it[j] = it[j - 1];
	it[j - 1] = t;
      }
  for (int i = 0; i < n_items; i++)
    {
      weight[i] = it[i].w;
      value[i] = it[i].v;
    }
  capacity = total / 2;
}

static int
branch_run (int parallel)
{
  struct partial root;
  memset (&root, 0, sizeof root);
  root.room = capacity;
  best = 0;
  nodes = 0;
  if (parallel)
    {
#pragma omp parallel
#pragma omp single
      search (&root, 0, 1);
    }
  else
    search (&root, 0, 0);
  return best;
}

/* ---- ALIGN ------------------------------------------------------------- */

static char **seqs;
static long *scores;

static long
edit_distance (const char *a, const char *b, int n)
{
  int row[MAX_LEN + 1];
  for (int j = 0; j <= n; j++)
    row[j] = j;
  for (int i = 1; i <= n; i++)
    {
      int diag = row[0];
      row[0] = i;
      for (int j = 1; j <= n; j++)
	{
	  int up = row[j];
	  int best_ij = diag + (a[i - 1] != b[j - 1]);
	  if (up + 1 < best_ij)
	    best_ij = up + 1;
	  if (row[j - 1] + 1 < best_ij)
	    best_ij = row[j - 1] + 1;
	  row[j] = best_ij;
	  diag = up;
	}
    }
  return row[n];
}

static void
align_setup (void)
{
  seqs = malloc (n_seqs * sizeof *seqs);
  scores = malloc ((size_t) n_seqs * n_seqs * sizeof *scores);
  if (!seqs || !scores)
    abort ();
  for (int i = 0; i < n_seqs; i++)
    {
      seqs[i] = malloc (seq_len);
      if (!seqs[i])
	abort ();
      for (int k = 0; k < seq_len; k++)
	seqs[i][k] = "ACGT"[next_rand () % 4];
    }
}

static long
align_run (int parallel)
{
  memset (scores, 0, (size_t) n_seqs * n_seqs * sizeof *scores);
  if (parallel)
    {
#pragma omp parallel
#pragma omp for schedule (dynamic)
      for (int i = 0; i < n_seqs; i++)
	for (int j = i + 1; j < n_seqs; j++)
	  {
#pragma omp task untied firstprivate (i, j)
	    scores[i * n_seqs + j] = edit_distance (seqs[i], seqs[j], seq_len);
	  }
    }
  else
    for (int i = 0; i < n_seqs; i++)
      for (int j = i + 1; j < n_seqs; j++)
	scores[i * n_seqs + j] = edit_distance (seqs[i], seqs[j], seq_len);
  long sum = 0;
  for (long k = 0; k < (long) n_seqs * n_seqs; k++)
    sum += scores[k] * (k % 7 + 1);
  return sum;
}

/* ---- driver ------------------------------------------------------------ */

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  int opt;
  while ((opt = getopt (argc, argv, "r:n:c:s:l:")) != -1)
    switch (opt)
      {
      case 'r': runs = atoi (optarg); break;
      case 'n': n_items = atoi (optarg); break;
      case 'c': cutoff = atoi (optarg); break;
      case 's': n_seqs = atoi (optarg); break;
      case 'l': seq_len = atoi (optarg); break;
      default: goto usage;
      }
  if (optind != argc - 1 || runs < 1 || n_items < 1 || n_items > MAX_ITEMS
      || n_seqs < 2 || seq_len < 1 || seq_len > MAX_LEN)
    {
    usage:
      fprintf (stderr, "usage: taskapps [-r RUNS] [-n ITEMS] [-c CUTOFF] "
	       "[-s SEQS] [-l LEN] branch|align\n");
      return 2;
    }
  int is_branch = strcmp (argv[optind], "branch") == 0;
  if (!is_branch && strcmp (argv[optind], "align") != 0)
    goto usage;

  long want, got;
  if (is_branch)
    {
      branch_setup ();
      want = branch_run (0);
    }
  else
    {
      align_setup ();
      want = align_run (0);
    }
  double *t = malloc (runs * sizeof *t);
  if (!t)
    abort ();
  for (int r = 0; r < runs; r++)
    {
      double t0 = now_s ();
      got = is_branch ? branch_run (1) : align_run (1);
      t[r] = now_s () - t0;
      if (got != want)
	{
	  fprintf (stderr, "taskapps: %s: result %ld, serial %ld\n",
		   argv[optind], got, want);
	  return 1;
	}
    }
  qsort (t, runs, sizeof *t, cmp_double);
  printf ("%s\t%.6f\t%.6f\t%d threads", argv[optind], t[runs / 2], t[0],
	  omp_get_max_threads ());
  if (is_branch)
    printf ("\t%ld nodes (last run)", nodes);
  printf ("\n");
  free (t);
  return 0;
}
