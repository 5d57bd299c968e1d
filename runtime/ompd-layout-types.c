/* ompd-layout-types.c -- not part of the runtime: compiled with -g and
   the runtime's flags only for its DWARF, which ompd-layout-gen reads to
   build the layout table.  One object of each structure the table
   describes makes GCC emit the complete type, laid out exactly as in the
   runtime's own objects.  */

#include "config.h"
#include "internal.h"
#include "task-depend.h"

#define OMPD_LAYOUT_STRUCT(id, s) struct s ompd_layout_type_##s;
#define OMPD_LAYOUT_MEMBER(id, s, m)
#define OMPD_LAYOUT_ARRAY(id, s, m)
#include "libompd/ompdbg-layout.def"
