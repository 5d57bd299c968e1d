/* tool-mode.h -- the thread's mode: whether it is alone (no team, or a
   team of one), in a team of more threads, or some tool is on, in one
   compare with memory.

   The barrier, single, and a loop's start and end take one path alone,
   another in a team of more, and with a tool a third, with the tool's
   events.  A test of the team's size and one of the tool word cost two
   compares with memory and two branches.  Here both facts are the two
   halves of one 64-bit word of the thread, its mode, compared once with
   zero: zero, alone; negative, a tool; else a team of more (x86: cmp,
   je, js).  Alone this costs what the size test alone costs; in a team
   of more, one branch not taken.

   The low half is ts.others (internal.h), the other threads of the
   thread's team, which the thread sets when it enters a team
   (gomp_team_enter) and which a copy of its team state carries back
   when the region ends.  The high half is gomp_thread.tool_mode, right
   after ts: GOMP_MODE_TOOL_HALF, the sign bit of the mode, while some
   tool is on, else 0; a restored copy must not carry it.  A copy of
   the tool word, then, in each thread: gomp_tool_mode_update walks the
   thread registry and stores every registered thread's half whenever
   the word changes (gomp_tool_word_changed); a thread registers with
   the half of the word as it is then (registry.c).  Both under the
   registry's lock, which orders them: each store of the word is
   followed by its walk, and a walk or a registration that takes the
   lock after another reads a word at least as new.  So no copy is stale
   once the walk that follows a change is over, and a thread that passes
   an event point meanwhile sees the change there or at the next one, as
   with a test of the word itself.  A thread structure leaves the
   registry, under the same lock, before it is freed; a team has no such
   place (a team of one lives on its master's stack, a nested team is
   freed when its region ends, with no lock), which is why the copy is
   the thread's.

   A copy read just before the word is cleared sends the thread down
   the path with a tool, whose events' slow paths look at what they
   serve themselves (the collector's bit, OMPT's callbacks), as they do
   for a test of the word itself that comes just before.  */

#ifndef OMPDBG_RUNTIME_TOOL_MODE_H
#define OMPDBG_RUNTIME_TOOL_MODE_H 1

#include "internal.h"

#define GOMP_MODE_TOOL_HALF 0x80000000u

_Static_assert (offsetof (struct gomp_team_state, others)
		+ sizeof (unsigned int) == sizeof (struct gomp_team_state),
		"ts.others is the last word of the team state");
_Static_assert (offsetof (struct gomp_thread, tool_mode)
		== offsetof (struct gomp_thread, ts)
		+ sizeof (struct gomp_team_state),
		"tool_mode follows ts.others");
_Static_assert (offsetof (struct gomp_thread, ts.others) / CACHE_LINE
		== offsetof (struct gomp_thread, tool_mode) / CACHE_LINE,
		"the mode does not cross a cache line");
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
# error "the mode's halves are in little-endian order"
#endif

/* The two halves as one word.  A plain read, folded into the compare as
   its memory operand; the tool's half changes only when a tool comes or
   goes, and a read that misses the change sees it at the next event
   point.  */
typedef int64_t __attribute__ ((may_alias, aligned (4))) gomp_mode_word;

/* Where THR's mode has been read once already (the paths with a tool):
   THR is alone; some tool is on.  */
#define GOMP_MODE_IS_ALONE(thr) ((thr)->ts.others == 0)
#ifdef OMPDBG_NO_TOOL
# define GOMP_MODE_IS_TOOL(thr) 0
#else
# define GOMP_MODE_IS_TOOL(thr) unlikely ((thr)->tool_mode != 0)
#endif

/* Go to label ALONE if THR is alone, to label TOOL if a tool is on; go
   on in a team of more.  Written out for x86-64, where GCC would load
   the word into a register first and test it twice (one instruction
   more on every path).  */
#if defined OMPDBG_NO_TOOL && defined __x86_64__
# define GOMP_MODE_SWITCH(thr, alone, tool)				\
  do									\
    {									\
      asm goto ("cmpl\t$0, %0\n\tje\t%l[" #alone "]"			\
		: : "m" ((thr)->ts.others) : "cc" : alone);		\
      if (0)								\
	goto tool;							\
    }									\
  while (0)
#elif defined __x86_64__
# define GOMP_MODE_SWITCH(thr, alone, tool)				\
  asm goto ("cmpq\t$0, %0\n\tje\t%l[" #alone "]\n\tjs\t%l[" #tool "]"	\
	    : : "m" (*(const gomp_mode_word *) &(thr)->ts.others)	\
	    : "cc" : alone, tool)
#else
# define GOMP_MODE_SWITCH(thr, alone, tool)				\
  do									\
    {									\
      if ((thr)->ts.others == 0 && !GOMP_MODE_IS_TOOL (thr))		\
	goto alone;							\
      if (GOMP_MODE_IS_TOOL (thr))					\
	goto tool;							\
    }									\
  while (0)
#endif

/* Go to label TOOL if a tool is on (one compare with memory, as
   GOMP_MODE_SWITCH's).  */
#if defined OMPDBG_NO_TOOL
# define GOMP_MODE_TOOL_GOTO(thr, tool)					\
  do									\
    {									\
      if (0)								\
	goto tool;							\
    }									\
  while (0)
#elif defined __x86_64__
# define GOMP_MODE_TOOL_GOTO(thr, tool)					\
  asm goto ("cmpl\t$0, %0\n\tjne\t%l[" #tool "]"			\
	    : : "m" ((thr)->tool_mode) : "cc" : tool)
#else
# define GOMP_MODE_TOOL_GOTO(thr, tool)					\
  do									\
    {									\
      if (GOMP_MODE_IS_TOOL (thr))					\
	goto tool;							\
    }									\
  while (0)
#endif

#endif /* OMPDBG_RUNTIME_TOOL_MODE_H */
