/* alloc.c -- the memory allocator routines (OpenMP 5.1 §3.13) as libgomp
   12 provides them: the predefined allocators; omp_init_allocator with
   every trait and value it accepts, and omp_null_allocator for the ones
   it rejects (invalid keys and values, pinned memory, the high-bandwidth
   memory space, memory spaces that do not exist); alignment;
   omp_alloc / omp_aligned_alloc / omp_calloc / omp_aligned_calloc /
   omp_realloc / omp_free; pool_size enforced, also under concurrency;
   each fallback (default_mem_fb, null_fb, abort_fb in a child: exit 1,
   allocator_fb with fb_data); def-allocator-var (omp_set/get_default_
   allocator, OMP_ALLOCATOR, inheritance into parallel regions); the
   allocate clause (GOMP_alloc / GOMP_free); the Fortran entry points.

   pool_size counts what the runtime allocates, its bookkeeping included,
   so the pool checks use sizes with a wide margin.  */

#include "../lib/check.h"
#include <stdint.h>

/* Fortran entry points (omp_lib), called with Fortran's by-reference
   conventions.  */
intptr_t omp_init_allocator_ (const intptr_t *, const int32_t *,
			      const omp_alloctrait_t *);
intptr_t omp_init_allocator_8_ (const intptr_t *, const int64_t *,
				const omp_alloctrait_t *);
void omp_destroy_allocator_ (const intptr_t *);
void omp_set_default_allocator_ (const intptr_t *);
intptr_t omp_get_default_allocator_ (void);

static int
aligned (const void *p, size_t a)
{
  return ((uintptr_t) p & (a - 1)) == 0;
}

static omp_allocator_handle_t
make (omp_memspace_handle_t space, int n, const omp_alloctrait_t *traits)
{
  return omp_init_allocator (space, n, traits);
}

static void
test_predefined (void)
{
  static const omp_allocator_handle_t predefined[] = {
    omp_default_mem_alloc, omp_large_cap_mem_alloc, omp_const_mem_alloc,
    omp_high_bw_mem_alloc, omp_low_lat_mem_alloc, omp_cgroup_mem_alloc,
    omp_pteam_mem_alloc, omp_thread_mem_alloc
  };
  for (int i = 0; i < 8; i++)
    {
      CHECK_EQ ((intptr_t) predefined[i], i + 1, "handle of allocator %d", i);
      char *p = omp_alloc (1000, predefined[i]);
      CHECK (p != NULL, "omp_alloc with predefined allocator %d", i + 1);
      CHECK (aligned (p, sizeof (void *)), "alignment %p", (void *) p);
      memset (p, i, 1000);
      omp_free (p, predefined[i]);
      int *q = omp_aligned_alloc (256, 100, predefined[i]);
      CHECK (q != NULL && aligned (q, 256), "omp_aligned_alloc (256): %p",
	     (void *) q);
      q[24] = 1;
      omp_free (q, omp_null_allocator);	/* the allocator is not needed */
    }
  /* (libgomp 12 calls free on a predefined allocator's handle given to
     omp_destroy_allocator: not tried.)  */
  omp_destroy_allocator (omp_null_allocator);
  CHECK (omp_alloc (0, omp_default_mem_alloc) == NULL, "omp_alloc (0)");
  CHECK (omp_calloc (0, 8, omp_default_mem_alloc) == NULL, "omp_calloc (0)");
  CHECK (omp_calloc (8, 0, omp_default_mem_alloc) == NULL, "omp_calloc (,0)");
  omp_free (NULL, omp_default_mem_alloc);

  unsigned char *z = omp_calloc (100, 40, omp_default_mem_alloc);
  CHECK (z != NULL, "omp_calloc");
  for (int i = 0; i < 4000; i++)
    CHECK_EQ (z[i], 0, "omp_calloc byte %d", i);
  omp_free (z, omp_default_mem_alloc);
  z = omp_aligned_calloc (128, 10, 10, omp_large_cap_mem_alloc);
  CHECK (z != NULL && aligned (z, 128), "omp_aligned_calloc");
  for (int i = 0; i < 100; i++)
    CHECK_EQ (z[i], 0, "omp_aligned_calloc byte %d", i);
  omp_free (z, omp_large_cap_mem_alloc);
  /* size * nmemb overflows: no memory (default_mem_fb of a predefined
     allocator returns NULL).  */
  volatile size_t huge = SIZE_MAX / 2;
  CHECK (omp_calloc (huge, 4, omp_default_mem_alloc) == NULL,
	 "omp_calloc overflow");
}

