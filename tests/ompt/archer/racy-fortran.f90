! Racy Fortran: a sum in a parallel do without a reduction.
program racy
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel do num_threads(4)
  do i = 1, 10000
    s = s + i
  end do
  !$omp end parallel do
  print *, s
end program racy
