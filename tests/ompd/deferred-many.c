/* deferred-many.c -- libompd's list of deferred tasks with 100,000 of
   them, more than 65,536 behind one predecessor: every one is found,
   with the facts the program knows, whether the debugger fetches them in
   pieces of 4096, of 7 or one by one; and the array call
   (ompdbg_get_deferred_tasks) gives the same tasks.  In-process, as
   tests/ompd/undeferred: the program asks libompd about itself.

   Thread 0 of a team of 2 creates the tasks with GOMP_task while thread
   1 is held in its own code (no thread starts a task meanwhile): task B
   (function fn_b, depend inout: y), NWAIT tasks of fn_w (depend in: y),
   which wait for B, and NQUEUED tasks of fn_q (depend inout: q[i], each
   its own address), ready.  The throttle runs tasks with depend clauses
   at once only past 65,536 unfinished tasks per team member
   (runtime/task.c), so all of them are there.  Ground truth: the
   functions, the addresses, the counts; and afterwards, that every task
   ran once.  */

#define _GNU_SOURCE
#include "config.h"
#include "tests/ompd/inproc.h"

#include <inttypes.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

void GOMP_task (void (*fn) (void *), void *data,
		void (*cpyfn) (void *, void *), long arg_size, long arg_align,
		bool if_clause, unsigned flags, void **depend, int priority,
		void *detach);
#define GOMP_TASK_FLAG_DEPEND 8

#define NWAIT 70000
#define NQUEUED 29999
#define NTASKS (1 + NWAIT + NQUEUED)

static struct ompd_api api;
static ompd_address_space_handle_t *as;

static int y;
static char q[NQUEUED];
static atomic_int go, ran_b, ran_w, ran_q;

static void
fn_b (void *arg)
{
  (void) arg;
  atomic_fetch_add (&ran_b, 1);
}

static void
fn_w (void *arg)
{
  (void) arg;
  atomic_fetch_add (&ran_w, 1);
}

static void
fn_q (void *arg)
{
  (void) arg;
  atomic_fetch_add (&ran_q, 1);
}

/* One task of FN with one depend item at ADDR, inout or in (GCC's
   format: the number of items, of out/inout ones, then their
   addresses).  */
static void
task (void (*fn) (void *), void *addr, bool inout)
{
  void *depend[3] = { (void *) 1, (void *) (uintptr_t) inout, addr };
  GOMP_task (fn, NULL, NULL, 0, 1, true, GOMP_TASK_FLAG_DEPEND, depend, 0,
	     NULL);
}

static uint64_t
fn_addr (void (*fn) (void *))
{
  return (uint64_t) (uintptr_t) fn;
}

static int
cmp_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

/* The records of the whole list, fetched PIECE at a time.  */
static ompdbg_task_info_t *
fetch_all (ompdbg_deferred_task_list_t *list, ompd_word_t count, int piece)
{
  ompdbg_task_info_t *info = calloc (count + 1, sizeof *info);
  if (info == NULL)
    abort ();
  ompd_word_t have = 0;
  int got = 0;
  while (have < count)
    {
      if (api.get_deferred_task_info (list, have, piece, info + have, &got)
	  != ompd_rc_ok || got <= 0)
	break;
      have += got;
    }
  CHECK (have == count, "pieces of %d: %" PRId64 " of %" PRId64
	 " records fetched", piece, have, count);
  return info;
}

