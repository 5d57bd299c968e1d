/* icvs.c -- internal control variables (OpenMP 5.1 §5.5.9):
   ompd_enumerate_icvs, ompd_get_icv_from_scope,
   ompd_get_icv_string_from_scope.

   The list, its order and scopes are icv-table.def.  Every ICV has a
   string form; those that are numbers (or booleans, or enumerations with
   OpenMP-defined values) also an integer form.  List-valued ICVs
   (nthreads-var, bind-var) give their first element as the integer, with
   ompd_rc_incomplete when the list has more, and the whole list as the
   string.  Values that change (ICVs set by omp_set_* routines, a
   thread's number) are read from the target at each call, not taken from
   the handle's copy.  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <string.h>
#include <strings.h>

struct icv_ctx
{
  ompd_address_space_handle_t *as;
  ompd_thread_handle_t *th;
  ompd_parallel_handle_t *ph;
  ompd_task_handle_t *tk;
};

struct icv_val
{
  bool has_int;
  bool incomplete;		/* the integer is a list's first element */
  int64_t i;
  char *str;			/* from lib_alloc */
};

typedef ompd_rc_t icv_reader (struct icv_ctx *c, struct icv_val *v);

#define ICV(name, scope, reader) static icv_reader icv_##reader;
#include "libompd/icv-table.def"

static const struct
{
  const char *name;
  ompd_scope_t scope;
  icv_reader *read;
} icvs[] = {
#define ICV(name, scope, reader) { name, scope, icv_##reader },
#include "libompd/icv-table.def"
};

#define NICVS (sizeof icvs / sizeof icvs[0])

/* ---- building values -------------------------------------------------- */

static ompd_rc_t
val_str (struct icv_val *v, const char *s)
{
  return lib_strdup (s, (const char **) &v->str);
}

static ompd_rc_t
val_int (struct icv_val *v, int64_t i)
{
  char b[32];
  struct strbuf sb;
  sb_init (&sb, b, sizeof b);
  sb_i64 (&sb, i);
  v->has_int = true;
  v->i = i;
  return val_str (v, b);
}

static ompd_rc_t
val_bool (struct icv_val *v, uint64_t b)
{
  v->has_int = true;
  v->i = b != 0;
  return val_str (v, b ? "true" : "false");
}

/* An integer with a name for its string form.  */
static ompd_rc_t
val_named (struct icv_val *v, int64_t i, const char *name)
{
  v->has_int = true;
  v->i = i;
  return val_str (v, name);
}

/* ---- reading ------------------------------------------------------------ */

/* The global ICV structure, read now.  */
static ompd_rc_t
gicv_read (struct icv_ctx *c, unsigned char **buf)
{
  ompd_addr_t root = c->as->roots[OMPDBG_ROOT_GLOBAL_ICV];
  if (root == 0)
    return ompd_rc_incompatible;
  return tread_struct (c->as, L_gicv, root, buf);
}

static ompd_rc_t
gicv_field (struct icv_ctx *c, enum layout_id fid, int64_t *x)
{
  unsigned char *buf;
  ompd_rc_t rc = gicv_read (c, &buf);
  if (rc != ompd_rc_ok)
    return rc;
  rc = get_field_signed (c->as, buf, L_gicv, fid, x);
  lib_free (buf);
  return rc;
}

static ompd_rc_t
gicv_string (struct icv_ctx *c, enum layout_id fid, struct icv_val *v)
{
  int64_t p;
  ompd_rc_t rc = gicv_field (c, fid, &p);
  if (rc != ompd_rc_ok)
    return rc;
  if (p == 0)
    return val_str (v, "");
  return tread_string (c->as, (uint64_t) p, &v->str);
}

/* A task's ICV member, read now (omp_set_* routines change them).  */
static ompd_rc_t
task_field (struct icv_ctx *c, enum layout_id fid, int64_t *x)
{
  return read_field_signed (c->as, c->tk->addr, fid, x);
}

static ompd_rc_t
task_ufield (struct icv_ctx *c, enum layout_id fid, uint64_t *x)
{
  return read_field (c->as, c->tk->addr, fid, x);
}

/* Per-level list of the global ICVs (OMP_NUM_THREADS, OMP_PROC_BIND
   "a,b,c"): the value for the task's level is in the task; the entries
   for deeper levels follow it in the list.  Appends them to B as
   ",<name or number>".  */
