/* target-memory.c -- reading and writing the target's memory.

   Live: /proc/PID/mem (the threads are ptrace-stopped, so the kernel lets
   us read and write it; one pread per request instead of a PEEKDATA per
   word).

   Core: the bytes a PT_LOAD segment holds in the file (none past the end
   of a truncated core: those were dumped, and are lost); past a segment's
   p_filesz (a kernel core leaves out unmodified file-backed pages: text,
   .rodata), or where no segment covers the address (gdb's gcore writes
   none for such mappings), the bytes come from the module mapped there, i.e. from its ELF
   file's PT_LOAD at the same address, or zero in its .bss part.  */

#include <config.h>

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "corefiles/target-internal.h"

static const struct core_segment *
core_segment_at (struct ompdbg_target *t, uint64_t addr)
{
  for (size_t i = 0; i < t->nsegments; i++)
    {
      const struct core_segment *s = &t->segments[i];
      if (addr >= s->vaddr && addr - s->vaddr < s->memsz)
	return s;
    }
  return NULL;
}

/* Read from the file of the module mapped at ADDR at most SIZE bytes (not
   crossing its segment); *N gets the count.  */
static ompdbg_err_t
module_file_read (struct ompdbg_target *t, uint64_t addr, size_t size,
		  void *buf, size_t *n)
{
  Dwfl_Module *mod = dwfl_addrmodule (t->dwfl, addr);
  if (mod == NULL)
    return OMPDBG_E_UNMAPPED;
  GElf_Addr bias;
  Elf *elf = dwfl_module_getelf (mod, &bias);
  if (elf == NULL)
    return OMPDBG_E_UNMAPPED;
  size_t phnum;
  if (elf_getphdrnum (elf, &phnum) != 0)
    return OMPDBG_E_UNMAPPED;
  size_t fsize;
  const char *image = elf_rawfile (elf, &fsize);
  for (size_t i = 0; i < phnum; i++)
    {
      GElf_Phdr ph;
      if (gelf_getphdr (elf, i, &ph) == NULL || ph.p_type != PT_LOAD)
	continue;
      uint64_t start = ph.p_vaddr + bias;
      if (addr < start || addr - start >= ph.p_memsz)
	continue;
      uint64_t off = addr - start;
      if (off >= ph.p_filesz)
	{
	  /* .bss: zero-filled, unless the core had it (it would have).  */
	  size_t len = ph.p_memsz - off < size ? ph.p_memsz - off : size;
	  memset (buf, 0, len);
	  *n = len;
	  return OMPDBG_E_OK;
	}
      size_t len = ph.p_filesz - off < size ? ph.p_filesz - off : size;
      if (image == NULL || ph.p_offset > fsize
	  || ph.p_offset + off > fsize || len > fsize - ph.p_offset - off)
	return OMPDBG_E_UNMAPPED;
      memcpy (buf, image + ph.p_offset + off, len);
      *n = len;
      return OMPDBG_E_OK;
    }
  return OMPDBG_E_UNMAPPED;
}

/* Read SIZE bytes at ADDR from a core into BUF; *DONE gets how many were
   read before the first unreadable byte.  */
ompdbg_err_t
ompdbg_core_read (struct ompdbg_target *t, uint64_t addr, size_t size,
		  void *buf, size_t *done)
{
  char *out = buf;
  *done = 0;
  while (size > 0)
    {
      const struct core_segment *s = core_segment_at (t, addr);
      uint64_t off = s != NULL ? addr - s->vaddr : 0;
      size_t n;
      if (s == NULL)
	{
	  /* No segment at all: gdb's gcore, like the kernel, leaves out
	     read-only file mappings, and writes no header for them.  The
	     module mapped there still tells what they hold.  */
	  ompdbg_err_t err = module_file_read (t, addr, size, out, &n);
	  if (err != OMPDBG_E_OK)
	    return err;
	}
      else if (off < s->filesz)
	{
	  /* Dumped, but past the end of a truncated core.  */
	  if (off >= s->avail)
	    return OMPDBG_E_TRUNCATED;
	  n = s->avail - off < size ? s->avail - off : size;
	  ssize_t r = pread (t->core_fd, out, n, s->offset + off);
	  if (r <= 0)
	    return OMPDBG_E_UNMAPPED;
	  n = r;
	}
      else
	{
	  /* Left out of the core: file-backed, so from the module file.
	     Never past the core segment (the mapping) itself.  */
	  size_t max = s->memsz - off < size ? s->memsz - off : size;
	  ompdbg_err_t err = module_file_read (t, addr, max, out, &n);
	  if (err != OMPDBG_E_OK)
	    return err;
	}
      out += n;
      addr += n;
      size -= n;
      *done += n;
    }
  return OMPDBG_E_OK;
}

