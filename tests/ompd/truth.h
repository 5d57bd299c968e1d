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
  /* The LWP of the thread holding the lock it waits for
     (ompdbg_get_wait_holder), 0: not checked.  */
  long wait_holder;
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
};

void truth_write (FILE *f, const struct truth *t);
/* 0 on success, -1 (with a message) on a malformed file.  */
int truth_read (FILE *f, struct truth *t);

#endif
