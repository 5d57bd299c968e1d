/* aliases.c -- an OpenMP program whose threads stop inside the functions
   of tests/cli/aliases-lib.c: OpenMP thread 0 in alias_spin, 1 in
   versioned_spin (version V1), 2 in versioned_spin@V0; thread 3 writes
   the file ARGV[1] once the three are there, then waits with them.  */

#include <omp.h>
#include <stdio.h>
#include <unistd.h>

extern volatile int alias_arrived;
void alias_spin (void);
void versioned_spin (void);
void versioned_spin_v0 (void);
__asm__ (".symver versioned_spin_v0, versioned_spin@V0");

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: aliases READY-FILE\n");
      return 2;
    }
#pragma omp parallel num_threads(4)
  switch (omp_get_thread_num ())
    {
    case 0:
      alias_spin ();
      break;
    case 1:
      versioned_spin ();
      break;
    case 2:
      versioned_spin_v0 ();
      break;
    case 3:
      while (__atomic_load_n (&alias_arrived, __ATOMIC_SEQ_CST) < 3)
	usleep (1000);
      {
	FILE *f = fopen (argv[1], "w");
	if (f != NULL)
	  {
	    fprintf (f, "ready\n");
	    fclose (f);
	  }
      }
      alias_spin ();
      break;
    }
  return 0;
}