/* Read up to SIZE bytes; *DONE is the count read before an error.  */
static ompdbg_err_t
read_some (struct ompdbg_target *t, uint64_t addr, size_t size, void *buf,
	   size_t *done)
{
  if (!t->live)
    return ompdbg_core_read (t, addr, size, buf, done);
  *done = 0;
  char *out = buf;
  while (size > 0)
    {
      /* /proc/PID/mem takes an off_t: addresses above 2^63 (kernel
	 space) are not readable anyway.  */
      if ((int64_t) addr < 0)
	return OMPDBG_E_UNMAPPED;
      ssize_t r = pread (t->mem_fd, out, size, (off_t) addr);
      if (r < 0 && errno == EINTR)
	continue;
      if (r <= 0)
	return r == 0 && *done == 0 ? OMPDBG_E_NOPROC : OMPDBG_E_UNMAPPED;
      out += r;
      addr += r;
      size -= r;
      *done += r;
    }
  return OMPDBG_E_OK;
}

ompdbg_err_t
ompdbg_read_memory (struct ompdbg_target *t, uint64_t addr, size_t size,
		    void *buf)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (buf == NULL && size > 0)
    return OMPDBG_E_BADARG;
  if (addr + size < addr)
    return OMPDBG_E_UNMAPPED;
  size_t done;
  ompdbg_err_t err = read_some (t, addr, size, buf, &done);
  /* An exited process reads as end-of-file: not mapped any more.  */
  return err == OMPDBG_E_NOPROC ? OMPDBG_E_UNMAPPED : err;
}

ompdbg_err_t
ompdbg_read_string (struct ompdbg_target *t, uint64_t addr, size_t size,
		    char *buf)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (buf == NULL || size == 0)
    return OMPDBG_E_BADARG;
  /* Read in pieces that end at 256-byte boundaries: a short string at
     the very end of a mapping must not fail because the next page is
     unmapped.  */
  size_t got = 0;
  while (got < size)
    {
      uint64_t a = addr + got;
      if (a < addr)
	return OMPDBG_E_UNMAPPED;
      size_t chunk = 256 - (a & 255);
      if (chunk > size - got)
	chunk = size - got;
      size_t done;
      ompdbg_err_t err = read_some (t, a, chunk, buf + got, &done);
      char *nul = memchr (buf + got, '\0', done);
      if (nul != NULL)
	return OMPDBG_E_OK;
      if (err != OMPDBG_E_OK)
	return err == OMPDBG_E_NOPROC ? OMPDBG_E_UNMAPPED : err;
      got += done;
    }
  return OMPDBG_E_INCOMPLETE;
}

ompdbg_err_t
ompdbg_write_memory (struct ompdbg_target *t, uint64_t addr, size_t size,
		     const void *buf)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (buf == NULL && size > 0)
    return OMPDBG_E_BADARG;
  if (!t->live)
    return OMPDBG_E_READONLY;
  if (!t->mem_writable)
    return OMPDBG_E_WRITE;
  if (addr + size < addr || (int64_t) (addr + size) < 0)
    return OMPDBG_E_UNMAPPED;
  const char *in = buf;
  while (size > 0)
    {
      ssize_t r = pwrite (t->mem_fd, in, size, (off_t) addr);
      if (r < 0 && errno == EINTR)
	continue;
      if (r <= 0)
	return errno == EIO || errno == EFAULT || r == 0
	  ? OMPDBG_E_UNMAPPED : OMPDBG_E_WRITE;
      in += r;
      addr += r;
      size -= r;
    }
  return OMPDBG_E_OK;
}