static ompd_rc_t
list_rest (struct icv_ctx *c, enum layout_id len_fid, enum layout_id arr_fid,
	   uint32_t elem_size, const char *const *names, size_t nnames,
	   struct strbuf *b, bool *more)
{
  *more = false;
  uint64_t level;
  ompd_rc_t rc = task_level (c->tk, &level);
  if (rc != ompd_rc_ok)
    return rc;
  int64_t len, arr;
  rc = gicv_field (c, len_fid, &len);
  if (rc == ompd_rc_ok)
    rc = gicv_field (c, arr_fid, &arr);
  if (rc != ompd_rc_ok)
    return rc;
  if (len <= 0 || arr == 0 || level + 1 >= (uint64_t) len)
    return ompd_rc_ok;
  if (len > MAX_LIST)
    return ompd_rc_error;
  unsigned char raw[MAX_LIST * 8];
  size_t n = (size_t) len - (size_t) (level + 1);
  rc = tread (c->as, (uint64_t) arr + (level + 1) * elem_size,
	      n * elem_size, raw);
  if (rc != ompd_rc_ok)
    return rc;
  for (size_t i = 0; i < n; i++)
    {
      uint64_t e = tload (c->as, raw + i * elem_size, elem_size);
      sb_str (b, ",");
      if (names != NULL && e < nnames)
	sb_str (b, names[e]);
      else
	sb_u64 (b, e);
    }
  *more = true;
  return ompd_rc_ok;
}

/* ---- the readers, in icv-table.def order --------------------------------- */

static ompd_rc_t
icv_dyn_var (struct icv_ctx *c, struct icv_val *v)
{
  uint64_t x;
  ompd_rc_t rc = task_ufield (c, L_task_dyn_var, &x);
  return rc != ompd_rc_ok ? rc : val_bool (v, x);
}

static ompd_rc_t
icv_nthreads_var (struct icv_ctx *c, struct icv_val *v)
{
  uint64_t x;
  ompd_rc_t rc = task_ufield (c, L_task_nthreads_var, &x);
  if (rc != ompd_rc_ok)
    return rc;
  char b[MAX_LIST * 24];
  struct strbuf sb;
  sb_init (&sb, b, sizeof b);
  sb_u64 (&sb, x);
  bool more;
  rc = list_rest (c, L_gicv_nthreads_list_len, L_gicv_nthreads_list,
		  c->as->sizes.sizeof_long, NULL, 0, &sb, &more);
  if (rc != ompd_rc_ok)
    return rc;
  v->has_int = true;
  v->i = (int64_t) x;
  v->incomplete = more;
  return val_str (v, b);
}

static const char *const sched_names[] = {
  "", "static", "dynamic", "guided", "auto"
};

#define SCHED_MONOTONIC 0x80000000u

static ompd_rc_t
icv_run_sched_var (struct icv_ctx *c, struct icv_val *v)
{
  uint64_t kind;
  int64_t chunk;
  ompd_rc_t rc = task_ufield (c, L_task_run_sched_var, &kind);
  if (rc == ompd_rc_ok)
    rc = task_field (c, L_task_run_sched_chunk, &chunk);
  if (rc != ompd_rc_ok)
    return rc;
  uint64_t k = kind & ~(uint64_t) SCHED_MONOTONIC;
  char b[64];
  struct strbuf sb;
  sb_init (&sb, b, sizeof b);
  if (kind & SCHED_MONOTONIC)
    sb_str (&sb, "monotonic:");
  sb_str (&sb, k < 5 && k > 0 ? sched_names[k] : "unknown");
  sb_str (&sb, ",");
  sb_i64 (&sb, chunk);
  /* The integer is the omp_sched_t value omp_get_schedule gives (kind,
     with the monotonic modifier bit); the chunk is in the string.  */
  v->has_int = true;
  v->i = (int64_t) (uint32_t) kind;
  return val_str (v, b);
}

/* The schedule of loops without a schedule clause: static, in this
   runtime as in libgomp (worksharing.c).  */
static ompd_rc_t
icv_def_sched_var (struct icv_ctx *c, struct icv_val *v)
{
  (void) c;
  return val_named (v, 1, "static,0");
}

static const char *const bind_names[] = {
  "false", "true", "primary", "close", "spread"
};