/* Every trait with every value libgomp 12 accepts.  */
static void
test_traits_valid (void)
{
  static const struct
  {
    omp_alloctrait_key_t key;
    omp_uintptr_t values[5];
  } valid[] = {
    { omp_atk_sync_hint, { omp_atv_default, omp_atv_contended,
			   omp_atv_uncontended, omp_atv_serialized,
			   omp_atv_private } },
    { omp_atk_alignment, { omp_atv_default, 1, 8, 64, 4096 } },
    { omp_atk_access, { omp_atv_default, omp_atv_all, omp_atv_cgroup,
			omp_atv_pteam, omp_atv_thread } },
    { omp_atk_pool_size, { omp_atv_default, 0, 1, 1 << 20, 12345 } },
    { omp_atk_fallback, { omp_atv_default, omp_atv_default_mem_fb,
			  omp_atv_null_fb, omp_atv_abort_fb,
			  omp_atv_allocator_fb } },
    { omp_atk_fb_data, { 0, omp_default_mem_alloc, omp_low_lat_mem_alloc,
			 omp_thread_mem_alloc, omp_atv_default } },
    { omp_atk_pinned, { omp_atv_default, omp_atv_false, omp_atv_false,
			omp_atv_false, omp_atv_false } },
    { omp_atk_partition, { omp_atv_default, omp_atv_environment,
			   omp_atv_nearest, omp_atv_blocked,
			   omp_atv_interleaved } },
  };
  static const omp_memspace_handle_t spaces[] = {
    omp_default_mem_space, omp_large_cap_mem_space, omp_const_mem_space,
    omp_low_lat_mem_space
  };
  for (size_t i = 0; i < sizeof valid / sizeof valid[0]; i++)
    for (int j = 0; j < 5; j++)
      for (int s = 0; s < 4; s++)
	{
	  omp_alloctrait_t t = { valid[i].key, valid[i].values[j] };
	  omp_allocator_handle_t a = make (spaces[s], 1, &t);
	  CHECK (a != omp_null_allocator, "trait %d = %#lx in space %d "
		 "rejected", (int) valid[i].key,
		 (unsigned long) valid[i].values[j], (int) spaces[s]);
	  omp_destroy_allocator (a);
	}

  /* All at once, and no traits at all.  */
  omp_alloctrait_t all[] = {
    { omp_atk_sync_hint, omp_atv_uncontended },
    { omp_atk_alignment, 32 },
    { omp_atk_access, omp_atv_thread },
    { omp_atk_pool_size, 1 << 16 },
    { omp_atk_fallback, omp_atv_null_fb },
    { omp_atk_fb_data, omp_default_mem_alloc },
    { omp_atk_pinned, omp_atv_false },
    { omp_atk_partition, omp_atv_blocked },
  };
  omp_allocator_handle_t a = make (omp_default_mem_space, 8, all);
  CHECK (a != omp_null_allocator, "all traits");
  void *p = omp_alloc (100, a);
  CHECK (p != NULL && aligned (p, 32), "allocation with all traits");
  omp_free (p, a);
  omp_destroy_allocator (a);
  a = make (omp_default_mem_space, 0, NULL);
  CHECK (a != omp_null_allocator, "no traits");
  omp_destroy_allocator (a);
}

