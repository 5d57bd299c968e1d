/* layout-core.c -- the runtime's layout table is in a core file.

   Usage: layout-core CORE ADDRESS RUNTIME.so

   ADDRESS is where ompdbg_layout was in the process that CORE was dumped
   from (gdb prints it: layout-core.sh).  Reads the table from the core's
   PT_LOAD segments with libelf, with nothing but the core, and checks:
   the header (magic, version, `live' set), that its entries and string
   pool are byte for byte those of RUNTIME.so's table (loaded here with
   dlopen: the same library), i.e. every page of the table was dumped and
   not left out as an unmodified file page, and that the display control
   variables block its root points to is in the core too, with the
   OMP_NUM_THREADS value layout-core.sh ran the program with.  */

#include "config.h"
#include "libompd/ompdbg-layout.h"
#define CHECK_KEEP_GOING 1
#include "tests/lib/check.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static Elf *core;

/* Copy LEN bytes at ADDR of the dumped process into BUF; false if the
   core does not hold all of them (no segment, or not dumped).  */
static bool
read_core (uint64_t addr, void *buf, size_t len)
{
  size_t n;
  if (elf_getphdrnum (core, &n) != 0)
    return false;
  for (size_t i = 0; i < n; i++)
    {
      GElf_Phdr ph;
      if (gelf_getphdr (core, (int) i, &ph) == NULL || ph.p_type != PT_LOAD
	  || addr < ph.p_vaddr || addr - ph.p_vaddr >= ph.p_memsz)
	continue;
      if (addr - ph.p_vaddr + len > ph.p_filesz)
	return false;		/* in the process, but not in the core */
      Elf_Data *d = elf_getdata_rawchunk (core, (int64_t) (ph.p_offset
							  + addr
							  - ph.p_vaddr),
					  len, ELF_T_BYTE);
      if (d == NULL || d->d_size != len)
	return false;
      memcpy (buf, d->d_buf, len);
      return true;
    }
  return false;
}

int
main (int argc, char **argv)
{
  if (argc != 4)
    {
      fprintf (stderr, "usage: layout-core CORE ADDRESS RUNTIME.so\n");
      return 99;
    }
  uint64_t addr = strtoull (argv[2], NULL, 0);
  elf_version (EV_CURRENT);
  int fd = open (argv[1], O_RDONLY);
  if (fd < 0)
    {
      printf ("FAIL: %s: %s\n", argv[1], strerror (errno));
      return 1;
    }
  core = elf_begin (fd, ELF_C_READ_MMAP, NULL);
  GElf_Ehdr eh;
  if (core == NULL || gelf_getehdr (core, &eh) == NULL
      || eh.e_type != ET_CORE)
    {
      printf ("FAIL: %s is not an ELF core: %s\n", argv[1], elf_errmsg (-1));
      return 1;
    }

  struct ompdbg_layout_header h;
  if (!read_core (addr, &h, sizeof h))
    {
      printf ("FAIL: the table header at %#" PRIx64 " is not in the core\n",
	      addr);
      return 1;
    }
  if (h.magic != OMPDBG_LAYOUT_MAGIC || h.version != OMPDBG_LAYOUT_VERSION
      || h.header_size != sizeof h)
    {
      printf ("FAIL: no layout table at %#" PRIx64 " in the core (magic "
	      "%#" PRIx64 ", version %u)\n", addr, h.magic, h.version);
      return 1;
    }
  CHECK (h.live == OMPDBG_LAYOUT_MAGIC, "live is %#" PRIx64 " in the core",
	 h.live);

  void *lib = dlopen (argv[3], RTLD_NOW | RTLD_LOCAL);
  const struct ompdbg_layout_header *mine
    = lib ? dlsym (lib, "ompdbg_layout") : NULL;
  if (mine == NULL)
    {
      printf ("FAIL: %s: %s\n", argv[3], dlerror ());
      return 1;
    }
  if (h.total_size != mine->total_size || h.nentries != mine->nentries)
    {
      printf ("FAIL: core table of %u bytes, %u entries; %s: %u, %u\n",
	      h.total_size, h.nentries, argv[3], mine->total_size,
	      mine->nentries);
      return 1;
    }
  size_t rest = h.total_size - h.header_size;
  char *buf = malloc (rest);
  if (buf == NULL || !read_core (addr + h.header_size, buf, rest))
    {
      printf ("FAIL: entries and strings (%zu bytes after the header) are "
	      "not all in the core\n", rest);
      return 1;
    }
  CHECK (memcmp (buf, (const char *) mine + h.header_size, rest) == 0,
	 "entries and strings in the core differ from %s's", argv[3]);
  free (buf);

  /* The env block: a pointer at the root, a string on the heap.  */
  uint64_t block = 0;
  char text[4096];
  if (h.sizeof_pointer != sizeof block
      || !read_core (h.roots[OMPDBG_ROOT_ENV_BLOCK], &block, sizeof block)
      || block == 0)
    {
      printf ("FAIL: the env block pointer is not in the core\n");
      return 1;
    }
  /* Read what is there of the first 4 KiB; the string is shorter.  */
  size_t got = 0;
  while (got < sizeof text - 1 && read_core (block + got, text + got, 1))
    if (text[got++] == '\0')
      break;
  text[got] = '\0';
  CHECK (strstr (text, "OMP_NUM_THREADS=2\n") != NULL
	 && strncmp (text, "_OPENMP=", 8) == 0,
	 "env block in the core: \"%s\"", text);
  printf ("core %s: table at %#" PRIx64 ", %u bytes, %u entries; %s\n",
	  argv[1], addr, h.total_size, h.nentries,
	  check_failed () ? "FAILED" : "all in the core");
  elf_end (core);
  close (fd);
  return check_finish (3);
}
