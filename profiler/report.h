/* report.h -- what report.c (`ompdbg report') shares with stacks.c, its
   call-stack views: the columns of OpenMP states, the profile's
   parallel regions, and addresses named.  */

#ifndef OMPDBG_PROFILER_REPORT_H
#define OMPDBG_PROFILER_REPORT_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The columns: each state's share of the wait, then the work.  */
enum col
{
  C_WORK, C_BARRIER, C_LOCK, C_CRITICAL, C_ORDERED, C_ATOMIC, C_OVERHEAD,
  C_IDLE, C_UNKNOWN, NCOLS
};
extern const char *const col_names[NCOLS];
extern const char *const col_colors[NCOLS];
enum col state_col (uint32_t state);

/* A sample with no frame of the program's own code, named for what the
   thread does in the runtime: "<OMP-lock_wait>", ...  */
const char *pseudo_function (uint32_t state);

/* Seconds per sampling period.  */
extern double period_s;

struct where
{
  bool user;			/* in the program's own code */
  char func[256];		/* the function, GCC's suffixes stripped */
  char loc[512];		/* file:line, or the function+offset */
};
void locate (uint64_t pc, struct where *w);

/* A parallel region as its FORK record gives it.  */
struct region
{
  uint64_t prid, parent;
  const uint64_t *pcs;		/* the master's stack at the fork, leaf first */
  uint32_t npcs;
  int first_user;		/* the index in PCS of the encountering frame
				   (the program's code that starts the
				   region), -1 if none */
  char site[800];
};
extern struct region *regions;
extern size_t nregions;
/* The region of id PRID, NULL if its FORK record is not in the
   profile.  */
const struct region *region_find (uint64_t prid);

/* stacks.c: each sample's stack, stitched across parallel regions, into
   a tree of frames (the flame graph) and a table of whole stacks.  */
void stacks_add (const uint64_t *pcs, uint32_t n, uint64_t prid,
		 uint32_t state, unsigned long weight);
int stacks_flame (const char *file, const char *cmd);
void stacks_print (size_t limit);

/* S, at most MAX bytes of it, as XML text.  */
void xml_text (FILE *f, const char *s, size_t max);

/* timeline.c: --svg FILE, each thread's states over time; TIDS the
   threads in the order of their lanes, FIRST and LAST the times of the
   first and last samples.  */
int timeline_begin (const char *file, size_t ntids, const int *tids,
		    bool wall, uint64_t period_ns, uint64_t first,
		    uint64_t last);
void timeline_sample (int tid, uint64_t time, enum col c, const char *state,
		      const char *name);
int timeline_end (void);

#endif /* OMPDBG_PROFILER_REPORT_H */
