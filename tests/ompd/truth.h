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
#define TRUTH_MAX_DEFERRED 16
#define TRUTH_MAX_DEPS 4
#define TRUTH_MAX_EDGES 8
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
  /* The LWP of the thread holding the lock, critical section or atomic
     it waits for, or having the ordered turn it waits for
     (ompdbg_get_wait_holder), 0: not checked.  With it: the holder's
     count of a nest lock (0 for any other wait), and an ordered wait's
     turn and the waiting thread's own iteration (0 for others).  */
  long wait_holder, nest_count, ordered_turn, ordered_own;
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
  /* place-partition-var of its task as omp_get_partition_place_nums
     gives it ("2,3"; "" without places), when PARTITION_KNOWN.  */
  int partition_known;
  char partition[TRUTH_STR];
  /* An explicit task: the thread (number + 1 in the innermost region; 0
     not stated) whose implicit task generated it, and the one whose
     implicit task it was started from (its scheduling task).  */
  int gen_of, sched_of;
  /* It is undeferred (an if(0) task): the scheduling task entered the
     runtime where the task's code was called from, one frame for both
     (its enter frame is the task's exit frame).  */
  int undeferred;
};

/* A deferred task the extension must list (ompdbg_get_deferred_tasks).  */
struct truth_deferred
{
  uint64_t ra;			/* an address inside its function */
  long state;			/* ompdbg_task_state_t: 1 waiting, 2 queued */
  int ndeps;			/* its depend items (order free) */
  uint64_t dep_addr[TRUTH_MAX_DEPS];
  long dep_type[TRUTH_MAX_DEPS];	/* ompt_dependence_type_t */
  long pending;			/* dependence edges not released yet */
  /* Its generating task: the implicit task of thread GEN_OF - 1 of its
     region, or (GEN_OF 0) the explicit task whose function contains
     GEN_RA, in state GEN_STATE (ompdbg_task_state_t).  */
  int gen_of;
  uint64_t gen_ra;
  long gen_state;
};

/* An edge of the tasks' wait-for graph (ompdbg_get_task_edges): WAITER
   cannot go on before BLOCKER completes, for KIND (ompdbg_task_wait_t).
   A task is the current task of thread N - 1 of the truth (*_OF N), or
   (*_OF 0) the task whose function contains *_RA.  */
struct truth_edge
{
  int waiter_of, blocker_of;
  uint64_t waiter_ra, blocker_ra;
  long kind;
};

struct truth
{
  int nthreads;
  struct truth_thread t[TRUTH_MAX_THREADS];
  /* Address-space ICVs.  */
  long omp_version, num_procs, cancel, max_task_priority, nteams;
  long teams_thread_limit, display_affinity, debug;
  char affinity_format[TRUTH_STR];
  /* Settings the program put in its environment, and what they mean
     (ENV_KNOWN 0: not stated): every one checked exactly.  */
  int env_known;
  long stacksize, wait_policy, target_offload, tool;
  long spincount, throttled_spincount;
  char def_sched[TRUTH_STR], wait_policy_str[TRUTH_STR];
  char target_offload_str[TRUTH_STR], tool_str[TRUTH_STR];
  char tool_libraries[TRUTH_STR], tool_verbose_init[TRUTH_STR];
  char cpu_affinity[TRUTH_STR], places[TRUTH_STR];
  /* Deferred tasks expected from the extension, all of them (order
     free).  0 deferred: not checked.  */
  int ndeferred;
  struct truth_deferred d[TRUTH_MAX_DEFERRED];
  /* The wait-for graph of the tasks, all its edges (order free), when
     CHECK_EDGES.  */
  int check_edges, nedges;
  struct truth_edge e[TRUTH_MAX_EDGES];
};

void truth_write (FILE *f, const struct truth *t);
/* 0 on success, -1 (with a message) on a malformed file.  */
int truth_read (FILE *f, struct truth *t);

#endif