/* Every record against what the program made.  */
static void
check_records (const ompdbg_task_info_t *info, ompd_word_t n,
	       uint64_t creator)
{
  long nb = 0, nw = 0, nq = 0, bad_b = 0, bad_w = 0, bad_q = 0;
  long bad_common = 0, order = 0, qdup = 0;
  static bool qseen[NQUEUED];
  memset (qseen, 0, sizeof qseen);
  bool waiting_seen = false;
  uint64_t *addrs = malloc (n * sizeof *addrs);
  if (addrs == NULL)
    abort ();
  for (ompd_word_t i = 0; i < n; i++)
    {
      const ompdbg_task_info_t *r = &info[i];
      uint64_t fn = r->entry_point.address;
      uint64_t dep = r->first_dependence.address.address;
      addrs[i] = r->task.address;
      bad_common += r->task.address == 0 || r->ndeps != 1
	|| r->priority != 0 || r->generating.address != creator;
      if (r->state == ompdbg_task_state_waiting_deps)
	waiting_seen = true;
      else if (waiting_seen)
	order++;		/* a ready task after a waiting one */
      if (fn == fn_addr (fn_b))
	{
	  nb++;
	  bad_b += r->state != ompdbg_task_state_queued || r->pending != 0
	    || dep != (uint64_t) (uintptr_t) &y || r->first_dependence.type != 3;
	}
      else if (fn == fn_addr (fn_w))
	{
	  nw++;
	  bad_w += r->state != ompdbg_task_state_waiting_deps
	    || r->pending != 1 || dep != (uint64_t) (uintptr_t) &y
	    || r->first_dependence.type != 1;
	}
      else if (fn == fn_addr (fn_q))
	{
	  nq++;
	  uint64_t k = dep - (uint64_t) (uintptr_t) q;
	  bool in = dep >= (uint64_t) (uintptr_t) q && k < NQUEUED;
	  bad_q += r->state != ompdbg_task_state_queued || r->pending != 0
	    || !in || r->first_dependence.type != 3;
	  if (in)
	    {
	      qdup += qseen[k];
	      qseen[k] = true;
	    }
	}
    }
  CHECK (nb == 1 && nw == NWAIT && nq == NQUEUED,
	 "tasks by function: %ld fn_b, %ld fn_w, %ld fn_q; expected 1, %d, "
	 "%d", nb, nw, nq, NWAIT, NQUEUED);
  CHECK (bad_b == 0, "task B: queued, depend inout: y (%ld wrong)", bad_b);
  CHECK (bad_w == 0, "%ld tasks of fn_w are not waiting for 1 "
	 "predecessor with depend in: y", bad_w);
  CHECK (bad_q == 0, "%ld tasks of fn_q are not queued with depend "
	 "inout: on an element of q", bad_q);
  CHECK (qdup == 0, "%ld elements of q are the dependence of two tasks",
	 qdup);
  CHECK (bad_common == 0, "%ld records without an address, with a "
	 "priority, not one depend item or another creator than the "
	 "implicit task of thread 0", bad_common);
  CHECK (order == 0, "%ld ready tasks after a waiting one (ready first)",
	 order);
  qsort (addrs, n, sizeof *addrs, cmp_u64);
  long same = 0;
  for (ompd_word_t i = 1; i < n; i++)
    same += addrs[i] == addrs[i - 1];
  CHECK (same == 0, "%ld task addresses listed twice", same);
  free (addrs);
}

/* A handle from the list: the standard routines agree with its record.  */
static void
check_handle (ompdbg_deferred_task_list_t *list, ompd_word_t index,
	      const ompdbg_task_info_t *r, ompd_task_handle_t *creator)
{
  ompd_task_handle_t *tk = NULL, *gen = NULL;
  if (!RC (api.get_deferred_task_handle (list, index, &tk), ompd_rc_ok))
    return;
  ompd_address_t fn = { 0, 0 };
  if (RC (api.get_task_function (tk, &fn), ompd_rc_ok))
    CHECK (fn.address == r->entry_point.address, "task %" PRId64 ": "
	   "function %#" PRIx64 ", its record says %#" PRIx64, index,
	   fn.address, r->entry_point.address);
  ompdbg_task_state_t st;
  if (RC (api.get_task_state (tk, &st), ompd_rc_ok))
    CHECK (st == r->state, "task %" PRId64 ": state %d, its record says %"
	   PRId64, index, st, r->state);
  ompdbg_dependence_t *deps;
  int nd;
  ompd_word_t pending;
  if (RC (api.get_task_dependences (tk, &deps, &nd, &pending), ompd_rc_ok))
    {
      CHECK (nd == 1 && deps[0].address.address
	     == r->first_dependence.address.address
	     && deps[0].type == r->first_dependence.type
	     && pending == r->pending, "task %" PRId64 ": its dependences "
	     "are not those of its record", index);
      inproc_free (deps);
    }
  int cmp = 1;
  if (RC (api.get_generating_task_handle (tk, &gen), ompd_rc_ok)
      && RC (api.task_handle_compare (gen, creator, &cmp), ompd_rc_ok))
    CHECK (cmp == 0, "task %" PRId64 ": created by another task than "
	   "thread 0's implicit task", index);
  if (gen)
    RC (api.rel_task_handle (gen), ompd_rc_ok);
  RC (api.rel_task_handle (tk), ompd_rc_ok);
}