static ompd_rc_t
icv_bind_var (struct icv_ctx *c, struct icv_val *v)
{
  uint64_t x;
  ompd_rc_t rc = task_ufield (c, L_task_bind_var, &x);
  if (rc != ompd_rc_ok)
    return rc;
  char b[MAX_LIST * 12];
  struct strbuf sb;
  sb_init (&sb, b, sizeof b);
  sb_str (&sb, x < 5 ? bind_names[x] : "unknown");
  bool more;
  rc = list_rest (c, L_gicv_bind_list_len, L_gicv_bind_list, 1, bind_names,
		  5, &sb, &more);
  if (rc != ompd_rc_ok)
    return rc;
  v->has_int = true;
  v->i = (int64_t) x;
  v->incomplete = more;
  return val_str (v, b);
}

/* OMP_STACKSIZE as given (bytes; 0: not set, the system's default).  */
static ompd_rc_t
icv_stacksize_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_stacksize_var, &x);
  return rc != ompd_rc_ok ? rc : val_int (v, x);
}

/* -1 (OMP_WAIT_POLICY not set: spin, then sleep), 0 passive, 1 active.  */
static ompd_rc_t
icv_wait_policy_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_wait_policy, &x);
  if (rc != ompd_rc_ok)
    return rc;
  return val_named (v, x, x > 0 ? "active" : x == 0 ? "passive" : "default");
}

/* Unlimited is kept as ULONG_MAX; shown as omp_get_thread_limit shows
   it, INT_MAX.  */
static ompd_rc_t
icv_thread_limit_var (struct icv_ctx *c, struct icv_val *v)
{
  uint64_t x;
  ompd_rc_t rc = task_ufield (c, L_task_thread_limit_var, &x);
  if (rc != ompd_rc_ok)
    return rc;
  return val_int (v, x > INT32_MAX ? INT32_MAX : (int64_t) x);
}

static ompd_rc_t
icv_max_active_levels_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = task_field (c, L_task_max_active_levels_var, &x);
  return rc != ompd_rc_ok ? rc : val_int (v, x);
}

static ompd_rc_t
team_value (struct icv_ctx *c, enum layout_id fid, int64_t outermost,
	    struct icv_val *v)
{
  if (c->ph->team == 0)
    return val_int (v, outermost);
  uint64_t x;
  ompd_rc_t rc = get_field (c->as, c->ph->buf, L_team, fid, &x);
  return rc != ompd_rc_ok ? rc : val_int (v, (int64_t) x);
}

static ompd_rc_t
icv_active_levels_var (struct icv_ctx *c, struct icv_val *v)
{
  return team_value (c, L_team_active_level, 0, v);
}

static ompd_rc_t
icv_levels_var (struct icv_ctx *c, struct icv_val *v)
{
  return team_value (c, L_team_level, 0, v);
}

static ompd_rc_t
icv_team_size_var (struct icv_ctx *c, struct icv_val *v)
{
  return team_value (c, L_team_nthreads, 1, v);
}

/* The places of the partition, by number ("2,3"); empty without places.
   Kept per thread by the runtime: the thread executing the task.  */
static ompd_rc_t
icv_place_partition_var (struct icv_ctx *c, struct icv_val *v)
{
  uint64_t thread, off, len;
  ompd_rc_t rc = task_ufield (c, L_task_thread, &thread);
  if (rc != ompd_rc_ok)
    return rc;
  if (thread == 0)
    return ompd_rc_unavailable;	/* queued, not running anywhere */
  rc = read_field (c->as, thread, L_thread_partition_off, &off);
  if (rc == ompd_rc_ok)
    rc = read_field (c->as, thread, L_thread_partition_len, &len);
  if (rc != ompd_rc_ok)
    return rc;
  if (len > 4096)
    return ompd_rc_error;
  char b[4096 * 8];
  struct strbuf sb;
  sb_init (&sb, b, sizeof b);
  for (uint64_t i = 0; i < len; i++)
    {
      if (i)
	sb_str (&sb, ",");
      sb_u64 (&sb, off + i);
    }
  return val_str (v, b);
}

static ompd_rc_t
icv_cancel_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_cancel_var, &x);
  return rc != ompd_rc_ok ? rc : val_bool (v, (uint64_t) x);
}

static ompd_rc_t
icv_display_affinity_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_display_affinity_var, &x);
  return rc != ompd_rc_ok ? rc : val_bool (v, (uint64_t) x);
}

