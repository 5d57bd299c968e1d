/* teams.c -- OMPT events of a host teams construct: the league's
   parallel-begin and end (ompt_parallel_league), and an initial task per
   team (implicit-task with ompt_task_initial, its team number as index),
   in which the team's code runs.  */
#include "common.h"

#define NTEAMS 3

static uint64_t ran_as[NTEAMS];
static int teams_seen;

void __attribute__ ((noinline))
league (void)
{
#pragma omp teams num_teams(NTEAMS)
  {
    if (omp_get_num_teams () == NTEAMS)
      ran_as[omp_get_team_num ()] = tool_task_id ();
    __atomic_add_fetch (&teams_seen, 1, __ATOMIC_RELAXED);
  }
  __asm__ volatile ("" ::: "memory");
}

int
main (int argc, char **argv)
{
  (void) argc;
  ompt_test_init (argv);
  uint64_t initial = tool_task_id ();
  tool_reset ();
  league ();
  /* LLVM's runtime runs a host league's teams on threads of their own,
     as many as the machine has processors, and reports them otherwise:
     checked on ours only.  */
  if (!strict)
    {
      check (teams_seen > 0, "the teams ran");
      return 0;
    }
  check (teams_seen == NTEAMS, "%d teams ran (want %d)", teams_seen, NTEAMS);
  check (tool_task_id () == initial,
	 "after the league, the initial task's own id");
  int b = find_event (0, ompt_callback_parallel_begin, -1);
  if (!check (b >= 0, "league: parallel-begin"))
    return 1;
  const struct tool_event *pb = tool_event (b);
  check (pb->flags & ompt_parallel_league, "league: flags %#x", pb->flags);
  check (pb->team_size == NTEAMS, "league: %u teams requested",
	 pb->team_size);
  check (pb->task == initial, "league: encountered by the initial task");
  check (tool_in_object (pb->codeptr, (void *) league),
	 "league: codeptr_ra in the program");
  for (unsigned int t = 0; t < NTEAMS; t++)
    {
      int begin = -1, end = -1;
      for (int i = b; i < tool_nevents (); i++)
	{
	  const struct tool_event *e = tool_event (i);
	  if (e->event != ompt_callback_implicit_task
	      || !(e->flags & ompt_task_initial) || e->index != t)
	    continue;
	  if (e->endpoint == ompt_scope_begin && begin < 0)
	    begin = i;
	  else if (e->endpoint == ompt_scope_end && begin >= 0 && end < 0)
	    end = i;
	}
      if (!check (begin >= 0 && end > begin,
		  "team %u: initial task begins and ends", t))
	continue;
      const struct tool_event *e = tool_event (begin);
      check (e->parallel == pb->parallel && e->team_size == NTEAMS,
	     "team %u: in the league, of %u", t, e->team_size);
      check (e->task != 0 && e->task == ran_as[t],
	     "team %u: its code runs in its initial task", t);
      check (tool_event (end)->task == e->task,
	     "team %u: the end of the same task", t);
    }
  int pe = find_event (b, ompt_callback_parallel_end, -1);
  check (pe > b && tool_event (pe)->parallel == pb->parallel
	 && (tool_event (pe)->flags & ompt_parallel_league)
	 && tool_event (pe)->task == initial,
	 "league: parallel-end, back in the initial task");
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
