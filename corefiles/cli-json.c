/* cli-json.c -- a small streaming JSON writer for the ompdbg views
   (the documents of docs/json.md).  */

#include <config.h>

#include "corefiles/cli.h"

void
json_init (struct json *j, FILE *f)
{
  j->f = f;
  j->depth = 0;
  j->any[0] = false;
  j->after_key = false;
}

/* The separator before a value: none after a key, a comma after a
   sibling.  */
static void
sep (struct json *j)
{
  if (j->after_key)
    {
      j->after_key = false;
      return;
    }
  if (j->any[j->depth])
    fputs (", ", j->f);
  j->any[j->depth] = true;
}

void
json_open (struct json *j, char bracket)
{
  sep (j);
  fputc (bracket, j->f);
  if (j->depth + 1 < (int) (sizeof j->any / sizeof j->any[0]))
    j->depth++;
  j->any[j->depth] = false;
}

void
json_close (struct json *j, char bracket)
{
  fputc (bracket, j->f);
  if (j->depth > 0)
    j->depth--;
  if (j->depth == 0)
    fputc ('\n', j->f);
}

static void
quoted (FILE *f, const char *s)
{
  fputc ('"', f);
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
    switch (*p)
      {
      case '"': fputs ("\\\"", f); break;
      case '\\': fputs ("\\\\", f); break;
      case '\n': fputs ("\\n", f); break;
      case '\t': fputs ("\\t", f); break;
      default:
	if (*p < 0x20)
	  fprintf (f, "\\u%04x", *p);
	else
	  fputc (*p, f);
      }
  fputc ('"', f);
}

void
json_key (struct json *j, const char *key)
{
  sep (j);
  quoted (j->f, key);
  fputs (": ", j->f);
  j->after_key = true;
}

void
json_str (struct json *j, const char *s)
{
  sep (j);
  if (s == NULL)
    fputs ("null", j->f);
  else
    quoted (j->f, s);
}

void
json_int (struct json *j, long long v)
{
  sep (j);
  fprintf (j->f, "%lld", v);
}

void
json_bool (struct json *j, bool v)
{
  sep (j);
  fputs (v ? "true" : "false", j->f);
}

void
json_null (struct json *j)
{
  sep (j);
  fputs ("null", j->f);
}

void
json_unreadable (struct json *j, const char *reason)
{
  json_open (j, '{');
  json_kv_str (j, "unreadable", reason);
  json_close (j, '}');
}

void
json_kv_str (struct json *j, const char *key, const char *s)
{
  json_key (j, key);
  json_str (j, s);
}

void
json_kv_int (struct json *j, const char *key, long long v)
{
  json_key (j, key);
  json_int (j, v);
}
