! f-api.f90 -- the omp_lib routines from Fortran.
!
! gfortran binds them to the trailing-underscore entry points
! (omp_get_thread_num_@OMP_1.0, omp_get_wtime_@OMP_2.0, ...) and, for
! integer(8) arguments, to the _8_ variants (omp_set_num_threads_8_):
! different symbols from the C ones, with arguments passed by reference.
program f_api
  use omp_lib
  implicit none
  integer :: failures, nthr, ids, team, lvl, act, anc, tsz, maxthr, procs
  integer :: kind_chunk
  integer(omp_sched_kind) :: kind
  integer(8) :: n8
  double precision :: t0, t1
  logical :: inpar

  failures = 0
  procs = omp_get_num_procs()
  if (procs < 1) call fail('omp_get_num_procs', procs, 1)
  call check(omp_get_max_threads(), procs, 'default omp_get_max_threads')
  call check(omp_get_num_threads(), 1, 'omp_get_num_threads outside')
  call check(omp_get_thread_num(), 0, 'omp_get_thread_num outside')
  call check(omp_get_level(), 0, 'omp_get_level outside')
  call check(omp_get_thread_limit(), huge(1), 'omp_get_thread_limit')
  if (omp_in_parallel()) call fail('omp_in_parallel outside', 1, 0)

  call omp_set_num_threads(3)
  call check(omp_get_max_threads(), 3, 'after omp_set_num_threads(3)')
  ids = 0
  team = 0
  !$omp parallel reduction(+: ids) shared(team, lvl, act, anc, tsz, inpar, maxthr)
  ids = ids + omp_get_thread_num()
  !$omp master
  team = omp_get_num_threads()
  lvl = omp_get_level()
  act = omp_get_active_level()
  anc = omp_get_ancestor_thread_num(1)
  tsz = omp_get_team_size(1)
  inpar = omp_in_parallel()
  maxthr = omp_get_max_threads()
  !$omp end master
  !$omp end parallel
  call check(team, 3, 'team size')
  call check(ids, 3, 'sum of thread numbers')
  call check(lvl, 1, 'omp_get_level inside')
  call check(act, 1, 'omp_get_active_level inside')
  call check(anc, 0, 'omp_get_ancestor_thread_num(1) of the primary')
  call check(tsz, 3, 'omp_get_team_size(1)')
  call check(maxthr, 3, 'omp_get_max_threads inside')
  if (.not. inpar) call fail('omp_in_parallel inside', 0, 1)

  ! integer(8) argument: omp_set_num_threads_8_
  n8 = 2
  call omp_set_num_threads(n8)
  call check(omp_get_max_threads(), 2, 'omp_set_num_threads(integer(8))')
  call omp_set_num_threads(procs)

  call omp_set_dynamic(.true.)
  if (.not. omp_get_dynamic()) call fail('omp_get_dynamic after set', 0, 1)
  call omp_set_dynamic(.false.)
  if (omp_get_dynamic()) call fail('omp_get_dynamic after unset', 1, 0)

  call omp_set_schedule(omp_sched_guided, 5)
  call omp_get_schedule(kind, kind_chunk)
  call check(int(kind), int(omp_sched_guided), 'omp_get_schedule kind')
  call check(kind_chunk, 5, 'omp_get_schedule chunk')

  call omp_set_max_active_levels(2)
  call check(omp_get_max_active_levels(), 2, 'omp_get_max_active_levels')
  nthr = 0
  !$omp parallel num_threads(2) reduction(+: nthr)
  !$omp parallel num_threads(2) reduction(+: nthr)
  nthr = nthr + omp_get_level() * 10 + omp_get_active_level()
  !$omp end parallel
  !$omp end parallel
  call check(nthr, 4 * 22, 'nested levels')
  call omp_set_max_active_levels(1)

  t0 = omp_get_wtime()
  call busy(t0)
  t1 = omp_get_wtime()
  if (t1 < t0 + 0.009d0 .or. t1 > t0 + 10d0) call fail('omp_get_wtime', 0, 1)
  if (omp_get_wtick() <= 0d0) call fail('omp_get_wtick', 0, 1)

  if (failures > 0) error stop
  print '(a)', 'f-api: ok'

contains

  subroutine busy(start)
    double precision, intent(in) :: start
    do while (omp_get_wtime() < start + 0.01d0)
    end do
  end subroutine busy

  subroutine check(got, want, what)
    integer, intent(in) :: got, want
    character(*), intent(in) :: what
    if (got /= want) call fail(what, got, want)
  end subroutine check

  subroutine fail(what, got, want)
    character(*), intent(in) :: what
    integer, intent(in) :: got, want
    print '(a,a,a,i0,a,i0)', 'f-api: FAIL ', what, ': got ', got, &
         ', expected ', want
    failures = failures + 1
  end subroutine fail
end program f_api
