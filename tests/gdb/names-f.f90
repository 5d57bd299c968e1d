! names-f.f90 -- parallel regions in Fortran: in the main program
! (gfortran's outlined function MAIN__._omp_fn.0), in a module procedure
! (gdb names it solver::accumulate, the outlined function
! __solver_MOD_accumulate._omp_fn.0) and in an internal procedure of the
! program (inner).  Thread 0 of region N calls names_stop (N) (tests/
! gdb/names.py stops there); the construct's line carries a
! `construct:NAME' comment, the test's ground truth.
module solver
  implicit none
  integer :: hits = 0
contains
  subroutine names_stop (region)
    integer, intent(in) :: region
    !$omp atomic
    hits = hits + region
  end subroutine names_stop

  subroutine accumulate (a, n)
    use omp_lib
    integer, intent(in) :: n
    real(8), intent(inout) :: a(n)
    !$omp parallel num_threads(2) ! construct:accumulate
    a(omp_get_thread_num () + 1) = a(omp_get_thread_num () + 1) + 1
    if (omp_get_thread_num () == 0) call names_stop (2)
    !$omp barrier
    !$omp end parallel
  end subroutine accumulate
end module solver

program heat
  use solver
  use omp_lib
  implicit none
  real(8) :: a(10)
  a = 0
  !$omp parallel num_threads(2) ! construct:program
  if (omp_get_thread_num () == 0) call names_stop (1)
  !$omp barrier
  !$omp end parallel
  call accumulate (a, 10)
  call inner (3)
  print *, a(1), hits
contains
  subroutine inner (k)
    integer, intent(in) :: k
    !$omp parallel num_threads(2) ! construct:internal
    if (omp_get_thread_num () == 0) call names_stop (k)
    !$omp barrier
    !$omp end parallel
  end subroutine inner
end program heat
