! f-error.f90 -- the error directive from Fortran, as its user reads it.
!
! gfortran 12 calls GOMP_warning / GOMP_error with the message's address
! and its length in bytes: a character variable is passed whole, trailing
! blanks included, not NUL-terminated.  libgomp 12 writes it as it is,
! "\nlibgomp: error directive encountered: MSG\n" for severity(warning)
! (the program goes on), "\nlibgomp: fatal error: error directive
! encountered: MSG\n" then exit status 1 for severity(fatal).  The program
! runs itself as a child, its stderr into a file, and compares the file
! with libgomp's bytes.
program f_error
  implicit none
  character(len=4096) :: self
  character(len=16) :: arg
  character(len=64) :: errfile
  character(len=8) :: msg
  character(len=:), allocatable :: got, want
  integer :: st, cst, u, n
  character(len=1), parameter :: nl = achar(10)

  call get_command_argument(1, arg)
  if (arg == 'child') then
    msg = 'ab  '
    !$omp error at(execution) severity(warning) message(msg)
    !$omp parallel num_threads(2)
    !$omp single
    !$omp error at(execution) severity(warning) message('in a region')
    !$omp end single
    !$omp end parallel
    !$omp error at(execution) severity(fatal) message(trim(msg)//'!')
    print '(a)', 'not reached'
    stop
  end if

  call get_command_argument(0, self)
  write (errfile, '(a,i0,a)') '/tmp/f-error.', getpid(), '.err'
  call execute_command_line(trim(self)//' child 2>'//trim(errfile), &
       exitstat=st, cmdstat=cst)
  if (cst /= 0) then
    print '(a,i0)', 'f-error: FAIL cannot run the child: ', cst
    error stop
  end if
  inquire (file=errfile, size=n)
  allocate (character(len=max(n, 0)) :: got)
  open (newunit=u, file=errfile, access='stream', form='unformatted', &
       status='old')
  if (n > 0) read (u) got
  close (u, status='delete')

  want = nl//'libgomp: error directive encountered: ab      '//nl// &
       nl//'libgomp: error directive encountered: in a region'//nl// &
       nl//'libgomp: fatal error: error directive encountered: ab!'//nl
  if (st /= 1) then
    print '(a,i0)', 'f-error: FAIL exit status 1 expected, got ', st
    error stop
  end if
  if (got /= want .or. len(got) /= len(want)) then
    print '(a)', 'f-error: FAIL stderr is not libgomp''s; it is:'
    print '(a)', got
    error stop
  end if
  print '(a)', 'f-error: ok (2 checks)'
end program f_error
