/* target-live.c -- a running process as a target: stop every thread with
   ptrace, read memory through /proc/PID/mem, and let libdwfl find the
   modules from /proc/PID/maps and the registers of the stopped threads.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ptrace.h>
#include <sys/wait.h>

#include "corefiles/target-internal.h"

static char *debuginfo_path;

static const Dwfl_Callbacks live_callbacks = {
  .find_elf = dwfl_linux_proc_find_elf,
  .find_debuginfo = dwfl_standard_find_debuginfo,
  .debuginfo_path = &debuginfo_path,
};

static bool
have_thread (struct ompdbg_target *t, pid_t lwp)
{
  for (size_t i = 0; i < t->nthreads; i++)
    if (t->threads[i]->lwp == lwp)
      return true;
  return false;
}

/* Seize and stop thread LWP.  PTRACE_SEIZE does not stop it by itself and
   sends no SIGSTOP that could leak into the program; PTRACE_INTERRUPT
   then stops it in a group-stop-like state.  Returns OK, or NOTHREAD when
   the thread is gone (it exited between listing and seizing).  */
static ompdbg_err_t
stop_thread (struct ompdbg_target *t, pid_t lwp)
{
  if (ptrace (PTRACE_SEIZE, lwp, NULL, NULL) != 0)
    {
      if (errno == ESRCH)
	return OMPDBG_E_NOTHREAD;
      return errno == EPERM ? OMPDBG_E_PERM : OMPDBG_E_ATTACH;
    }
  struct ompdbg_thread *th;
  ompdbg_err_t err = ompdbg_target_add_thread (t, lwp, &th);
  if (err != OMPDBG_E_OK)
    {
      ptrace (PTRACE_DETACH, lwp, NULL, NULL);
      return err;
    }
  if (ptrace (PTRACE_INTERRUPT, lwp, NULL, NULL) != 0 && errno != ESRCH)
    return OMPDBG_E_ATTACH;
  for (;;)
    {
      int status;
      pid_t r = waitpid (lwp, &status, __WALL);
      if (r == -1 && errno == EINTR)
	continue;
      if (r == -1)
	return OMPDBG_E_ATTACH;
      if (WIFEXITED (status) || WIFSIGNALED (status))
	{
	  /* Gone: drop it from the list (it is the last one added).  */
	  t->nthreads--;
	  t->threads[t->nthreads]->magic = 0;
	  free (t->threads[t->nthreads]);
	  return OMPDBG_E_NOTHREAD;
	}
      if (WIFSTOPPED (status))
	{
	  /* Our interrupt shows as an event stop (SIGTRAP with
	     PTRACE_EVENT_STOP); any other stop is a signal that was on its
	     way to the thread: keep it stopped there and deliver the
	     signal at detach.  */
	  int sig = WSTOPSIG (status);
	  if ((status >> 16) != PTRACE_EVENT_STOP)
	    th->pending_signal = sig;
	  return OMPDBG_E_OK;
	}
    }
}

/* Stop every thread: list /proc/PID/task until a pass finds no thread we
   have not stopped (a running thread may create one while we list).  */
static ompdbg_err_t
stop_all_threads (struct ompdbg_target *t)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/%d/task", (int) t->pid);
  for (int pass = 0; pass < 1000; pass++)
    {
      DIR *d = opendir (path);
      if (d == NULL)
	return errno == ENOENT ? OMPDBG_E_NOPROC
	  : errno == EACCES ? OMPDBG_E_PERM : OMPDBG_E_ATTACH;
      bool added = false;
      struct dirent *de;
      ompdbg_err_t err = OMPDBG_E_OK;
      while ((de = readdir (d)) != NULL)
	{
	  char *end;
	  long lwp = strtol (de->d_name, &end, 10);
	  if (*end != '\0' || lwp <= 0 || have_thread (t, lwp))
	    continue;
	  err = stop_thread (t, lwp);
	  if (err == OMPDBG_E_NOTHREAD)
	    err = OMPDBG_E_OK;
	  else if (err != OMPDBG_E_OK)
	    break;
	  else
	    added = true;
	}
      closedir (d);
      if (err != OMPDBG_E_OK)
	return err;
      if (!added)
	return t->nthreads > 0 ? OMPDBG_E_OK : OMPDBG_E_NOPROC;
    }
  return OMPDBG_E_ATTACH;
}

ompdbg_err_t
ompdbg_target_attach (pid_t pid, struct ompdbg_target **targetp)
{
  if (targetp == NULL || pid <= 0)
    return OMPDBG_E_BADARG;
  *targetp = NULL;
  /* A thread id is not a process: /proc/PID/status's Tgid must be PID.  */
  char path[64];
  snprintf (path, sizeof path, "/proc/%d/status", (int) pid);
  FILE *f = fopen (path, "re");
  if (f == NULL)
    return errno == ENOENT ? OMPDBG_E_NOPROC : OMPDBG_E_PERM;
  char line[256];
  long tgid = -1;
  while (fgets (line, sizeof line, f) != NULL)
    if (sscanf (line, "Tgid: %ld", &tgid) == 1)
      break;
  fclose (f);
  if (tgid != pid)
    return OMPDBG_E_NOPROC;
  if (pid == getpid ())
    return OMPDBG_E_BADARG;

  struct ompdbg_target *t = ompdbg_target_new (true);
  if (t == NULL)
    return OMPDBG_E_NOMEM;
  t->pid = pid;
  ompdbg_err_t err = stop_all_threads (t);
  if (err != OMPDBG_E_OK)
    goto fail;

  snprintf (path, sizeof path, "/proc/%d/mem", (int) pid);
  t->mem_fd = open (path, O_RDWR | O_CLOEXEC);
  t->mem_writable = t->mem_fd >= 0;
  if (t->mem_fd < 0)
    t->mem_fd = open (path, O_RDONLY | O_CLOEXEC);
  if (t->mem_fd < 0)
    {
      err = errno == EACCES || errno == EPERM ? OMPDBG_E_PERM : OMPDBG_E_NOPROC;
      goto fail;
    }

  err = OMPDBG_E_DWFL;
  t->dwfl = dwfl_begin (&live_callbacks);
  if (t->dwfl == NULL)
    goto fail;
  dwfl_report_begin (t->dwfl);
  int r = dwfl_linux_proc_report (t->dwfl, pid);
  if (dwfl_report_end (t->dwfl, NULL, NULL) != 0 || r != 0)
    {
      err = r == ENOENT || r == ESRCH ? OMPDBG_E_NOPROC : OMPDBG_E_NOMODULES;
      goto fail;
    }
  /* The threads are ours and stopped already: libdwfl must neither
     attach nor detach them.  */
  if (dwfl_linux_proc_attach (t->dwfl, pid, true) != 0)
    goto fail;
  err = ompdbg_target_list_modules (t);
  if (err != OMPDBG_E_OK)
    goto fail;
  GElf_Addr bias;
  err = ompdbg_target_set_class (t, dwfl_module_getelf (t->modules[0], &bias));
  if (err != OMPDBG_E_OK)
    goto fail;
  *targetp = t;
  return OMPDBG_E_OK;

fail:
  ompdbg_target_close (t);
  return err;
}
