/* ompd-layout.h -- the runtime's side of the layout table for debuggers
   (format: libompd/ompdbg-layout.h; contents: libompd/ompdbg-layout.def).  The
   table object itself, `ompdbg_layout', is generated at build time into
   ompd-layout-table.c by ompd-layout-gen from the runtime's DWARF.  */

#ifndef OMPDBG_RUNTIME_OMPD_LAYOUT_H
#define OMPDBG_RUNTIME_OMPD_LAYOUT_H 1

#include "internal.h"
#include "libompd/ompdbg-layout.h"

/* ompd-layout-table.c (generated): the table's header, whose `live'
   word start-up sets.  */
extern HIDDEN struct ompdbg_layout_header *const gomp_ompd_layout;

/* ompd-support.c: the display control variables, "NAME=VALUE\n" lines
   (root OMPDBG_ROOT_ENV_BLOCK); built by gomp_ompd_init.  */
extern HIDDEN char *gomp_ompd_env_block;

#endif /* OMPDBG_RUNTIME_OMPD_LAYOUT_H */
