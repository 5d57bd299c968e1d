/* query-api.c -- being written.  */
#include "config.h"
#include "internal.h"
