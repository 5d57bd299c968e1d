! f-workshare.f90 -- !$omp workshare: array assignments, WHERE, FORALL
! and array intrinsics divided among the team (gfortran 12 compiles it to
! inline code with GOMP_barrier between the statements, or to a single),
! and !$omp parallel workshare.
program f_workshare
  use omp_lib
  implicit none
  integer, parameter :: n = 2000
  double precision :: a(n), b(n), c(n), total
  integer :: idx(n), i, t, nthr, failures
  integer, parameter :: teams(4) = (/ 1, 2, 3, 8 /)

  failures = 0
  do t = 1, 4
    nthr = teams(t)
    b = (/ (dble(i), i = 1, n) /)
    !$omp parallel num_threads(nthr)
    !$omp workshare
    a = 2d0 * b
    c = a + b
    where (c > 3000d0)
      c = 0d0
    end where
    forall (i = 1:n) idx(i) = n + 1 - i
    total = sum(c)
    !$omp end workshare
    !$omp end parallel
    do i = 1, n
      if (a(i) /= 2d0 * i) call fail('a = 2*b', i)
      if (c(i) /= merge(0d0, 3d0 * i, 3d0 * i > 3000d0)) call fail('where', i)
      if (idx(i) /= n + 1 - i) call fail('forall', i)
    end do
    if (total /= sum((/ (merge(0d0, 3d0 * i, 3d0 * i > 3000d0), i = 1, n) /))) &
         call fail('sum in workshare', 0)

    !$omp parallel workshare num_threads(nthr)
    a = b * b
    b = a - b
    !$omp end parallel workshare
    do i = 1, n
      if (a(i) /= dble(i) * i .or. b(i) /= dble(i) * i - i) &
           call fail('parallel workshare', i)
    end do
  end do
  if (failures > 0) error stop
  print '(a)', 'f-workshare: ok'

contains

  subroutine fail(what, i)
    character(*), intent(in) :: what
    integer, intent(in) :: i
    if (failures < 10) print '(a,a,a,i0)', 'f-workshare: FAIL ', what, &
         ' at element ', i
    failures = failures + 1
  end subroutine fail
end program f_workshare
