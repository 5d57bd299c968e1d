! f-sections.f90 -- sections, parallel sections, single, single with
! copyprivate, critical (named and unnamed), atomic, master and barrier
! from Fortran.
program f_sections
  use omp_lib
  implicit none
  integer :: s(4), singles, crit, named, atom, t, nthr, failures, r, mst
  integer :: bval
  double precision :: dval
  integer, parameter :: teams(5) = (/ 1, 2, 3, 8, 64 /)

  failures = 0
  do t = 1, 5
    nthr = teams(t)
    s = 0
    singles = 0
    crit = 0
    named = 0
    atom = 0
    mst = 0
    !$omp parallel num_threads(nthr) private(r, bval, dval)
    do r = 1, 20
      !$omp sections
      !$omp section
      s(1) = s(1) + 1
      !$omp section
      s(2) = s(2) + 1
      !$omp section
      s(3) = s(3) + 1
      !$omp end sections
      !$omp single
      singles = singles + 1
      !$omp end single
      !$omp critical
      crit = crit + 1
      !$omp end critical
      !$omp critical (fortran_name)
      named = named + 2
      !$omp end critical (fortran_name)
      !$omp atomic
      atom = atom + 3
      !$omp master
      mst = mst + 1
      !$omp end master
      !$omp single
      bval = r * 100
      dval = r * 0.5d0
      !$omp end single copyprivate(bval, dval)
      if (bval /= r * 100 .or. dval /= r * 0.5d0) then
        !$omp atomic
        s(4) = s(4) + 1
      end if
      !$omp barrier
    end do
    !$omp end parallel
    if (any(s(1:3) /= 20)) call fail('sections counts', minval(s(1:3)), 20)
    if (s(4) /= 0) call fail('copyprivate mismatches', s(4), 0)
    if (singles /= 20) call fail('single count', singles, 20)
    if (crit /= 20 * nthr) call fail('critical count', crit, 20 * nthr)
    if (named /= 40 * nthr) call fail('named critical count', named, 40 * nthr)
    if (atom /= 60 * nthr) call fail('atomic count', atom, 60 * nthr)
    if (mst /= 20) call fail('master count', mst, 20)

    s = 0
    !$omp parallel sections num_threads(nthr)
    !$omp section
    s(1) = omp_get_num_threads()
    !$omp section
    s(2) = 2
    !$omp section
    s(3) = 3
    !$omp section
    s(4) = 4
    !$omp end parallel sections
    if (s(1) /= nthr .or. s(2) /= 2 .or. s(3) /= 3 .or. s(4) /= 4) &
         call fail('parallel sections', s(1), nthr)
  end do
  if (failures > 0) error stop
  print '(a)', 'f-sections: ok'

contains

  subroutine fail(what, got, want)
    character(*), intent(in) :: what
    integer, intent(in) :: got, want
    print '(a,a,a,i0,a,i0)', 'f-sections: FAIL ', what, ': got ', got, &
         ', expected ', want
    failures = failures + 1
  end subroutine fail
end program f_sections
