/* errors.c -- messages of the ompdbg_err_t codes (one X-macro table in
   ompdbg-target.h, so a code never lacks its message).  */

#include <config.h>

#include "corefiles/ompdbg-target.h"

static const char *const messages[] = {
#define OMPDBG_ERR_MSG(name, msg) [OMPDBG_E_##name] = msg,
  OMPDBG_ERRORS (OMPDBG_ERR_MSG)
#undef OMPDBG_ERR_MSG
};

const char *
ompdbg_errmsg (ompdbg_err_t err)
{
  if ((unsigned) err >= OMPDBG_E_NUM)
    return "unknown error";
  return messages[err];
}