static ompd_rc_t
icv_affinity_format_var (struct icv_ctx *c, struct icv_val *v)
{
  return gicv_string (c, L_gicv_affinity_format, v);
}

static ompd_rc_t
icv_default_device_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = task_field (c, L_task_default_device_var, &x);
  return rc != ompd_rc_ok ? rc : val_int (v, x);
}

/* 0 default, 1 mandatory, 2 disabled (the OMP_TARGET_OFFLOAD keywords in
   the order of the spec).  */
static ompd_rc_t
icv_target_offload_var (struct icv_ctx *c, struct icv_val *v)
{
  static const char *const names[] = { "default", "mandatory", "disabled" };
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_target_offload_var, &x);
  if (rc != ompd_rc_ok)
    return rc;
  return val_named (v, x, x >= 0 && x < 3 ? names[x] : "unknown");
}

static ompd_rc_t
icv_max_task_priority_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_max_task_priority_var, &x);
  return rc != ompd_rc_ok ? rc : val_int (v, x);
}

/* Value of NAME in the runtime's display control variables, if it lists
   it (into B, without quotes); *FOUND false otherwise.  */
static ompd_rc_t
env_value (struct icv_ctx *c, const char *name, char *b, size_t bsize,
	   bool *found)
{
  *found = false;
  const char *const *vars;
  ompd_rc_t rc = ompd_get_display_control_vars (c->as, &vars);
  if (rc == ompd_rc_unavailable)
    return ompd_rc_ok;
  if (rc != ompd_rc_ok)
    return rc;
  size_t n = strlen (name);
  for (size_t i = 0; vars[i] != NULL; i++)
    {
      const char *p = vars[i];
      while (*p == ' ')
	p++;
      if (strncmp (p, name, n) != 0)
	continue;
      p += n;
      while (*p == ' ')
	p++;
      if (*p != '=')
	continue;
      p++;
      while (*p == ' ')
	p++;
      size_t len = strlen (p);
      if (len >= 2 && p[0] == '\'' && p[len - 1] == '\'')
	{
	  p++;
	  len -= 2;
	}
      if (len >= bsize)
	len = bsize - 1;
      memcpy (b, p, len);
      b[len] = '\0';
      *found = true;
      break;
    }
  ompd_rel_display_control_vars (&vars);
  return ompd_rc_ok;
}

/* The OMPT tool ICVs, from the runtime's display control variables
   (runtime/display-env.c lists all three); a runtime whose block does
   not has no OMPT: tool-var disabled, tool-libraries-var empty,
   tool-verbose-init-var disabled.  */
static ompd_rc_t
icv_tool_var (struct icv_ctx *c, struct icv_val *v)
{
  char b[256];
  bool found;
  ompd_rc_t rc = env_value (c, "OMP_TOOL", b, sizeof b, &found);
  if (rc != ompd_rc_ok)
    return rc;
  bool on = found && (strcasecmp (b, "enabled") == 0);
  return val_named (v, on, on ? "enabled" : "disabled");
}

static ompd_rc_t
icv_tool_libraries_var (struct icv_ctx *c, struct icv_val *v)
{
  char b[4096];
  bool found;
  ompd_rc_t rc = env_value (c, "OMP_TOOL_LIBRARIES", b, sizeof b, &found);
  if (rc != ompd_rc_ok)
    return rc;
  return val_str (v, found ? b : "");
}

static ompd_rc_t
icv_tool_verbose_init_var (struct icv_ctx *c, struct icv_val *v)
{
  char b[4096];
  bool found;
  ompd_rc_t rc = env_value (c, "OMP_TOOL_VERBOSE_INIT", b, sizeof b, &found);
  if (rc != ompd_rc_ok)
    return rc;
  return val_str (v, found ? b : "disabled");
}

static ompd_rc_t
icv_debug_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_debug_var, &x);
  if (rc != ompd_rc_ok)
    return rc;
  return val_named (v, x != 0, x ? "enabled" : "disabled");
}

static ompd_rc_t
icv_num_procs_var (struct icv_ctx *c, struct icv_val *v)
{
  ompd_addr_t root = c->as->roots[OMPDBG_ROOT_NUM_PROCS];
  if (root == 0)
    return ompd_rc_unavailable;
  uint64_t x;
  ompd_rc_t rc = tread_uint (c->as, root, c->as->sizes.sizeof_int, &x);
  return rc != ompd_rc_ok ? rc : val_int (v, (int64_t) (uint32_t) x);
}

