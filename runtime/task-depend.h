/* task-depend.h -- the structures of task dependences (task-depend.c).

   Private to task-depend.c in use, but in a header so that the runtime's
   layout table (libompd/ompdbg-layout.def) can describe them to debuggers
   and its test can check them against the compiler.  */

#ifndef OMPDBG_RUNTIME_TASK_DEPEND_H
#define OMPDBG_RUNTIME_TASK_DEPEND_H 1

#include "internal.h"

/* Dependence types (gomp-constants.h GOMP_DEPEND_*).  */
#define DEP_IN 1
#define DEP_OUT 2
#define DEP_INOUT 3
#define DEP_MUTEXINOUTSET 4
#define DEP_INOUTSET 5

struct gomp_dep_addr;

/* One depend clause item of one task.  */
struct gomp_dep
{
  void *addr;
  unsigned int kind;
  bool listed;			/* in its address's readers or sets list */
  struct gomp_task *task;
  struct gomp_dep_addr *node;
  struct gomp_dep *next, *prev;
};

/* What new clauses on one address can depend on.  */
struct gomp_dep_addr
{
  void *addr;
  struct gomp_dep_addr *hash_next;
  struct gomp_dep *last_out;	/* unfinished out/inout, or NULL */
  struct gomp_dep *readers;	/* unfinished in since last_out */
  struct gomp_dep *sets;	/* unfinished mutexinoutset/inoutset since */
  /* The mutexinoutset task running on this address, if any.  */
  struct gomp_task *_Atomic mutex_owner;
};

struct gomp_dep_table
{
  _Atomic int lock;
  unsigned int nbuckets, count;
  struct gomp_dep_addr **buckets;
};

/* Item I of a depend array in GCC's layouts: its address and DEP_*
   type (for a tool: an undeferred task's clauses, never recorded).  */
HIDDEN void gomp_depend_item (void **depend, size_t i, void **addr,
			      unsigned int *kind);

#endif /* OMPDBG_RUNTIME_TASK_DEPEND_H */