static void
check_list (void)
{
  ompdbg_deferred_task_list_t *list = NULL;
  ompd_word_t count = 0;
  if (!RC (api.get_deferred_task_list (as, &list, &count), ompd_rc_ok))
    return;
  CHECK (count == NTASKS, "%" PRId64 " deferred tasks listed, the "
	 "program made %d", count, NTASKS);

  /* The implicit task of this thread, which created them all.  */
  int64_t lwp = syscall (SYS_gettid);
  ompd_thread_handle_t *th = NULL;
  ompd_task_handle_t *mine = NULL;
  RC (api.get_thread_handle (as, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp, &th),
      ompd_rc_ok);
  if (th)
    RC (api.get_curr_task_handle (th, &mine), ompd_rc_ok);

  ompdbg_task_info_t *info = fetch_all (list, count, 4096);
  uint64_t creator = count ? info[0].generating.address : 0;
  CHECK (creator != 0, "the first task has no generating task");
  check_records (info, count, creator);
  /* Other pieces, the same records.  */
  ompdbg_task_info_t *small = fetch_all (list, count, 7);
  CHECK (memcmp (info, small, count * sizeof *info) == 0,
	 "pieces of 7 give other records than pieces of 4096");
  free (small);
  small = fetch_all (list, count, 1);
  CHECK (memcmp (info, small, count * sizeof *info) == 0,
	 "pieces of 1 give other records than pieces of 4096");
  free (small);

  /* The edges of the list, and what a piece may be.  */
  ompdbg_task_info_t one[2];
  int got = -1;
  if (RC (api.get_deferred_task_info (list, count - 1, 2, one, &got),
	  ompd_rc_ok))
    CHECK (got == 1 && memcmp (&one[0], &info[count - 1], sizeof one[0])
	   == 0, "the last piece has %d records, not the last one", got);
  if (RC (api.get_deferred_task_info (list, count, 2, one, &got),
	  ompd_rc_ok))
    CHECK (got == 0, "%d records from the end on", got);
  RC (api.get_deferred_task_info (list, 0, 0, NULL, &got), ompd_rc_ok);
  RC (api.get_deferred_task_info (list, -1, 1, one, &got),
      ompd_rc_bad_input);
  RC (api.get_deferred_task_info (list, 0, -1, one, &got),
      ompd_rc_bad_input);
  RC (api.get_deferred_task_info (list, 0, 1, one, NULL), ompd_rc_bad_input);
  RC (api.get_deferred_task_info (list, 0, 1, NULL, &got),
      ompd_rc_bad_input);
  RC (api.get_deferred_task_info (NULL, 0, 1, one, &got),
      ompd_rc_stale_handle);
  ompd_task_handle_t *tk;
  RC (api.get_deferred_task_handle (list, count, &tk), ompd_rc_bad_input);
  RC (api.get_deferred_task_handle (list, -1, &tk), ompd_rc_bad_input);
  RC (api.get_deferred_task_handle (list, 0, NULL), ompd_rc_bad_input);

  /* Handles of the first, last and some tasks between.  */
  if (mine)
    for (ompd_word_t i = 0; i < count; i += count / 7 + 1)
      check_handle (list, i, &info[i], mine);
  if (mine && count)
    check_handle (list, count - 1, &info[count - 1], mine);

  /* The address space may not go while the list lives.  */
  CHECK (api.rel_address_space_handle (as) != ompd_rc_ok,
	 "the address space was released with a task list alive");
  RC (api.rel_deferred_task_list (list), ompd_rc_ok);
  RC (api.rel_deferred_task_list (list), ompd_rc_stale_handle);
  RC (api.get_deferred_task_info (list, 0, 1, one, &got),
      ompd_rc_stale_handle);

  /* The array of handles: the same tasks, in the same order.  */
  ompd_task_handle_t **tasks;
  int n;
  if (RC (api.get_deferred_tasks (as, &tasks, &n), ompd_rc_ok))
    {
      CHECK (n == count, "ompdbg_get_deferred_tasks: %d tasks, the list "
	     "%" PRId64, n, count);
      long other = 0;
      for (int i = 0; i < n; i++)
	{
	  ompd_address_t fn = { 0, 0 };
	  if (i < count && (api.get_task_function (tasks[i], &fn)
			    != ompd_rc_ok
			    || fn.address != info[i].entry_point.address))
	    other++;
	  RC (api.rel_task_handle (tasks[i]), ompd_rc_ok);
	}
      CHECK (other == 0, "ompdbg_get_deferred_tasks: %ld tasks not in the "
	     "list's order", other);
      inproc_free (tasks);
    }
  free (info);
  if (mine)
    RC (api.rel_task_handle (mine), ompd_rc_ok);
  if (th)
    RC (api.rel_thread_handle (th), ompd_rc_ok);
}

int
main (int argc, char **argv)
{
  (void) argc;
  unsetenv ("OMP_NUM_THREADS");
  inproc_ensure_ours (argv);
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (inproc_attach (&api, &as) != 0)
    return 1;

  atomic_int arrived = 0;
#pragma omp parallel num_threads(2) shared (arrived)
  {
    if (omp_get_thread_num () == 1)
      {
	atomic_store (&arrived, 1);
	while (!atomic_load (&go))
	  usleep (1000);
      }
    else
      {
	while (!atomic_load (&arrived))
	  usleep (1000);
	task (fn_b, &y, true);
	for (int i = 0; i < NWAIT; i++)
	  task (fn_w, &y, false);
	for (int i = 0; i < NQUEUED; i++)
	  task (fn_q, &q[i], true);
	check_list ();
	atomic_store (&go, 1);
      }
  }
  CHECK (ran_b == 1 && ran_w == NWAIT && ran_q == NQUEUED,
	 "tasks run: %d fn_b, %d fn_w, %d fn_q", ran_b, ran_w, ran_q);
  return inproc_finish (&api, as, 30);
}
