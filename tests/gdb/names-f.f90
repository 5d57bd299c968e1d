! names-f.f90 -- a parallel region in a Fortran module procedure: gdb
! names it solver::accumulate, gfortran's outlined function
! __solver_MOD_accumulate._omp_fn.0.  Thread 0 calls names_stop (tests/
! gdb/names.py stops there); the construct's line carries a
! `construct:accumulate' comment, the test's ground truth.
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
    if (omp_get_thread_num () == 0) call names_stop (1)
    !$omp barrier
    !$omp end parallel
  end subroutine accumulate
end module solver

program heat
  use solver
  implicit none
  real(8) :: a(10)
  a = 0
  call accumulate (a, 10)
  print *, a(1), hits
end program heat