/* The thread's number in its current team (0 outside any region), also
   for a member released into its region that has not begun its
   implicit task there; an idle pool thread is in no team.  */
static ompd_rc_t
icv_thread_num_var (struct icv_ctx *c, struct icv_val *v)
{
  bool idle;
  struct thread_now t;
  ompd_rc_t rc = thread_now (c->as, c->th->addr, &t);
  if (rc == ompd_rc_ok)
    rc = thread_idle (c->th, &t, &idle);
  if (rc != ompd_rc_ok)
    return rc;
  if (idle)
    return ompd_rc_unavailable;
  return val_int (v, (int64_t) t.num);
}

static ompd_rc_t
task_kind (struct icv_ctx *c, uint64_t *kind)
{
  return get_field (c->as, c->tk->buf, L_task, L_task_kind, kind);
}

static ompd_rc_t
icv_final_task_var (struct icv_ctx *c, struct icv_val *v)
{
  uint64_t k;
  ompd_rc_t rc = task_kind (c, &k);
  return rc != ompd_rc_ok ? rc : val_bool (v, k & ompt_task_final);
}

static ompd_rc_t
icv_implicit_task_var (struct icv_ctx *c, struct icv_val *v)
{
  uint64_t k;
  ompd_rc_t rc = task_kind (c, &k);
  return rc != ompd_rc_ok ? rc : val_bool (v, k & ompt_task_implicit);
}

static ompd_rc_t
icv_explicit_task_var (struct icv_ctx *c, struct icv_val *v)
{
  uint64_t k;
  ompd_rc_t rc = task_kind (c, &k);
  return rc != ompd_rc_ok ? rc : val_bool (v, !(k & ompt_task_implicit));
}

static const char *const allocator_names[] = {
  "omp_null_allocator", "omp_default_mem_alloc", "omp_large_cap_mem_alloc",
  "omp_const_mem_alloc", "omp_high_bw_mem_alloc", "omp_low_lat_mem_alloc",
  "omp_cgroup_mem_alloc", "omp_pteam_mem_alloc", "omp_thread_mem_alloc"
};

/* The task's allocator handle; 0 in the task means the OMP_ALLOCATOR
   value.  The string names a predefined allocator, else gives the
   handle in hexadecimal.  */
static ompd_rc_t
icv_def_allocator_var (struct icv_ctx *c, struct icv_val *v)
{
  uint64_t x = 0;
  ompd_rc_t rc = task_ufield (c, L_task_def_allocator_var, &x);
  if (rc == ompd_rc_ok && x == 0)
    {
      int64_t g;
      rc = gicv_field (c, L_gicv_def_allocator_var, &g);
      x = (uint64_t) g;
    }
  if (rc != ompd_rc_ok)
    return rc;
  if (x < sizeof allocator_names / sizeof allocator_names[0])
    return val_named (v, (int64_t) x, allocator_names[x]);
  char b[32];
  struct strbuf sb;
  sb_init (&sb, b, sizeof b);
  sb_hex (&sb, x);
  return val_named (v, (int64_t) x, b);
}

static ompd_rc_t
icv_nteams_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_num_teams_var, &x);
  return rc != ompd_rc_ok ? rc : val_int (v, x);
}

static ompd_rc_t
icv_teams_thread_limit_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_teams_thread_limit_var, &x);
  return rc != ompd_rc_ok ? rc : val_int (v, x);
}

static ompd_rc_t
icv_gomp_spincount_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_spin_count, &x);
  return rc != ompd_rc_ok ? rc : val_int (v, x);
}

static ompd_rc_t
icv_gomp_throttled_spincount_var (struct icv_ctx *c, struct icv_val *v)
{
  int64_t x;
  ompd_rc_t rc = gicv_field (c, L_gicv_throttled_spin_count, &x);
  return rc != ompd_rc_ok ? rc : val_int (v, x);
}

static ompd_rc_t
icv_gomp_cpu_affinity_var (struct icv_ctx *c, struct icv_val *v)
{
  return gicv_string (c, L_gicv_cpu_affinity_string, v);
}

static ompd_rc_t
icv_gomp_places_var (struct icv_ctx *c, struct icv_val *v)
{
  return gicv_string (c, L_gicv_places_string, v);
}

