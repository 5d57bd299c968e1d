! f-lock.f90 -- simple and nestable locks from Fortran
! (omp_init_lock_, omp_set_lock_, omp_test_lock_, omp_set_nest_lock_, ...
! at OMP_3.0), under contention, with recursion for the nest lock.
program f_lock
  use omp_lib
  implicit none
  integer(omp_lock_kind) :: lck
  integer(omp_nest_lock_kind) :: nlck
  integer :: counter, ncounter, tested, t, nthr, k, failures, depth
  integer, parameter :: teams(5) = (/ 1, 2, 3, 8, 64 /)

  failures = 0
  call omp_init_lock(lck)
  call omp_init_nest_lock(nlck)

  ! depth counting by the owner
  do depth = 1, 5
    k = omp_test_nest_lock(nlck)
    if (k /= depth) call fail('omp_test_nest_lock depth', k, depth)
  end do
  do depth = 1, 5
    call omp_unset_nest_lock(nlck)
  end do

  do t = 1, 5
    nthr = teams(t)
    counter = 0
    ncounter = 0
    tested = 0
    !$omp parallel num_threads(nthr) private(k)
    do k = 1, 200
      call omp_set_lock(lck)
      counter = counter + 1
      call omp_unset_lock(lck)
      do while (.not. omp_test_lock(lck))
      end do
      tested = tested + 1
      call omp_unset_lock(lck)
      call locked_add(mod(k, 4))
    end do
    !$omp end parallel
    if (counter /= 200 * nthr) call fail('omp_set_lock counter', counter, 200 * nthr)
    if (tested /= 200 * nthr) call fail('omp_test_lock counter', tested, 200 * nthr)
    if (ncounter /= 200 * nthr) call fail('nest lock counter', ncounter, 200 * nthr)
  end do

  call omp_destroy_lock(lck)
  call omp_destroy_nest_lock(nlck)
  if (failures > 0) error stop
  print '(a)', 'f-lock: ok'

contains

  recursive subroutine locked_add(d)
    integer, intent(in) :: d
    call omp_set_nest_lock(nlck)
    if (d == 0) then
      ncounter = ncounter + 1
    else
      call locked_add(d - 1)
    end if
    call omp_unset_nest_lock(nlck)
  end subroutine locked_add

  subroutine fail(what, got, want)
    character(*), intent(in) :: what
    integer, intent(in) :: got, want
    print '(a,a,a,i0,a,i0)', 'f-lock: FAIL ', what, ': got ', got, &
         ', expected ', want
    failures = failures + 1
  end subroutine fail
end program f_lock
