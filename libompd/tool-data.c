/* tool-data.c -- ompd_get_tool_data (OpenMP 5.1 §5.5.9.4): the OMPT tool
   data word (ompt_data_t) the runtime keeps per thread, per parallel
   region and per task.  VALUE is the word, PTR its address in the
   target (where an OMPT tool's callbacks would have written it).  */

#include "config.h"
#include "libompd/libompd-int.h"

EXPORT ompd_rc_t
ompd_get_tool_data (void *handle, ompd_scope_t scope, ompd_word_t *value,
		    ompd_address_t *ptr)
{
  if (handle == NULL)
    return ompd_rc_stale_handle;
  if (value == NULL || ptr == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as;
  ompd_addr_t base;
  enum layout_id fid;
  ompd_rc_t rc;
  switch (scope)
    {
    case ompd_scope_thread:
      {
	ompd_thread_handle_t *th = handle;
	if ((rc = check_thread (th)) != ompd_rc_ok)
	  return rc;
	as = th->as;
	base = th->addr;
	fid = L_thread_tool_data;
	break;
      }
    case ompd_scope_parallel:
      {
	ompd_parallel_handle_t *ph = handle;
	if ((rc = check_parallel (ph)) != ompd_rc_ok)
	  return rc;
	if (ph->team == 0)
	  return ompd_rc_unavailable;	/* the implicit outermost region */
	as = ph->as;
	base = ph->team;
	fid = L_team_tool_data;
	break;
      }
    case ompd_scope_implicit_task:
    case ompd_scope_task:
      {
	ompd_task_handle_t *tk = handle;
	if ((rc = check_task (tk)) != ompd_rc_ok)
	  return rc;
	if (scope == ompd_scope_implicit_task)
	  {
	    uint64_t kind;
	    rc = get_field (tk->as, tk->buf, L_task, L_task_kind, &kind);
	    if (rc != ompd_rc_ok)
	      return rc;
	    if (!(kind & ompt_task_implicit))
	      return ompd_rc_bad_input;
	  }
	as = tk->as;
	base = tk->addr;
	fid = L_task_tool_data;
	break;
      }
    case ompd_scope_global:
    case ompd_scope_address_space:
      /* No tool data at these scopes.  */
      return ompd_rc_bad_input;
    default:
      return ompd_rc_bad_input;
    }
  uint64_t v;
  rc = read_field (as, base, fid, &v);
  if (rc != ompd_rc_ok)
    return rc;
  *value = (ompd_word_t) v;
  ptr->segment = ompd_segment_none;
  ptr->address = base + as->items[fid].offset;
  return ompd_rc_ok;
}
