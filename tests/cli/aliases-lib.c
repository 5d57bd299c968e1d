/* aliases-lib.c -- a library of functions known by several names at one
   address, built without debug information by tests/cli/aliases.sh:
   alias_spin is also the weak alias_weak and the local alias_local;
   versioned_spin is versioned_spin@@V1 (its default version, also the
   local versioned_new) and versioned_spin@V0 (the local versioned_old).
   Each function counts its caller in and spins until released.  */

volatile int alias_arrived;
volatile int alias_release;

void
alias_spin (void)
{
  __atomic_add_fetch (&alias_arrived, 1, __ATOMIC_SEQ_CST);
  while (!alias_release)
    __asm__ volatile ("" ::: "memory");
}

extern void alias_weak (void) __attribute__ ((weak, alias ("alias_spin")));
static void alias_local (void) __attribute__ ((alias ("alias_spin"), used));

void
versioned_new (void)
{
  __atomic_add_fetch (&alias_arrived, 1, __ATOMIC_SEQ_CST);
  while (!alias_release)
    __asm__ volatile ("" ::: "memory");
}

/* A body of its own: another address than versioned_new's.  */
void
versioned_old (void)
{
  __atomic_add_fetch (&alias_arrived, 1, __ATOMIC_SEQ_CST);
  while (!alias_release)
    __asm__ volatile ("nop" ::: "memory");
}

__asm__ (".symver versioned_new, versioned_spin@@V1");
__asm__ (".symver versioned_old, versioned_spin@V0");
