/* target.c -- target constructs and the device memory routines of a
   runtime with no offload devices: every target region runs on the host
   (the "host fallback" of GCC's libgomp), data-mapping constructs have
   nothing to map, and the host is the only device the omp_target_*
   routines accept.

   The device number of the host (the initial device) is the number of
   offload devices, 0.  As in libgomp 12, any other device number makes a
   construct fall back to the host too, unless OMP_TARGET_OFFLOAD=mandatory:
   then a construct naming a device that does not exist (anything but the
   initial device and GOMP_DEVICE_HOST_FALLBACK, after device-var is
   substituted for GOMP_DEVICE_ICV) is a fatal error, exit status 1.  The
   memory routines answer failure for a missing device (NULL, 0, EINVAL),
   with the same fatal error for device numbers above 0 under
   mandatory.

   A target region on the host is an initial task on the encountering
   thread, which leaves its parallel region for the duration: inside,
   omp_get_level () is 0, omp_get_thread_num () 0, and the data-environment
   ICVs are the initial ones (OMP_* environment), not the encountering
   task's, as in libgomp (which clears the whole thread descriptor).  The
   thread's team state, task and teams numbers are saved on the stack and
   restored afterwards.  nowait target regions run at once, to
   completion: an implementation may execute the target task immediately
   (OpenMP 5.1 §2.14.5), and a completed task satisfies every later
   dependence on it.

   OMPT tools see each construct as one of the initial device, its
   target task, and a target region's submission and initial task
   (the event points below; ompt-target.c).  */

#include "config.h"
#include "internal.h"
#include "tool.h"

#include <alloca.h>
#include <errno.h>
#include <limits.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* include/gomp-constants.h of GCC 12.  */
#define GOMP_DEVICE_ICV (-1)
#define GOMP_DEVICE_HOST_FALLBACK (-2)
#define GOMP_MAP_FIRSTPRIVATE 0x0c
#define GOMP_TARGET_ARG_DEVICE_MASK ((1 << 7) - 1)
#define GOMP_TARGET_ARG_DEVICE_ALL 0
#define GOMP_TARGET_ARG_SUBSEQUENT_PARAM (1 << 7)
#define GOMP_TARGET_ARG_ID_MASK (((1 << 8) - 1) << 8)
#define GOMP_TARGET_ARG_NUM_TEAMS (1 << 8)
#define GOMP_TARGET_ARG_THREAD_LIMIT (2 << 8)
#define GOMP_TARGET_FLAG_NOWAIT (1 << 0)
#define GOMP_TARGET_FLAG_EXIT_DATA (1 << 1)
#define GOMP_TARGET_ARG_VALUE_SHIFT 16

/* target-offload-var (env.c): OMP_TARGET_OFFLOAD=mandatory.  */
#define TARGET_OFFLOAD_MANDATORY 1

/* Firstprivate copies up to this size go on the stack.  */
#define FIRSTPRIVATE_ON_STACK 65536

/* Always inlined: GOMP_CFA () is the entry point's frame.  */
static ALWAYS_INLINE void
tool_target_begin (ompt_target_t kind, unsigned int flags, void **depend)
{
  if (flags & GOMP_TARGET_FLAG_NOWAIT)
    kind = (ompt_target_t) (kind | 8);	/* ompt_target_nowait, ... */
  GOMP_TOOL_EVENT (target_begin, kind, true, depend, GOMP_CFA ());
}

static ALWAYS_INLINE void
depend_wait (void **depend)
{
  if (depend != NULL)
    gomp_depend_wait (gomp_thread (), depend, GOMP_CFA (), NULL);
}

bool
gomp_target_check_device (int device)
{
  if (device == GOMP_DEVICE_ICV)
    device = gomp_icv ()->default_device_var;
  if (device == omp_get_initial_device ()
      || device == GOMP_DEVICE_HOST_FALLBACK)
    return true;
  if (gomp_global_icv.target_offload_var == TARGET_OFFLOAD_MANDATORY)
    gomp_fatal ("OMP_TARGET_OFFLOAD is set to MANDATORY, "
		"but device not found");
  return false;
}

/* ---- running a target region on the host ------------------------------- */

