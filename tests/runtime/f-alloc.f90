! f-alloc.f90 -- the Fortran entry points of the allocator, pause and
! teams routines (omp_init_allocator_, omp_destroy_allocator_,
! omp_set/get_default_allocator_, omp_pause_resource_[all_]), the
! omp_alloctrait derived type passed to the runtime as an array, the
! allocate clause from Fortran, and teams distribute with
! omp_get_team_num_ / omp_get_num_teams_.
program f_alloc
  use omp_lib
  implicit none
  integer(omp_allocator_handle_kind) :: a, bad
  type(omp_alloctrait) :: tr(3)
  integer :: failures, seen(0:7), i, x, nbad

  failures = 0

  tr(1) = omp_alloctrait(omp_atk_alignment, 64)
  tr(2) = omp_alloctrait(omp_atk_pool_size, 100000)
  tr(3) = omp_alloctrait(omp_atk_fallback, omp_atv_null_fb)
  a = omp_init_allocator(omp_default_mem_space, 3, tr)
  if (a == omp_null_allocator) call fail('omp_init_allocator', 0)
  if (omp_get_default_allocator() /= omp_default_mem_alloc) &
    call fail('initial default allocator', int(omp_get_default_allocator()))
  call omp_set_default_allocator(a)
  if (omp_get_default_allocator() /= a) call fail('set default allocator', 0)
  call omp_set_default_allocator(omp_null_allocator)
  if (omp_get_default_allocator() /= omp_default_mem_alloc) &
    call fail('set omp_null_allocator', int(omp_get_default_allocator()))

  ! The allocate clause with the new allocator.
  x = 7
  nbad = 0
  !$omp parallel num_threads(3) firstprivate(x) allocate(a: x) &
  !$omp& reduction(+: nbad)
  if (x /= 7) nbad = nbad + 1
  x = x + omp_get_thread_num()
  !$omp end parallel
  if (nbad /= 0) call fail('allocate clause', nbad)
  call omp_destroy_allocator(a)

  ! Rejected traits: pinned memory, an invalid value, high-bandwidth memory.
  tr(1) = omp_alloctrait(omp_atk_pinned, omp_atv_true)
  bad = omp_init_allocator(omp_default_mem_space, 1, tr)
  if (bad /= omp_null_allocator) call fail('pinned accepted', 0)
  tr(1) = omp_alloctrait(omp_atk_alignment, 3)
  bad = omp_init_allocator(omp_default_mem_space, 1, tr)
  if (bad /= omp_null_allocator) call fail('alignment 3 accepted', 0)
  bad = omp_init_allocator(omp_high_bw_mem_space, 0, tr)
  if (bad /= omp_null_allocator) call fail('high_bw accepted', 0)

  ! Pausing.
  if (omp_pause_resource(omp_pause_soft, omp_get_initial_device()) /= 0) &
    call fail('omp_pause_resource host', 0)
  if (omp_pause_resource(omp_pause_hard, 1) /= -1) &
    call fail('omp_pause_resource device 1', 0)
  if (omp_pause_resource_all(omp_pause_hard) /= 0) &
    call fail('omp_pause_resource_all', 0)
  nbad = 0
  !$omp parallel num_threads(2) reduction(+: nbad)
  if (omp_pause_resource_all(omp_pause_soft) /= -1) nbad = nbad + 1
  !$omp end parallel
  if (nbad /= 0) call fail('omp_pause_resource_all in parallel', nbad)

  ! Teams: five iterations over five teams, one block each.
  seen = -1
  !$omp teams distribute num_teams(5)
  do i = 0, 4
    seen(i) = omp_get_team_num() * 10 + omp_get_num_teams()
  end do
  do i = 0, 4
    if (seen(i) /= i * 10 + 5) call fail('teams distribute, iteration', i)
  end do

  if (failures /= 0) error stop

contains

  subroutine fail(what, v)
    character(len=*), intent(in) :: what
    integer, intent(in) :: v
    print '(a, a, i0)', 'FAIL: ', what, v
    failures = failures + 1
  end subroutine fail

end program f_alloc
