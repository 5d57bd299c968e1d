/* truth.h -- what an OpenMP program knows about itself at a stop point,
   written by the program (tests/ompd/target-*.c, self.c) from its own
   omp_* queries, gettid, pthread_self and function addresses, and
   checked against what libompd says (checks.c).  Text form: one
   "key value" line per field, written and read by truth.c.  */

#ifndef OMPDBG_TESTS_TRUTH_H
#define OMPDBG_TESTS_TRUTH_H 1

#include <stdint.h>
#include <stdio.h>

#define TRUTH_MAX_THREADS 16
#define TRUTH_MAX_LEVELS 8
#define TRUTH_MAX_DEFERRED 8
#define TRUTH_STR 128

struct truth_thread
{
  long tid;
  uint64_t pthread;
  int idle;			/* an idle pool thread: no region, no task */
  int level, active_level;	/* of its innermost region */
  int nums[TRUTH_MAX_LEVELS];	/* omp_get_ancestor_thread_num (0..level) */
  int sizes[TRUTH_MAX_LEVELS];	/* omp_get_team_size (0..level) */
  uint64_t region_fn;		/* outlined fn of the innermost region, 0:
				   not known */
  long state;			/* expected ompt_state_t, -1: not checked */
  uint64_t wait_id;		/* expected when CHECK_WAIT */
  int check_wait;
  int task_kind;		/* 1 initial, 2 implicit, 4 explicit */
  int final;			/* omp_in_final */
  uint64_t task_fn;		/* expected task function, 0: not known */
  uint64_t task_ra;		/* an address inside it, 0: none */
  /* Data-environment ICVs of its current task.  */
  long nthreads, dyn, max_active_levels, thread_limit, default_device;
  long sched_kind, sched_chunk, bind;
  int nthreads_incomplete, bind_incomplete;
  char nthreads_str[TRUTH_STR], bind_str[TRUTH_STR];
  uint64_t def_allocator;
};

struct truth
{
  int nthreads;
  struct truth_thread t[TRUTH_MAX_THREADS];
  /* Address-space ICVs.  */
  long omp_version, num_procs, cancel, max_task_priority, nteams;
  long teams_thread_limit, display_affinity, debug;
  char affinity_format[TRUTH_STR];
  /* Deferred tasks expected from the extension: an address inside each
     one's function (order free).  0 deferred: not checked.  */
  int ndeferred;
  uint64_t deferred_ra[TRUTH_MAX_DEFERRED];
  /* One of them waits for dependences: its depend item and predecessors
     (dep_addr 0: not checked).  */
  uint64_t dep_ra, dep_addr;
  long dep_type, dep_pending;
};

void truth_write (FILE *f, const struct truth *t);
/* 0 on success, -1 (with a message) on a malformed file.  */
int truth_read (FILE *f, struct truth *t);

#endif