/* The value of argument WHICH (GOMP_TARGET_ARG_*) in the args vector of
   GOMP_target_ext: pairs (id | device, value) or single entries with the
   value shifted into the id, ending with NULL.  Only entries for all
   devices count.  0: none.  */
static intptr_t
args_value (void **args, intptr_t which)
{
  if (args == NULL)
    return 0;
  while (*args != NULL)
    {
      intptr_t id = (intptr_t) *args++, val;
      if (id & GOMP_TARGET_ARG_SUBSEQUENT_PARAM)
	val = (intptr_t) *args++;
      else
	val = id >> GOMP_TARGET_ARG_VALUE_SHIFT;
      if ((id & GOMP_TARGET_ARG_DEVICE_MASK) == GOMP_TARGET_ARG_DEVICE_ALL
	  && (id & GOMP_TARGET_ARG_ID_MASK) == which)
	return val;
    }
  return 0;
}

/* thread-limit-var of the region from the args vector.  */
static void
args_thread_limit (void **args, struct gomp_icv *icv)
{
  intptr_t val = args_value (args, GOMP_TARGET_ARG_THREAD_LIMIT);
  /* 0: no clause; negative: "not known on the host", which libgomp
     turns into an unlimited thread-limit-var.  */
  if (val > 0)
    icv->thread_limit_var = val > INT_MAX ? INT_MAX : (unsigned long) val;
  else if (val < 0)
    icv->thread_limit_var = ULONG_MAX;
}

unsigned int
gomp_target_num_teams (void **args)
{
  intptr_t val = args_value (args, GOMP_TARGET_ARG_NUM_TEAMS);
  return val > 0 ? (val > INT_MAX ? INT_MAX : (unsigned int) val) : 1;
}

/* Run FN (HOSTADDRS) as the initial task of a target region on the
   calling thread.  */
static void
run_on_host (void (*fn) (void *), void **hostaddrs, void **args)
{
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_team_state saved_ts = thr->ts;
  struct gomp_task *saved_task = thr->task;
  unsigned int saved_team_num = thr->team_num;
  unsigned int saved_num_teams = thr->num_teams;
  unsigned int saved_state = gomp_get_state (thr);
  uintptr_t saved_wait_id = gomp_get_wait_id (thr);
  /* A worksharing construct outside any parallel region uses the
     thread's own work share; one may be in progress around the target
     construct and the region may use it too.  */
  bool serial = saved_ts.team == NULL;
  struct gomp_work_share *saved_ws = NULL;
  if (serial)
    {
      saved_ws = alloca (sizeof *saved_ws);
      memcpy (saved_ws, &thr->serial_ws, sizeof *saved_ws);
    }

  struct gomp_task task;
  memset (&task, 0, sizeof task);
  task.kind = TASK_INITIAL | TASK_IMPLICIT | TASK_TARGET;
  task.thread = thr;
  /* Unlike the program's initial task, this one has an entry point: the
     target region's outlined function (ompd_get_task_function).  */
  task.fn = fn;
  task.icv = gomp_initial_icv;
  args_thread_limit (args, &task.icv);
  gomp_task_init_implicit (&task, NULL);

  /* The state of an initial thread; the place fields stay.  */
  thr->ts.team = NULL;
  thr->ts.team_id = 0;
  thr->ts.level = 0;
  thr->ts.active_level = 0;
  thr->ts.others = 0;
  gomp_set_ws (thr, NULL);
  thr->ts.ws_seq = 0;
  thr->ts.ws_barrier_seq = 0;
  thr->ts.single_seq = 0;
  thr->ts.static_trip = 0;
  thr->ts.ordered_lo = thr->ts.ordered_hi = 0;
  thr->ts.ordered_held = thr->ts.ordered_passed = false;
  thr->task = &task;
  thr->team_num = 0;
  thr->num_teams = 0;
  gomp_set_state (thr, ompt_state_work_serial, 0);
  /* For debuggers: the encountering task is in the runtime, the target
     region's initial task is called from here.  */
  void *cfa = GOMP_CFA ();
  void *saved_frame = gomp_task_enter_frame (saved_task, cfa);
  gomp_task_start_debug (&task, saved_task, cfa);
  /* The target region's initial task begins and ends here: the OMPD
     task events, with it as the thread's current task in both.  */
  GOMP_OMPD_EVENT (task_begin);
  GOMP_TOOL_EVENT (target_region_begin, thr, gomp_target_num_teams (args));

  fn (hostaddrs);

  GOMP_TOOL_EVENT (target_region_end, thr);
  GOMP_OMPD_EVENT (task_end);

  /* Explicit tasks outside parallel regions ran undeferred, those of the
     region's parallel regions completed at their ends: nothing of the
     task remains but the dependence table of its children.  */
  gomp_depend_table_free (&task);
  thr->ts = saved_ts;
  gomp_sync_ws (thr);
  /* Its frame first: current with the frame set, the encountering task
     would show the wait it was last in (wait_state).  */
  gomp_task_enter_frame_restore (saved_task, saved_frame);
  gomp_set_current_task (thr, saved_task);
  thr->team_num = saved_team_num;
  thr->num_teams = saved_num_teams;
  if (serial)
    memcpy (&thr->serial_ws, saved_ws, sizeof *saved_ws);
  gomp_set_state (thr, saved_state, saved_wait_id);
}