static void
test_traits_invalid (void)
{
  static const omp_alloctrait_t invalid[] = {
    { (omp_alloctrait_key_t) 0, 1 },
    { (omp_alloctrait_key_t) 9, 1 },
    { (omp_alloctrait_key_t) 99, omp_atv_default },
    { omp_atk_sync_hint, omp_atv_all },
    { omp_atk_sync_hint, 0 },
    { omp_atk_alignment, 0 },
    { omp_atk_alignment, 3 },
    { omp_atk_alignment, 96 },
    { omp_atk_access, omp_atv_contended },
    { omp_atk_access, 100 },
    { omp_atk_fallback, omp_atv_true },
    { omp_atk_fallback, omp_atv_interleaved },
    { omp_atk_pinned, omp_atv_true },	/* no pinned memory (libgomp 12) */
    { omp_atk_pinned, 2 },
    { omp_atk_partition, omp_atv_private },
    { omp_atk_partition, 0 },
  };
  for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++)
    {
      omp_alloctrait_t t[2] = { { omp_atk_alignment, 16 }, invalid[i] };
      CHECK (make (omp_default_mem_space, 2, t) == omp_null_allocator,
	     "trait %d = %#lx accepted", (int) invalid[i].key,
	     (unsigned long) invalid[i].value);
    }
  /* No high-bandwidth memory (libgomp 12), no memory space 5.  */
  CHECK (make (omp_high_bw_mem_space, 0, NULL) == omp_null_allocator,
	 "omp_high_bw_mem_space accepted");
  CHECK (make ((omp_memspace_handle_t) 5, 0, NULL) == omp_null_allocator,
	 "memory space 5 accepted");
  CHECK (make ((omp_memspace_handle_t) -1, 0, NULL) == omp_null_allocator,
	 "memory space -1 accepted");
}

static void
test_alignment (void)
{
  omp_alloctrait_t t = { omp_atk_alignment, 512 };
  omp_allocator_handle_t a = make (omp_default_mem_space, 1, &t);
  CHECK (a != omp_null_allocator, "alignment 512");
  for (int i = 0; i < 20; i++)
    {
      void *p = omp_alloc (1 + i * 37, a);
      CHECK (p != NULL && aligned (p, 512), "alignment trait: %p", p);
      /* The larger of the trait and the argument.  */
      void *q = omp_aligned_alloc (2048, 10, a);
      CHECK (q != NULL && aligned (q, 2048), "aligned_alloc 2048: %p", q);
      void *r = omp_aligned_alloc (16, 10, a);
      CHECK (r != NULL && aligned (r, 512), "aligned_alloc 16: %p", r);
      void *c = omp_calloc (3, 5, a);
      CHECK (c != NULL && aligned (c, 512), "calloc: %p", c);
      omp_free (p, a);
      omp_free (q, a);
      omp_free (r, a);
      omp_free (c, a);
    }
  omp_destroy_allocator (a);
}

static void
test_realloc (void)
{
  char *p = omp_realloc (NULL, 100, omp_default_mem_alloc,
			 omp_null_allocator);
  CHECK (p != NULL, "omp_realloc (NULL)");
  for (int i = 0; i < 100; i++)
    p[i] = (char) i;
  p = omp_realloc (p, 100000, omp_null_allocator, omp_null_allocator);
  CHECK (p != NULL, "omp_realloc grow");
  for (int i = 0; i < 100; i++)
    CHECK_EQ (p[i], (char) i, "content after growing, byte %d", i);
  p = omp_realloc (p, 10, omp_default_mem_alloc, omp_default_mem_alloc);
  CHECK (p != NULL, "omp_realloc shrink");
  for (int i = 0; i < 10; i++)
    CHECK_EQ (p[i], (char) i, "content after shrinking, byte %d", i);

  /* To an allocator with an alignment: moved, aligned, content kept.  */
  omp_alloctrait_t t = { omp_atk_alignment, 1024 };
  omp_allocator_handle_t a = make (omp_default_mem_space, 1, &t);
  CHECK (a != omp_null_allocator, "alignment 1024");
  p = omp_realloc (p, 5000, a, omp_default_mem_alloc);
  CHECK (p != NULL && aligned (p, 1024), "omp_realloc to aligned: %p",
	 (void *) p);
  for (int i = 0; i < 10; i++)
    CHECK_EQ (p[i], (char) i, "content after moving, byte %d", i);
  /* omp_null_allocator: stays with the same allocator.  */
  p = omp_realloc (p, 7000, omp_null_allocator, a);
  CHECK (p != NULL && aligned (p, 1024), "omp_realloc same allocator");
  for (int i = 0; i < 10; i++)
    CHECK_EQ (p[i], (char) i, "content, byte %d", i);
  /* Size 0 frees.  */
  CHECK (omp_realloc (p, 0, omp_null_allocator, a) == NULL,
	 "omp_realloc (, 0)");
  omp_destroy_allocator (a);
}