/* ---- the entry points ------------------------------------------------------ */

EXPORT ompd_rc_t
ompd_enumerate_icvs (ompd_address_space_handle_t *handle,
		     ompd_icv_id_t current, ompd_icv_id_t *next_id,
		     const char **next_icv_name, ompd_scope_t *next_scope,
		     int *more)
{
  ompd_rc_t rc = check_aspace (handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (next_id == NULL || next_icv_name == NULL || next_scope == NULL
      || more == NULL)
    return ompd_rc_bad_input;
  if (current >= NICVS)
    return ompd_rc_bad_input;	/* unknown, or the last one */
  rc = lib_strdup (icvs[current].name, next_icv_name);
  if (rc != ompd_rc_ok)
    return rc;
  *next_id = current + 1;
  *next_scope = icvs[current].scope;
  *more = current + 1 < NICVS;
  return ompd_rc_ok;
}

/* Check HANDLE against SCOPE and SCOPE against the ICV's, then read.  */
static ompd_rc_t
icv_eval (void *handle, ompd_scope_t scope, ompd_icv_id_t icv_id,
	  struct icv_val *v)
{
  memset (v, 0, sizeof *v);
  struct icv_ctx c = { NULL, NULL, NULL, NULL };
  ompd_rc_t rc;
  switch (scope)
    {
    case ompd_scope_global:
    case ompd_scope_address_space:
      rc = check_aspace (handle);
      c.as = handle;
      break;
    case ompd_scope_thread:
      rc = check_thread (handle);
      c.th = handle;
      if (rc == ompd_rc_ok)
	c.as = c.th->as;
      break;
    case ompd_scope_parallel:
      rc = check_parallel (handle);
      c.ph = handle;
      if (rc == ompd_rc_ok)
	c.as = c.ph->as;
      break;
    case ompd_scope_implicit_task:
    case ompd_scope_task:
      rc = check_task (handle);
      c.tk = handle;
      if (rc == ompd_rc_ok)
	c.as = c.tk->as;
      break;
    default:
      return ompd_rc_bad_input;
    }
  if (rc != ompd_rc_ok)
    return rc;
  if (icv_id == ompd_icv_undefined || icv_id > NICVS)
    return ompd_rc_bad_input;
  ompd_scope_t want = icvs[icv_id - 1].scope;
  bool ok = scope == want
    || (want == ompd_scope_address_space && scope == ompd_scope_global)
    || (want == ompd_scope_task && scope == ompd_scope_implicit_task);
  if (!ok)
    return ompd_rc_incompatible;
  if (scope == ompd_scope_implicit_task)
    {
      uint64_t kind;
      rc = task_kind (&c, &kind);
      if (rc != ompd_rc_ok)
	return rc;
      if (!(kind & ompt_task_implicit))
	return ompd_rc_bad_input;	/* not an implicit task's handle */
    }
  rc = icvs[icv_id - 1].read (&c, v);
  if (rc != ompd_rc_ok)
    {
      lib_free (v->str);
      v->str = NULL;
    }
  return rc;
}

EXPORT ompd_rc_t
ompd_get_icv_from_scope (void *handle, ompd_scope_t scope,
			 ompd_icv_id_t icv_id, ompd_word_t *icv_value)
{
  if (handle == NULL)
    return ompd_rc_stale_handle;
  if (icv_value == NULL)
    return ompd_rc_bad_input;
  struct icv_val v;
  ompd_rc_t rc = icv_eval (handle, scope, icv_id, &v);
  if (rc != ompd_rc_ok)
    return rc;
  lib_free (v.str);
  if (!v.has_int)
    return ompd_rc_incompatible;	/* only a string form */
  *icv_value = v.i;
  return v.incomplete ? ompd_rc_incomplete : ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_get_icv_string_from_scope (void *handle, ompd_scope_t scope,
				ompd_icv_id_t icv_id, const char **icv_string)
{
  if (handle == NULL)
    return ompd_rc_stale_handle;
  if (icv_string == NULL)
    return ompd_rc_bad_input;
  struct icv_val v;
  ompd_rc_t rc = icv_eval (handle, scope, icv_id, &v);
  if (rc != ompd_rc_ok)
    return rc;
  *icv_string = v.str;
  return ompd_rc_ok;
}
