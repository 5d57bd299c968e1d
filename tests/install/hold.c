/* hold.c -- the program of make installcheck (tests/install/).

     hold locations   print the runtime it runs on (runtime=PATH) and the
                      entries of its ompd_dll_locations (loc=NAME)
     hold live FILE   two threads in a parallel region; once both are in
                      it, FILE gets this process's pid, and the program
                      waits (at most 60 s) to be inspected and killed
     hold gdb         two threads in a parallel region; thread 0 calls
                      hold_point, for a debugger's breakpoint

   Exit status 0, or 1 with a message when the region's team is not the
   two threads asked for.  */

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void hold_point (void);

void __attribute__ ((noinline))
hold_point (void)
{
  asm volatile ("" ::: "memory");
}

static int
team_of_two (void (*master) (const char *), const char *arg)
{
  int n = 0;
#pragma omp parallel num_threads (2)
  {
#pragma omp single
    n = omp_get_num_threads ();
    if (omp_get_thread_num () == 0 && n == 2)
      master (arg);
  }
  if (n != 2)
    {
      fprintf (stderr, "hold: a team of %d threads, not 2\n", n);
      return 1;
    }
  return 0;
}

static void
live (const char *file)
{
  char tmp[4096];
  snprintf (tmp, sizeof tmp, "%s.tmp", file);
  FILE *f = fopen (tmp, "w");
  if (f == NULL || fprintf (f, "%ld\n", (long) getpid ()) < 0
      || fclose (f) != 0 || rename (tmp, file) != 0)
    {
      perror (file);
      exit (1);
    }
  sleep (60);
}

static void
at_point (const char *unused)
{
  (void) unused;
  hold_point ();
}

int
main (int argc, char **argv)
{
  if (argc == 2 && strcmp (argv[1], "locations") == 0)
    {
      Dl_info info;
      if (dladdr ((void *) &omp_get_num_threads, &info) == 0
	  || info.dli_fname == NULL)
	{
	  fprintf (stderr, "hold: dladdr (omp_get_num_threads) failed\n");
	  return 1;
	}
      printf ("runtime=%s\n", info.dli_fname);
      const char ***locp = dlsym (RTLD_DEFAULT, "ompd_dll_locations");
      if (locp != NULL && *locp != NULL)
	for (int i = 0; i < 16 && (*locp)[i] != NULL; i++)
	  printf ("loc=%s\n", (*locp)[i]);
      return team_of_two (at_point, NULL);
    }
  if (argc == 3 && strcmp (argv[1], "live") == 0)
    return team_of_two (live, argv[2]);
  if (argc == 2 && strcmp (argv[1], "gdb") == 0)
    return team_of_two (at_point, NULL);
  fprintf (stderr, "usage: hold locations | live FILE | gdb\n");
  return 2;
}
