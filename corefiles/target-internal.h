/* target-internal.h -- what the files of libompdbg-target share.  */

#ifndef OMPDBG_TARGET_INTERNAL_H
#define OMPDBG_TARGET_INTERNAL_H 1

#include <stdbool.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>

#include "corefiles/ompdbg-target.h"

/* Handle tags: a stale or foreign pointer is refused instead of being
   used (the tag is cleared when the object is freed).  */
#define OMPDBG_TARGET_MAGIC 0x6f6d7074u	/* "ompt" */
#define OMPDBG_THREAD_MAGIC 0x6f6d7468u	/* "omth" */
#define OMPDBG_SESSION_MAGIC 0x6f6d7365u	/* "omse" */

struct ompdbg_thread
{
  uint32_t magic;
  struct ompdbg_target *target;
  pid_t lwp;
  /* Live: the signal the thread was stopped with when it was not our
     interrupt, to be delivered again at detach.  */
  int pending_signal;
  /* Registers, read on first use.  */
  bool regs_read;
  ompdbg_err_t regs_err;
  bool have_fp;
  uint64_t pc, sp, fp;
  /* The thread pointer (target-tls.c), read on first use.  */
  bool tp_read;
  ompdbg_err_t tp_err;
  uint64_t tp;
};

/* One PT_LOAD of a core file.  AVAIL is how much of its FILESZ bytes
   the file holds: less in a truncated core.  */
struct core_segment
{
  uint64_t vaddr, memsz;
  uint64_t offset, filesz, avail;
};

enum tid_offset_state { TID_OFFSET_UNKNOWN, TID_OFFSET_KNOWN, TID_OFFSET_NONE };

struct ompdbg_target
{
  uint32_t magic;
  bool live;
  pid_t pid;
  Dwfl *dwfl;

  /* Live.  */
  int mem_fd;
  bool mem_writable;

  /* Core.  */
  int core_fd;
  Elf *core_elf;
  uint64_t core_size;
  struct core_segment *segments;
  size_t nsegments;
  /* Truncated: the size the program headers need (0 when the file has
     it all), the segments cut short and their bytes missing.  */
  uint64_t core_needed;
  size_t core_cut;
  uint64_t core_missing;

  /* Modules, the executable first, then by address; filled lazily.  */
  Dwfl_Module **modules;
  size_t nmodules;
  bool modules_listed;

  /* From the main module (or the core's ELF header).  */
  int elfclass;
  int byte_order;
  GElf_Half machine;

  struct ompdbg_thread **threads;
  size_t nthreads;

  /* Offset of glibc's struct pthread `tid` field (target-threads.c).  */
  enum tid_offset_state tid_offset_state;
  uint32_t tid_offset;
};

/* target.c */
bool ompdbg_target_valid (const struct ompdbg_target *t);
bool ompdbg_thread_valid (const struct ompdbg_thread *th);
struct ompdbg_target *ompdbg_target_new (bool live);
ompdbg_err_t ompdbg_target_add_thread (struct ompdbg_target *t, pid_t lwp,
				       struct ompdbg_thread **threadp);
ompdbg_err_t ompdbg_target_list_modules (struct ompdbg_target *t);
ompdbg_err_t ompdbg_target_set_class (struct ompdbg_target *t, Elf *elf);
void ompdbg_target_free (struct ompdbg_target *t);

/* target-threads.c */
void ompdbg_thread_read_regs (struct ompdbg_thread *th, Dwfl_Thread *thread);

/* target-symbols.c */
ompdbg_err_t ompdbg_lookup_symbol_tls (struct ompdbg_target *t,
				       const char *name, const char *file_name,
				       uint64_t *addr, Dwfl_Module **tls_mod,
				       uint64_t *tls_offset);

/* target-memory.c */
ompdbg_err_t ompdbg_core_read (struct ompdbg_target *t, uint64_t addr,
			       size_t size, void *buf, size_t *done);

#endif