/* pool_size with each fallback.  */
static void
test_pool (void)
{
  omp_alloctrait_t t[] = {
    { omp_atk_pool_size, 16384 }, { omp_atk_fallback, omp_atv_null_fb }
  };
  omp_allocator_handle_t a = make (omp_default_mem_space, 2, t);
  CHECK (a != omp_null_allocator, "pool allocator");
  CHECK (omp_alloc (20000, a) == NULL, "more than the pool at once");
  void *p1 = omp_alloc (6000, a), *p2 = omp_alloc (6000, a);
  CHECK (p1 != NULL && p2 != NULL, "two allocations within the pool");
  CHECK (omp_alloc (6000, a) == NULL, "third allocation beyond the pool");
  CHECK (omp_calloc (1000, 6, a) == NULL, "calloc beyond the pool");
  omp_free (p1, a);
  void *p3 = omp_alloc (6000, a);
  CHECK (p3 != NULL, "allocation after freeing");
  /* realloc within a pool: growth beyond it fails and keeps the block.  */
  memset (p3, 7, 6000);
  CHECK (omp_realloc (p3, 12000, a, a) == NULL, "realloc beyond the pool");
  CHECK_EQ (((char *) p3)[5999], 7, "block kept after a failed realloc");
  p3 = omp_realloc (p3, 3000, a, a);
  CHECK (p3 != NULL, "realloc shrinking in the pool");
  void *p4 = omp_alloc (6000, a);
  CHECK (p4 != NULL, "the shrink gave memory back");
  omp_free (p2, a);
  omp_free (p3, a);
  omp_free (p4, a);
  /* Everything given back: the whole pool is available again.  */
  void *big = omp_alloc (15000, a);
  CHECK (big != NULL, "whole pool after freeing everything");
  omp_free (big, a);
  omp_destroy_allocator (a);

  /* default_mem_fb (the default): beyond the pool, default memory.  */
  omp_alloctrait_t d = { omp_atk_pool_size, 4096 };
  a = make (omp_default_mem_space, 1, &d);
  CHECK (a != omp_null_allocator, "pool allocator");
  void *q1 = omp_alloc (3000, a), *q2 = omp_alloc (3000, a);
  void *q3 = omp_alloc (100000, a);
  CHECK (q1 != NULL && q2 != NULL && q3 != NULL, "default_mem_fb");
  memset (q3, 1, 100000);
  omp_free (q2, a);
  omp_free (q3, a);
  /* q2 was outside the pool: the pool still holds q1 only.  */
  void *q4 = omp_alloc (3000, a);
  CHECK (q4 != NULL, "pool after default_mem_fb frees");
  omp_free (q1, a);
  omp_free (q4, a);
  omp_destroy_allocator (a);

  /* allocator_fb: a chain of pools.  */
  omp_alloctrait_t tb[] = {
    { omp_atk_pool_size, 8192 }, { omp_atk_fallback, omp_atv_null_fb }
  };
  omp_allocator_handle_t b = make (omp_default_mem_space, 2, tb);
  omp_alloctrait_t ta[] = {
    { omp_atk_pool_size, 4096 }, { omp_atk_fallback, omp_atv_allocator_fb },
    { omp_atk_fb_data, (omp_uintptr_t) b }
  };
  a = make (omp_default_mem_space, 3, ta);
  CHECK (a != omp_null_allocator && b != omp_null_allocator, "chain");
  void *r[4];
  for (int i = 0; i < 4; i++)
    r[i] = omp_alloc (3000, a);
  CHECK (r[0] && r[1] && r[2], "allocator_fb: 3 of 3000 in 4096 + 8192");
  CHECK (r[3] == NULL, "allocator_fb: the fallback's pool is full too");
  omp_free (r[1], omp_null_allocator);	/* from b */
  r[1] = omp_alloc (3000, a);
  CHECK (r[1] != NULL, "allocator_fb after freeing in the fallback");
  for (int i = 0; i < 3; i++)
    omp_free (r[i], a);
  omp_destroy_allocator (a);
  omp_destroy_allocator (b);
}

