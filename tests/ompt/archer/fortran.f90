! Race-free Fortran: a parallel do, a reduction, copyin of a
! threadprivate variable, locks (plain and nested), atomic, an ordered
! loop, sections, master, single with copyprivate, tasks, workshare.
module tp_mod
  integer :: tp
  !$omp threadprivate(tp)
end module tp_mod

program fortran
  use omp_lib
  use tp_mod
  implicit none
  integer, parameter :: n = 10000
  real(8) :: a(n), b(n), s
  integer(omp_lock_kind) :: l
  integer(omp_nest_lock_kind) :: nl
  integer :: i, c, c2, o, x, y, z, k
  call omp_init_lock(l)
  call omp_init_nest_lock(nl)
  !$omp parallel do num_threads(4)
  do i = 1, n
    a(i) = i * 0.5d0
  end do
  !$omp end parallel do
  s = 0
  !$omp parallel do num_threads(4) reduction(+:s)
  do i = 1, n
    s = s + a(i)
  end do
  !$omp end parallel do
  c = 0; c2 = 0; o = 0; x = 0; y = 0; z = 0; tp = 7
  !$omp parallel num_threads(4) copyin(tp) private(k)
  call omp_set_lock(l)
  c = c + tp
  call omp_unset_lock(l)
  call omp_set_nest_lock(nl)
  call omp_set_nest_lock(nl)
  c2 = c2 + 1
  call omp_unset_nest_lock(nl)
  call omp_unset_nest_lock(nl)
  !$omp atomic
  x = x + 1
  !$omp do ordered schedule(dynamic,3)
  do i = 1, 100
    !$omp ordered
    o = o + i
    !$omp end ordered
  end do
  !$omp end do
  !$omp sections
  !$omp section
  y = y + 1
  !$omp section
  z = 2
  !$omp end sections
  !$omp master
  y = y + 10
  !$omp end master
  !$omp barrier
  !$omp single
  k = 5
  do i = 1, 8
    !$omp task firstprivate(i) shared(b)
    b(i) = i
    !$omp end task
  end do
  !$omp taskwait
  !$omp end single copyprivate(k)
  !$omp workshare
  b(9:n) = a(9:n) * 2
  !$omp end workshare
  !$omp end parallel
  call omp_destroy_lock(l)
  call omp_destroy_nest_lock(nl)
  print *, s, c, c2, x, o, y, z, sum(b)
end program fortran
