/* profile-format.h -- the file `ompdbg profile' writes (collector.c) and
   `ompdbg report' reads (report.c): a magic string, then records, each a
   struct prof_record and its payload (the call stack's PCs, leaf first,
   or text), in the byte order and word size of the machine that wrote
   it.  Threads append their records in blocks, so records of different
   threads interleave; each is whole.  */

#ifndef OMPDBG_PROFILER_FORMAT_H
#define OMPDBG_PROFILER_FORMAT_H 1

#include <stdint.h>

#define PROF_MAGIC "OMPDBG-PROFILE-1"	/* 16 bytes, no NUL */
#define PROF_MAGIC_LEN 16
#define PROF_MAX_FRAMES 64

enum prof_kind
{
  PROF_META = 1,	/* aux: sampling period (ns); state: 1 wall clock,
			   0 CPU time; prid: 1 if the runtime has the
			   collector interface; text: the command */
  PROF_THREAD = 2,	/* a thread starts being sampled (tid) */
  PROF_SAMPLE = 3,	/* state, wait_id, prid; PCs */
  PROF_FORK = 4,	/* prid: the new region, aux: its parent; PCs of
			   the master at the fork */
  PROF_MAPS = 5		/* text: /proc/self/maps at the end */
};

struct prof_record
{
  uint32_t kind;		/* enum prof_kind */
  uint32_t size;		/* of the record and its payload, bytes */
  int32_t tid;
  uint32_t state;		/* OMP_COLLECTOR_API_THR_STATE, 0 unknown */
  uint64_t time_ns;		/* CLOCK_MONOTONIC */
  uint64_t wait_id;
  uint64_t prid;
  uint64_t aux;
  uint32_t nframes;
  uint32_t weight;		/* PROF_SAMPLE: the periods it stands for (1
				   + the timer's overruns: expiries while the
				   signal was pending) */
  /* uint64_t pcs[nframes], or text (size - sizeof header bytes) */
};

#endif /* OMPDBG_PROFILER_FORMAT_H */