/* Threads allocating from one pool at once: never more than it holds.  */
static void
test_pool_threads (void)
{
  omp_alloctrait_t t[] = {
    { omp_atk_pool_size, 65536 }, { omp_atk_fallback, omp_atv_null_fb },
    { omp_atk_sync_hint, omp_atv_contended }
  };
  omp_allocator_handle_t a = make (omp_default_mem_space, 3, t);
  CHECK (a != omp_null_allocator, "pool allocator");
  for (int round = 0; round < 20; round++)
    {
      int got = 0;
#pragma omp parallel num_threads (8) reduction (+:got)
      {
	void *mine[16];
	int n = 0;
	for (int i = 0; i < 16; i++)
	  if ((mine[n] = omp_alloc (1000, a)) != NULL)
	    n++;
	got = n;
#pragma omp barrier
	for (int i = 0; i < n; i++)
	  omp_free (mine[i], a);
      }
      /* 65536 / 1000 would be 65; with bookkeeping fewer, but many.  */
      CHECK (got <= 65 && got >= 32, "round %d: %d allocations of 1000 in "
	     "a 65536-byte pool", round, got);
    }
  void *all = omp_alloc (60000, a);
  CHECK (all != NULL, "pool empty after the threads freed");
  omp_free (all, a);
  omp_destroy_allocator (a);
}

static void
test_default_allocator (void)
{
  CHECK (omp_get_default_allocator () == omp_default_mem_alloc,
	 "def-allocator-var initially");
  omp_alloctrait_t t[] = {
    { omp_atk_alignment, 4096 }, { omp_atk_pool_size, 100000 },
    { omp_atk_fallback, omp_atv_null_fb }
  };
  omp_allocator_handle_t a = make (omp_default_mem_space, 3, t);
  omp_set_default_allocator (a);
  CHECK (omp_get_default_allocator () == a, "after set");
  void *p = omp_alloc (10, omp_null_allocator);
  CHECK (p != NULL && aligned (p, 4096), "omp_null_allocator = default");
  CHECK (omp_alloc (200000, omp_null_allocator) == NULL,
	 "the default allocator's pool");
  omp_free (p, omp_null_allocator);

  /* Parallel regions start with the encountering task's value; changes
     in the region stay there.  */
  int bad = 0;
#pragma omp parallel num_threads (4) reduction (+:bad)
  {
    bad += omp_get_default_allocator () != a;
    omp_set_default_allocator (omp_thread_mem_alloc);
    bad += omp_get_default_allocator () != omp_thread_mem_alloc;
  }
  CHECK_EQ (bad, 0, "def-allocator-var in a parallel region");
  CHECK (omp_get_default_allocator () == a, "after the region");

  /* omp_null_allocator sets omp_default_mem_alloc.  */
  omp_set_default_allocator (omp_null_allocator);
  CHECK (omp_get_default_allocator () == omp_default_mem_alloc,
	 "set (omp_null_allocator)");
  omp_destroy_allocator (a);

  /* Fortran.  */
  intptr_t h = omp_low_lat_mem_alloc;
  omp_set_default_allocator_ (&h);
  CHECK_EQ (omp_get_default_allocator_ (), omp_low_lat_mem_alloc,
	    "Fortran set/get");
  h = omp_default_mem_alloc;
  omp_set_default_allocator_ (&h);
}

/* The allocate clause: GOMP_alloc / GOMP_free.  */
static void
test_allocate_clause (void)
{
  omp_alloctrait_t t = { omp_atk_alignment, 128 };
  omp_allocator_handle_t a = make (omp_default_mem_space, 1, &t);
  int x = 5, bad = 0, arr[100];
  double y = 1.5;
#pragma omp parallel num_threads (3) firstprivate (x) private (arr) \
  allocate (a: x, arr) allocate (omp_low_lat_mem_alloc: y) \
  firstprivate (y) reduction (+:bad)
  {
    bad += !aligned (&x, 128) || !aligned (arr, 128) || x != 5 || y != 1.5;
    arr[99] = x + omp_get_thread_num ();
    y += arr[99];
  }
  CHECK_EQ (bad, 0, "allocate clause");
  int tasks = 0;
#pragma omp parallel num_threads (2)
#pragma omp single
  for (int i = 0; i < 10; i++)
    {
#pragma omp task firstprivate (i) allocate (a: i) shared (tasks)
      {
	if (aligned (&i, 128))
	  __atomic_fetch_add (&tasks, 1, __ATOMIC_RELAXED);
      }
    }
  CHECK_EQ (tasks, 10, "allocate clause on tasks");
  omp_destroy_allocator (a);
}

