/* fortran.c -- being written.  */
#include "config.h"
#include "internal.h"
