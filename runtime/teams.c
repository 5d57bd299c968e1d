/* teams.c -- the teams construct on the host: host teams regions
   (GOMP_teams_reg), teams inside a target region run on the host
   (GOMP_teams4, legacy GOMP_teams), and omp_get_team_num /
   omp_get_num_teams.

   As in GCC 12's libgomp, a league of teams runs on the host as a loop:
   the encountering thread executes the region once per team, in team
   order, with thr->team_num set to the team being executed.  That is a
   conforming execution (the initial threads of the teams may run in any
   order, and nothing may synchronize between teams), and it keeps the
   teams visible to a debugger as one thread whose team_num advances.

   omp_get_team_num inside a parallel region nested in a teams region must
   answer for the enclosing team.  libgomp copies the numbers into every
   thread that joins a team; here team.c does not know about teams, so
   the query walks from the calling thread's team to the outermost
   enclosing parallel region and reads its master, which is the thread
   that executes the teams region (a teams region is never nested in a
   parallel region: it is either the outermost construct of the program or
   of a target region, and a target region starts afresh at level 0, see
   target.c).  */

#include "config.h"
#include "internal.h"
#include "tool.h"

#include <limits.h>
#include <omp.h>

/* A thread_limit clause (or teams-thread-limit-var) as the value of
   thread-limit-var: values beyond INT_MAX mean no limit, as for
   OMP_THREAD_LIMIT.  */
static unsigned long
thread_limit_icv (unsigned int thread_limit)
{
  return thread_limit > INT_MAX ? ULONG_MAX : thread_limit;
}

/* The thread executing the teams region the calling thread is in, if
   any: itself outside parallel regions, else the master of the outermost
   parallel region that contains it.  */
static const struct gomp_thread *
teams_thread (const struct gomp_thread *thr)
{
  const struct gomp_team *team = thr->ts.team;
  if (team == NULL)
    return thr;
  while (team->master_saved.team != NULL)
    team = team->master_saved.team;
  return team->threads[0];
}

/* A host teams region: NUM_TEAMS teams (0: nteams-var, or 3 if that is
   unset, as libgomp picks), each with thread-limit-var THREAD_LIMIT (0:
   teams-thread-limit-var, or unchanged if that is unset too).  FLAGS is
   reserved (GCC passes 0).  */
EXPORT void
GOMP_teams_reg (void (*fn) (void *), void *data, unsigned int num_teams,
		unsigned int thread_limit, unsigned int flags)
{
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_icv *icv = &thr->task->icv;
  unsigned long old_thread_limit = icv->thread_limit_var;
  (void) flags;

  if (thread_limit == 0)
    thread_limit = (unsigned int) gomp_global_icv.teams_thread_limit_var;
  if (thread_limit != 0)
    icv->thread_limit_var = thread_limit_icv (thread_limit);
  if (num_teams == 0)
    num_teams = gomp_global_icv.num_teams_var > 0
      ? (unsigned int) gomp_global_icv.num_teams_var : 3;

  thr->num_teams = num_teams - 1;
  GOMP_TOOL_EVENT (league_begin, thr, num_teams, GOMP_CFA ());
  for (unsigned int i = 0; i < num_teams; i++)
    {
      thr->team_num = i;
      GOMP_TOOL_EVENT (league_task, thr, ompt_scope_begin);
      fn (data);
      GOMP_TOOL_EVENT (league_task, thr, ompt_scope_end);
    }
  GOMP_TOOL_EVENT (league_end, thr, GOMP_CFA ());
  thr->team_num = 0;
  thr->num_teams = 0;
  /* FN may have run explicit tasks that replaced thr->task by a heap copy
     of the same task (task.c): restore through the current pointer.  */
  thr->task->icv.thread_limit_var = old_thread_limit;
}

/* A teams construct inside a target region executed on the host.  GCC
   emits
     for (first = true; GOMP_teams4 (lo, hi, limit, first); first = false)
       body;
   so the body runs once per team.  The host creates the lower bound of
   the num_teams clause (at least 1); a region without the clause gets one
   team, as in libgomp.  */
EXPORT bool
GOMP_teams4 (unsigned int num_teams_low, unsigned int num_teams_high,
	     unsigned int thread_limit, bool first)
{
  struct gomp_thread *thr = gomp_thread ();
  (void) num_teams_high;
  if (first)
    {
      if (thread_limit != 0)
	thr->task->icv.thread_limit_var = thread_limit_icv (thread_limit);
      thr->num_teams = num_teams_low > 0 ? num_teams_low - 1 : 0;
      thr->team_num = 0;
      return true;
    }
  if (thr->team_num >= thr->num_teams)
    return false;
  thr->team_num++;
  return true;
}

/* GCC 4.9 - 8 teams inside target: a single team, so only the thread
   limit matters.  */
EXPORT void
GOMP_teams (unsigned int num_teams, unsigned int thread_limit)
{
  (void) num_teams;
  if (thread_limit != 0)
    gomp_icv ()->thread_limit_var = thread_limit_icv (thread_limit);
}

EXPORT int
omp_get_num_teams (void)
{
  return (int) teams_thread (gomp_thread ())->num_teams + 1;
}

EXPORT int
omp_get_team_num (void)
{
  return (int) teams_thread (gomp_thread ())->team_num;
}