static void
test_fortran (void)
{
  omp_alloctrait_t t[] = {
    { omp_atk_alignment, 64 }, { omp_atk_pool_size, 1000 }
  };
  intptr_t space = omp_default_mem_space;
  int32_t n4 = 2;
  int64_t n8 = 2;
  intptr_t a = omp_init_allocator_ (&space, &n4, t);
  intptr_t b = omp_init_allocator_8_ (&space, &n8, t);
  CHECK (a != 0 && b != 0 && a != b, "omp_init_allocator_ / _8_");
  void *p = omp_alloc (10, (omp_allocator_handle_t) a);
  CHECK (p != NULL && aligned (p, 64), "allocation from a Fortran one");
  omp_free (p, (omp_allocator_handle_t) a);
  omp_destroy_allocator_ (&a);
  omp_destroy_allocator_ (&b);
  intptr_t bad_space = omp_high_bw_mem_space;
  CHECK_EQ (omp_init_allocator_ (&bad_space, &n4, t), 0,
	    "Fortran high_bw space");
}

/* abort_fb, and GOMP_alloc's "null_fb acts as abort_fb", in children.  */
static int
child (const char *what)
{
  omp_alloctrait_t t[] = {
    { omp_atk_pool_size, 4096 },
    { omp_atk_fallback, strcmp (what, "abort") == 0 ? omp_atv_abort_fb
      : omp_atv_null_fb }
  };
  omp_allocator_handle_t a = omp_init_allocator (omp_default_mem_space, 2,
						 t);
  if (strcmp (what, "abort") == 0)
    {
      void *p = omp_alloc (5000, a);
      printf ("survived %p\n", p);
    }
  else
    {
      char big[5000];
      big[0] = 1;
#pragma omp parallel num_threads (1) firstprivate (big) allocate (a: big)
      printf ("survived %d\n", big[0]);
    }
  return 0;
}

static void
test_abort (void)
{
  static const char *const none[] = { NULL };
  static const char *const what[] = { "abort", "clause" };
  for (int i = 0; i < 2; i++)
    {
      struct child c;
      run_self (&c, what[i], none);
      CHECK (c.status == 1 && strstr (c.err, "Out of memory allocating")
	     && strstr (c.out, "survived") == NULL,
	     "expected exit status 1 and an out-of-memory message\n"
	     CHILD_FMT, what[i], "", c.status, c.out, c.err);
      child_free (&c);
    }
}

/* OMP_ALLOCATOR.  */
static void
test_env (void)
{
  static const char *const vars[] = {
    "OMP_ALLOCATOR=omp_high_bw_mem_alloc", NULL
  };
  struct child c;
  run_self (&c, "env", vars);
  CHECK (c.status == 0 && c.err[0] == '\0', CHILD_FMT, "env",
	 env_str (vars), c.status, c.out, c.err);
  CHECK_EQ (child_int (&c, "default", "OMP_ALLOCATOR"),
	    omp_high_bw_mem_alloc, "OMP_ALLOCATOR=omp_high_bw_mem_alloc");
  CHECK_EQ (child_int (&c, "in_parallel", "OMP_ALLOCATOR"),
	    omp_high_bw_mem_alloc, "OMP_ALLOCATOR in a parallel region");
  CHECK_EQ (child_int (&c, "allocated", "OMP_ALLOCATOR"), 1,
	    "omp_alloc (omp_null_allocator)");
  child_free (&c);
}

static int
child_env (void)
{
  intptr_t in_parallel = 0;
#pragma omp parallel num_threads (2)
#pragma omp master
  in_parallel = (intptr_t) omp_get_default_allocator ();
  void *p = omp_alloc (100, omp_null_allocator);
  printf ("default=%ld\nin_parallel=%ld\nallocated=%d\n",
	  (long) omp_get_default_allocator (), (long) in_parallel, p != NULL);
  omp_free (p, omp_null_allocator);
  return 0;
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return strcmp (argv[1], "env") == 0 ? child_env () : child (argv[1]);
  test_predefined ();
  test_traits_valid ();
  test_traits_invalid ();
  test_alignment ();
  test_realloc ();
  test_pool ();
  test_pool_threads ();
  test_default_allocator ();
  test_allocate_clause ();
  test_fortran ();
  test_abort ();
  test_env ();
  return 0;
}
