! f-parallel-do.f90 -- !$omp parallel do and !$omp do from gfortran with
! every schedule, negative strides, collapse and lastprivate.
!
! gfortran emits the same GOMP_* calls as C (the Fortran DO loop's
! inclusive bounds become an exclusive bound); each iteration must run
! exactly once, by a team of the requested size.
program f_parallel_do
  use omp_lib
  implicit none
  integer, parameter :: n = 1000
  integer :: cnt(n), cnt2(40, 30)
  integer :: i, j, t, nthr, chunk, team, last, failures
  integer, parameter :: teams(4) = (/ 1, 2, 3, 8 /)

  failures = 0
  do t = 1, 4
    nthr = teams(t)
    do chunk = 1, 9, 4
      cnt = 0
      team = 0
      !$omp parallel do num_threads(nthr) schedule(static)
      do i = 1, n
        !$omp atomic
        cnt(i) = cnt(i) + 1
        !$omp atomic write
        team = omp_get_num_threads()
      end do
      !$omp end parallel do
      call expect_all(cnt, 'static', nthr)
      if (team /= nthr) call fail('team size', team, nthr)

      cnt = 0
      !$omp parallel do num_threads(nthr) schedule(static, chunk)
      do i = n, 1, -1
        !$omp atomic
        cnt(i) = cnt(i) + 1
      end do
      !$omp end parallel do
      call expect_all(cnt, 'static,chunk downward', nthr)

      cnt = 0
      !$omp parallel do num_threads(nthr) schedule(dynamic, chunk)
      do i = 1, n
        !$omp atomic
        cnt(i) = cnt(i) + 1
      end do
      !$omp end parallel do
      call expect_all(cnt, 'dynamic,chunk', nthr)

      cnt = 0
      !$omp parallel num_threads(nthr)
      !$omp do schedule(guided, chunk)
      do i = n, 1, -3
        !$omp atomic
        cnt(i) = cnt(i) + 1
      end do
      !$omp end do
      !$omp end parallel
      do i = 1, n
        if (cnt(i) /= merge(1, 0, mod(n - i, 3) == 0)) then
          call fail('guided stride -3 element', i, cnt(i))
        end if
      end do

      call omp_set_schedule(omp_sched_dynamic, chunk)
      cnt = 0
      !$omp parallel do num_threads(nthr) schedule(runtime)
      do i = 1, n
        !$omp atomic
        cnt(i) = cnt(i) + 1
      end do
      !$omp end parallel do
      call expect_all(cnt, 'runtime', nthr)

      cnt2 = 0
      !$omp parallel do num_threads(nthr) collapse(2) schedule(dynamic, chunk)
      do j = 1, 30
        do i = 1, 40
          !$omp atomic
          cnt2(i, j) = cnt2(i, j) + 1
        end do
      end do
      !$omp end parallel do
      if (any(cnt2 /= 1)) call fail('collapse(2) counts, nthr', nthr, &
           count(cnt2 /= 1))

      last = -1
      !$omp parallel do num_threads(nthr) schedule(guided) lastprivate(last)
      do i = 1, n
        last = i * 2
      end do
      !$omp end parallel do
      if (last /= 2 * n) call fail('lastprivate', last, 2 * n)
    end do
  end do
  if (failures > 0) error stop
  print '(a)', 'f-parallel-do: ok'

contains

  subroutine expect_all(c, what, nt)
    integer, intent(in) :: c(:), nt
    character(*), intent(in) :: what
    integer :: k
    do k = 1, size(c)
      if (c(k) /= 1) then
        print '(a,a,a,i0,a,i0,a,i0)', 'f-parallel-do: ', what, ' nthr=', nt, &
             ': iteration ', k, ' ran ', c(k)
        failures = failures + 1
        return
      end if
    end do
  end subroutine expect_all

  subroutine fail(what, got, want)
    character(*), intent(in) :: what
    integer, intent(in) :: got, want
    print '(a,a,a,i0,a,i0)', 'f-parallel-do: FAIL ', what, ': got ', got, &
         ', expected ', want
    failures = failures + 1
  end subroutine fail
end program f_parallel_do
