! f-reduction.f90 -- Fortran reduction operators and intrinsics:
! + * - max min iand ior ieor .and. .or. .eqv. .neqv., on integer, real
! (exactly representable values), double precision, complex and logical,
! on parallel, do and sections.  gfortran merges most of them under
! GOMP_atomic_start/_end.
program f_reduction
  use omp_lib
  implicit none
  integer, parameter :: n = 1000
  integer :: i, t, nthr, failures
  integer :: isum, iprod, imax, imin, iand_r, ior_r, ieor_r, isub, iexp
  integer(8) :: lsum
  real :: rsum
  double precision :: dsum, dmax
  complex :: csum
  logical :: land, lor, leqv, lneqv
  integer, parameter :: teams(5) = (/ 1, 2, 3, 8, 64 /)

  failures = 0
  do t = 1, 5
    nthr = teams(t)
    isum = 0; iprod = 1; imax = -huge(1); imin = huge(1)
    iand_r = not(0); ior_r = 0; ieor_r = 0; isub = 0
    lsum = 0; rsum = 0; dsum = 0; dmax = -1d300; csum = (0., 0.)
    land = .true.; lor = .false.; leqv = .true.; lneqv = .false.
    !$omp parallel do num_threads(nthr) schedule(dynamic, 7) &
    !$omp&  reduction(+: isum, lsum, rsum, dsum, csum) reduction(*: iprod) &
    !$omp&  reduction(max: imax, dmax) reduction(min: imin) &
    !$omp&  reduction(iand: iand_r) reduction(ior: ior_r) &
    !$omp&  reduction(ieor: ieor_r) reduction(-: isub) &
    !$omp&  reduction(.and.: land) reduction(.or.: lor) &
    !$omp&  reduction(.eqv.: leqv) reduction(.neqv.: lneqv)
    do i = 1, n
      isum = isum + i
      lsum = lsum + int(i, 8) * 4294967296_8
      rsum = rsum + 0.5
      dsum = dsum + i * 0.25d0
      csum = csum + cmplx(1.0, -2.0)
      if (mod(i, 100) == 0) iprod = iprod * 2
      imax = max(imax, mod(i * 37, 1001))
      imin = min(imin, mod(i * 37, 1001))
      dmax = max(dmax, (i - 500) * 0.5d0)
      if (i <= 30) iand_r = iand(iand_r, not(ishft(1, i - 1)))
      ior_r = ior(ior_r, ishft(1, mod(i, 20)))
      ieor_r = ieor(ieor_r, i)
      isub = isub - i
      land = land .and. (i <= n)
      lor = lor .or. (i == 617)
      leqv = leqv .eqv. (i /= 10)
      lneqv = lneqv .neqv. (i == 10)
    end do
    !$omp end parallel do
    call check(isum, n * (n + 1) / 2, 'integer +', nthr)
    if (lsum /= int(n, 8) * (n + 1) / 2 * 4294967296_8) &
         call check(1, 0, 'integer(8) +', nthr)
    if (rsum /= n * 0.5) call check(1, 0, 'real +', nthr)
    if (dsum /= n * (n + 1) / 8d0) call check(1, 0, 'double +', nthr)
    if (csum /= cmplx(real(n), -2.0 * n)) call check(1, 0, 'complex +', nthr)
    call check(iprod, 1024, 'integer *', nthr)
    call check(imax, maxval((/ (mod(i * 37, 1001), i = 1, n) /)), 'max', nthr)
    call check(imin, minval((/ (mod(i * 37, 1001), i = 1, n) /)), 'min', nthr)
    if (dmax /= 250d0) call check(1, 0, 'double max', nthr)
    call check(iand_r, not(ishft(1, 30) - 1), 'iand', nthr)
    call check(ior_r, ishft(1, 20) - 1, 'ior', nthr)
    call check(ieor_r, ieor_expected(n), 'ieor', nthr)
    call check(isub, -n * (n + 1) / 2, 'integer -', nthr)
    if (.not. land) call check(1, 0, '.and.', nthr)
    if (.not. lor) call check(1, 0, '.or.', nthr)
    if (leqv) call check(1, 0, '.eqv.', nthr)
    if (.not. lneqv) call check(1, 0, '.neqv.', nthr)

    ! reduction on parallel and on sections
    isum = 0
    iexp = 0
    !$omp parallel num_threads(nthr) reduction(+: isum)
    isum = isum + omp_get_thread_num() + 1
    !$omp sections reduction(+: iexp)
    !$omp section
    iexp = iexp + 1
    !$omp section
    iexp = iexp + 10
    !$omp section
    iexp = iexp + 100
    !$omp end sections
    !$omp end parallel
    call check(isum, nthr * (nthr + 1) / 2, 'reduction on parallel', nthr)
    call check(iexp, 111, 'reduction on sections', nthr)
  end do
  if (failures > 0) error stop
  print '(a)', 'f-reduction: ok'

contains

  integer function ieor_expected(m)
    integer, intent(in) :: m
    integer :: k
    ieor_expected = 0
    do k = 1, m
      ieor_expected = ieor(ieor_expected, k)
    end do
  end function ieor_expected

  subroutine check(got, want, what, nt)
    integer, intent(in) :: got, want, nt
    character(*), intent(in) :: what
    if (got /= want) then
      print '(a,a,a,i0,a,i0,a,i0)', 'f-reduction: FAIL ', what, ' nthr=', nt, &
           ': got ', got, ', expected ', want
      failures = failures + 1
    end if
  end subroutine check
end program f_reduction