/* Firstprivate variables of a target region are copied when the
   construct is encountered; HOSTADDRS[i] then points to the copy, which
   FN reads.  KINDS[i]: map kind in the low byte, log2 of the alignment in
   the high one.  */
static void
firstprivate_size (size_t mapnum, const size_t *sizes,
		   const unsigned short *kinds, size_t *align_out,
		   size_t *size_out)
{
  size_t align = 0, size = 0;
  for (size_t i = 0; i < mapnum; i++)
    if ((kinds[i] & 0xff) == GOMP_MAP_FIRSTPRIVATE)
      {
	size_t a = (size_t) 1 << (kinds[i] >> 8);
	if (align < a)
	  align = a;
	size = (size + a - 1) & ~(a - 1);
	size += sizes[i];
      }
  *align_out = align;
  *size_out = size;
}

static void
firstprivate_copy (char *buf, size_t align, size_t mapnum, void **hostaddrs,
		   const size_t *sizes, const unsigned short *kinds)
{
  uintptr_t mis = (uintptr_t) buf & (align - 1);
  if (mis)
    buf += align - mis;
  size_t off = 0;
  for (size_t i = 0; i < mapnum; i++)
    if ((kinds[i] & 0xff) == GOMP_MAP_FIRSTPRIVATE && hostaddrs[i] != NULL)
      {
	size_t a = (size_t) 1 << (kinds[i] >> 8);
	off = (off + a - 1) & ~(a - 1);
	memcpy (buf + off, hostaddrs[i], sizes[i]);
	hostaddrs[i] = buf + off;
	off += sizes[i];
      }
}

/* The target construct of GCC 6 and later.  FLAGS: GOMP_TARGET_FLAG_NOWAIT
   (run at once all the same).  DEPEND: the depend clauses, as for
   GOMP_task; the region waits for its predecessors among the sibling
   tasks before it starts.  ARGS: num_teams and thread_limit as known on
   the host (only thread_limit matters: GOMP_teams4 in FN creates the
   teams).  */
EXPORT void
GOMP_target_ext (int device, void (*fn) (void *), size_t mapnum,
		 void **hostaddrs, size_t *sizes, unsigned short *kinds,
		 unsigned int flags, void **depend, void **args)
{
  (void) flags;
  gomp_target_check_device (device);

  /* Copy the firstprivate variables first: their values are those at the
     construct, not after the dependences are satisfied (libgomp does the
     same).  */
  size_t align, size;
  void *heap = NULL;
  firstprivate_size (mapnum, sizes, kinds, &align, &size);
  if (align != 0)
    {
      char *buf;
      if (size + align - 1 <= FIRSTPRIVATE_ON_STACK)
	buf = alloca (size + align - 1);
      else
	{
	  buf = heap = malloc (size + align - 1);
	  if (buf == NULL)
	    gomp_fatal_oom (size + align - 1);
	}
      firstprivate_copy (buf, align, mapnum, hostaddrs, sizes, kinds);
    }

  depend_wait (depend);
  tool_target_begin (ompt_target, flags, depend);
  run_on_host (fn, hostaddrs, args);
  GOMP_TOOL_EVENT (target_end);
  free (heap);
}

