/* omp_collector_api.h -- the collector interface of an OpenMP runtime:
   how a performance tool loaded into an OpenMP program (a "collector")
   asks the runtime for each thread's OpenMP state and parallel region,
   and for a call at OpenMP events.  The interface of the OpenMP ARB
   white paper "An OpenMP Runtime API for Profiling" (2007): the names
   and numerical values of its enumerations, the layout of its requests.

   The runtime exports one function, found by name with dlsym:

     int __omp_collector_api (void *arg);

   ARG is a list of requests, each an entry of 4-byte words

     int sz     the entry's size in bytes, 16 (this header) + size of mem
     int r      the request (OMP_COLLECTORAPI_REQUEST)
     int ec     set by the runtime: the entry's result (OMP_COLLECTORAPI_EC)
     int rsz    set by the runtime: the size of the data returned in mem,
                or the size mem needs after OMP_ERRCODE_MEM_TOO_SMALL
     char mem[] the request's input and output

   ended by an sz of 0.  ARG is 4-byte aligned, every sz a multiple of 4 of
   at least 16: else the function ignores the rest of the list and returns
   -1.  It returns 0 when it went through the whole list, whatever the
   entries' results.  The fields in mem are packed, at any alignment:

     OMP_REQ_REGISTER     in:  int event at 0, void (*) (int) at 4
     OMP_REQ_UNREGISTER   in:  int event at 0
     OMP_REQ_STATE        out: int state at 0, void *wait_id at 4
     OMP_REQ_CURRENT_PRID out: uint64_t region id at 0
     OMP_REQ_PARENT_PRID  out: uint64_t region id at 0

   OMP_REQ_START comes first (else OMP_ERRCODE_SEQUENCE_ERR), once until
   OMP_REQ_STOP, after which the runtime answers nothing but another
   OMP_REQ_START.  A registered callback is called with the event by the
   thread the event happens on.  OMP_REQ_STATE and OMP_REQ_CURRENT_PRID
   are async-signal-safe: a collector calls them from its sampling signal
   handler.  The others are not.

   The lists below are X-macros, X (NAME, VALUE): the enumerations are
   made from them, and a program may make its own tables (names, counts)
   from the same lists.  */

#ifndef _OMP_COLLECTOR_API_H
#define _OMP_COLLECTOR_API_H 1

#ifdef __cplusplus
extern "C" {
#endif

#define OMP_COLLECTOR_API "__omp_collector_api"

#define OMP_COLLECTOR_FOREACH_REQUEST(X)	\
  X (OMP_REQ_START, 0)				\
  X (OMP_REQ_REGISTER, 1)			\
  X (OMP_REQ_UNREGISTER, 2)			\
  X (OMP_REQ_STATE, 3)				\
  X (OMP_REQ_CURRENT_PRID, 4)			\
  X (OMP_REQ_PARENT_PRID, 5)			\
  X (OMP_REQ_STOP, 6)				\
  X (OMP_REQ_PAUSE, 7)				\
  X (OMP_REQ_RESUME, 8)

#define OMP_COLLECTOR_FOREACH_ERRCODE(X)	\
  X (OMP_ERRCODE_OK, 0)				\
  X (OMP_ERRCODE_ERROR, 1)			\
  X (OMP_ERRCODE_UNKNOWN, 2)			\
  X (OMP_ERRCODE_UNSUPPORTED, 3)		\
  X (OMP_ERRCODE_SEQUENCE_ERR, 4)		\
  X (OMP_ERRCODE_OBSOLETE, 5)			\
  X (OMP_ERRCODE_THREAD_ERR, 6)			\
  X (OMP_ERRCODE_MEM_TOO_SMALL, 7)

#define OMP_COLLECTOR_FOREACH_EVENT(X)		\
  X (OMP_EVENT_FORK, 1)				\
  X (OMP_EVENT_JOIN, 2)				\
  X (OMP_EVENT_THR_BEGIN_IDLE, 3)		\
  X (OMP_EVENT_THR_END_IDLE, 4)			\
  X (OMP_EVENT_THR_BEGIN_IBAR, 5)		\
  X (OMP_EVENT_THR_END_IBAR, 6)			\
  X (OMP_EVENT_THR_BEGIN_EBAR, 7)		\
  X (OMP_EVENT_THR_END_EBAR, 8)			\
  X (OMP_EVENT_THR_BEGIN_LKWT, 9)		\
  X (OMP_EVENT_THR_END_LKWT, 10)		\
  X (OMP_EVENT_THR_BEGIN_CTWT, 11)		\
  X (OMP_EVENT_THR_END_CTWT, 12)		\
  X (OMP_EVENT_THR_BEGIN_ODWT, 13)		\
  X (OMP_EVENT_THR_END_ODWT, 14)		\
  X (OMP_EVENT_THR_BEGIN_MASTER, 15)		\
  X (OMP_EVENT_THR_END_MASTER, 16)		\
  X (OMP_EVENT_THR_BEGIN_SINGLE, 17)		\
  X (OMP_EVENT_THR_END_SINGLE, 18)		\
  X (OMP_EVENT_THR_BEGIN_ORDERED, 19)		\
  X (OMP_EVENT_THR_END_ORDERED, 20)		\
  X (OMP_EVENT_THR_BEGIN_ATWT, 21)		\
  X (OMP_EVENT_THR_END_ATWT, 22)

#define OMP_COLLECTOR_FOREACH_STATE(X)		\
  X (THR_OVHD_STATE, 1)				\
  X (THR_WORK_STATE, 2)				\
  X (THR_IBAR_STATE, 3)				\
  X (THR_EBAR_STATE, 4)				\
  X (THR_IDLE_STATE, 5)				\
  X (THR_SERIAL_STATE, 6)			\
  X (THR_REDUC_STATE, 7)			\
  X (THR_LKWT_STATE, 8)				\
  X (THR_CTWT_STATE, 9)				\
  X (THR_ODWT_STATE, 10)			\
  X (THR_ATWT_STATE, 11)

#define OMP_COLLECTOR_ENUMERATOR_(name, value) name = value,

typedef enum
{
  OMP_COLLECTOR_FOREACH_REQUEST (OMP_COLLECTOR_ENUMERATOR_)
  OMP_REQ_LAST
} OMP_COLLECTORAPI_REQUEST;

typedef enum
{
  OMP_COLLECTOR_FOREACH_ERRCODE (OMP_COLLECTOR_ENUMERATOR_)
  OMP_ERRCODE_LAST
} OMP_COLLECTORAPI_EC;

typedef enum
{
  OMP_COLLECTOR_FOREACH_EVENT (OMP_COLLECTOR_ENUMERATOR_)
  /* Events an implementation adds have values from here on.  */
  OMP_EVENT_THR_RESERVED_IMPL = 4096,
  OMP_EVENT_LAST
} OMP_COLLECTORAPI_EVENT;

typedef enum
{
  OMP_COLLECTOR_FOREACH_STATE (OMP_COLLECTOR_ENUMERATOR_)
  THR_LAST_STATE
} OMP_COLLECTOR_API_THR_STATE;

/* The size of an entry's header (sz, r, ec, rsz).  */
#define OMP_COLLECTOR_ENTRY_HEADER 16

int __omp_collector_api (void *arg);

#ifdef __cplusplus
}
#endif

#endif /* _OMP_COLLECTOR_API_H */