/* GCC 4.9 and 5: no firstprivate copies, no args (as in libgomp).  */
EXPORT void
GOMP_target (int device, void (*fn) (void *), const void *unused,
	     size_t mapnum, void **hostaddrs, size_t *sizes,
	     unsigned char *kinds)
{
  (void) unused;
  (void) mapnum;
  (void) sizes;
  (void) kinds;
  gomp_target_check_device (device);
  tool_target_begin (ompt_target, 0, NULL);
  run_on_host (fn, hostaddrs, NULL);
  GOMP_TOOL_EVENT (target_end);
}

/* ---- data-mapping constructs: host memory is the device memory --------- */

/* A target data region's begin (KIND ompt_target_enter_data) or end
   (ompt_target_exit_data): a device construct with no target task.  */
static ALWAYS_INLINE void
tool_target_data (ompt_target_t kind)
{
  if (GOMP_TOOL_ON ())
    {
      gomp_tool_target_begin (kind, false, NULL, GOMP_CFA ());
      gomp_tool_target_end ();
    }
}

EXPORT void
GOMP_target_data_ext (int device, size_t mapnum, void **hostaddrs,
		      size_t *sizes, unsigned short *kinds)
{
  (void) mapnum;
  (void) hostaddrs;
  (void) sizes;
  (void) kinds;
  gomp_target_check_device (device);
  tool_target_data (ompt_target_enter_data);
}

EXPORT void
GOMP_target_data (int device, const void *unused, size_t mapnum,
		  void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
  (void) unused;
  (void) mapnum;
  (void) hostaddrs;
  (void) sizes;
  (void) kinds;
  gomp_target_check_device (device);
  tool_target_data (ompt_target_enter_data);
}

EXPORT void
GOMP_target_end_data (void)
{
  tool_target_data (ompt_target_exit_data);
}

/* target update and target enter/exit data: nothing to copy, but with
   depend clauses they are tasks that must come after their predecessors
   (nowait or not: they complete at once).  */
EXPORT void
GOMP_target_update_ext (int device, size_t mapnum, void **hostaddrs,
			size_t *sizes, unsigned short *kinds,
			unsigned int flags, void **depend)
{
  (void) mapnum;
  (void) hostaddrs;
  (void) sizes;
  (void) kinds;
  gomp_target_check_device (device);
  depend_wait (depend);
  tool_target_begin (ompt_target_update, flags, depend);
  GOMP_TOOL_EVENT (target_end);
}

EXPORT void
GOMP_target_update (int device, const void *unused, size_t mapnum,
		    void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
  (void) unused;
  (void) mapnum;
  (void) hostaddrs;
  (void) sizes;
  (void) kinds;
  gomp_target_check_device (device);
  tool_target_begin (ompt_target_update, 0, NULL);
  GOMP_TOOL_EVENT (target_end);
}

EXPORT void
GOMP_target_enter_exit_data (int device, size_t mapnum, void **hostaddrs,
			     size_t *sizes, unsigned short *kinds,
			     unsigned int flags, void **depend)
{
  (void) mapnum;
  (void) hostaddrs;
  (void) sizes;
  (void) kinds;
  gomp_target_check_device (device);
  depend_wait (depend);
  tool_target_begin (flags & GOMP_TARGET_FLAG_EXIT_DATA
		     ? ompt_target_exit_data : ompt_target_enter_data,
		     flags, depend);
  GOMP_TOOL_EVENT (target_end);
}

/* ---- device memory routines --------------------------------------------- */

/* Is DEVICE_NUM the host?  If not, and it is not negative, it names a
   device that does not exist: fatal under OMP_TARGET_OFFLOAD=mandatory,
   as libgomp's device lookup is; negative numbers are rejected before
   the lookup.  */
static bool
host_device (int device_num)
{
  if (device_num == omp_get_initial_device ())
    return true;
  if (device_num >= 0)
    gomp_target_check_device (device_num);
  return false;
}

EXPORT void *
omp_target_alloc (size_t size, int device_num)
{
  return host_device (device_num) ? malloc (size) : NULL;
}

EXPORT void
omp_target_free (void *device_ptr, int device_num)
{
  if (device_ptr != NULL && host_device (device_num))
    free (device_ptr);
}

/* Host memory is present on the host; NULL is present anywhere.  */
EXPORT int
omp_target_is_present (const void *ptr, int device_num)
{
  if (ptr == NULL)
    return 1;
  return host_device (device_num);
}

EXPORT int
omp_target_memcpy (void *dst, const void *src, size_t length,
		   size_t dst_offset, size_t src_offset, int dst_device_num,
		   int src_device_num)
{
  if (!host_device (dst_device_num) || !host_device (src_device_num))
    return EINVAL;
  memcpy ((char *) dst + dst_offset, (const char *) src + src_offset,
	  length);
  return 0;
}

/* Copy the NUM_DIMS-dimensional subvolume VOLUME: the outermost
   dimension first, each a row of the next, the last one contiguous.
   Offsets and dimensions count elements.  */
static int
memcpy_rect (char *dst, const char *src, size_t element_size, int num_dims,
	     const size_t *volume, const size_t *dst_offsets,
	     const size_t *src_offsets, const size_t *dst_dimensions,
	     const size_t *src_dimensions)
{
  size_t dst_off, src_off;
  if (num_dims == 1)
    {
      size_t length;
      if (__builtin_mul_overflow (element_size, volume[0], &length)
	  || __builtin_mul_overflow (element_size, dst_offsets[0], &dst_off)
	  || __builtin_mul_overflow (element_size, src_offsets[0], &src_off))
	return EINVAL;
      memcpy (dst + dst_off, src + src_off, length);
      return 0;
    }
  /* Bytes between consecutive rows of the outermost dimension.  */
  size_t dst_slice = element_size, src_slice = element_size;
  for (int i = 1; i < num_dims; i++)
    if (__builtin_mul_overflow (dst_slice, dst_dimensions[i], &dst_slice)
	|| __builtin_mul_overflow (src_slice, src_dimensions[i], &src_slice))
      return EINVAL;
  if (__builtin_mul_overflow (dst_slice, dst_offsets[0], &dst_off)
      || __builtin_mul_overflow (src_slice, src_offsets[0], &src_off))
    return EINVAL;
  for (size_t j = 0; j < volume[0]; j++)
    {
      int ret = memcpy_rect (dst + dst_off, src + src_off, element_size,
			     num_dims - 1, volume + 1, dst_offsets + 1,
			     src_offsets + 1, dst_dimensions + 1,
			     src_dimensions + 1);
      if (ret != 0)
	return ret;
      dst_off += dst_slice;
      src_off += src_slice;
    }
  return 0;
}

/* With DST and SRC both NULL: the number of dimensions supported (any,
   INT_MAX, as libgomp).  */
EXPORT int
omp_target_memcpy_rect (void *dst, const void *src, size_t element_size,
			int num_dims, const size_t *volume,
			const size_t *dst_offsets, const size_t *src_offsets,
			const size_t *dst_dimensions,
			const size_t *src_dimensions, int dst_device_num,
			int src_device_num)
{
  if (dst == NULL && src == NULL)
    return INT_MAX;
  if (!host_device (dst_device_num) || !host_device (src_device_num))
    return EINVAL;
  /* libgomp recurses without end for fewer than one dimension.  */
  if (num_dims < 1)
    return EINVAL;
  return memcpy_rect (dst, src, element_size, num_dims, volume, dst_offsets,
		      src_offsets, dst_dimensions, src_dimensions);
}

/* There is no device memory to associate host memory with: EINVAL for
   every device, the host included, as libgomp.  */
EXPORT int
omp_target_associate_ptr (const void *host_ptr, const void *device_ptr,
			  size_t size, size_t device_offset, int device_num)
{
  (void) host_ptr;
  (void) device_ptr;
  (void) size;
  (void) device_offset;
  host_device (device_num);
  return EINVAL;
}

EXPORT int
omp_target_disassociate_ptr (const void *ptr, int device_num)
{
  (void) ptr;
  host_device (device_num);
  return EINVAL;
}
