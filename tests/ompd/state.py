# state.py -- run by gdb (tests/ompd/state.sh): checks the state the
# runtime keeps for debuggers (thread state and wait_id, task frames and
# sched_parent, teams, the registry index) against the ground truth of
# tests/ompd/state-prog.c, at each of its ompdbg_check (PHASE) calls.
# A thread's state and wait id are what libompd reports through the gdb
# plugin (loaded first), checked against the program's truth; the
# runtime's record of them is checked where the contract says it keeps
# each state (the thread's word or the waiting task: contract.py).
#
# The runtime is built with -g, so its structures are read by name
# (gomp_registry, struct gomp_thread ...).  A frame's canonical frame
# address (CFA, what struct gomp_frame holds) is the stack pointer of the
# frame that called it, which gdb unwinds from the DWARF call frame
# information.  A check that does not hold yet (the other thread may not
# have reached its wait) leaves ompdbg_ack at 0 and the program asks
# again; the last reason is printed if it never holds.

import gdb

from ompdbg_gdb import contract as C

# 'wait_lock' -> ompt_state_wait_lock's value
STATE = dict((n[len('ompt_state_'):], v) for n, v in C.STATES.items())
FRAME_FLAGS = C.ompt_frame_runtime | C.ompt_frame_cfa

failures = {}                   # phase -> last reason
verified = set()
region_ids = set()


class NotYet(Exception):
    """The situation is not (yet) what the phase sets up: ask again."""


class Wrong(Exception):
    """The runtime's record contradicts the ground truth."""


def val(expr):
    return gdb.parse_and_eval(expr)


def addr(v):
    return int(v.cast(gdb.lookup_type('unsigned long')))


def registry_threads():
    """tid -> gomp_thread value, from the index, checked against the list."""
    reg = val('gomp_registry')
    gen = int(reg['generation'])
    if gen % 2:
        raise Wrong('registry generation %d is odd with no update running'
                    % gen)
    n = int(reg['index_len'])
    slots = reg['index']
    by_tid = {}
    in_index = set()
    for i in range(n):
        s = slots[i]
        thr = s['thread'].dereference()
        in_index.add(addr(s['thread']))
        if int(s['tid']) != int(thr['tid']):
            raise Wrong('index slot %d: tid %d, thread says %d'
                        % (i, int(s['tid']), int(thr['tid'])))
        if int(s['tid']) and int(s['pthread']) != int(thr['pthread']):
            raise Wrong('index slot %d: pthread differs from the thread'
                        % i)
        by_tid[int(s['tid'])] = thr
    in_list = set()
    t = reg['threads']
    while addr(t):
        in_list.add(addr(t))
        t = t['registry_next']
    if in_list != in_index or len(in_list) != int(reg['nthreads']):
        raise Wrong('index (%d) and list (%d, nthreads %d) differ'
                    % (len(in_index), len(in_list), int(reg['nthreads'])))
    return by_tid


def gdb_thread(tid):
    for t in gdb.selected_inferior().threads():
        if t.ptid[1] == tid:
            return t
    raise Wrong('gdb knows no thread %d' % tid)


def in_runtime(f):
    lib = gdb.solib_name(f.pc())
    return lib is not None and 'libgomp' in lib


def frames(tid):
    """Thread TID's real (not inlined) frames, newest first, as (frame,
    CFA, in the runtime)."""
    gdb_thread(tid).switch()
    out = []
    f = gdb.newest_frame()
    while f is not None:
        older = f.older()
        if f.type() == gdb.NORMAL_FRAME and older is not None:
            out.append((f, int(older.read_register('rsp')), in_runtime(f)))
        f = older
    return out


def cfa_of(tid, names):
    """CFA of the innermost frame of a function in NAMES on thread TID."""
    for f, cfa, _ in frames(tid):
        if f.name() in names:
            return cfa
    raise NotYet('thread %d is not in %s' % (tid, '/'.join(names)))


def check_entered(tid, enter, task_exit, running_exit=None):
    """ENTER (a task's enter_frame) is the CFA of the frame through which
    the task's code entered the runtime on thread TID: a runtime frame
    called by the program's code -- or, when that code called the entry
    point as a tail call, by the runtime function at the task's exit_frame
    TASK_EXIT.  Every frame newer than it is the runtime's, down to the
    top (or the C library's, a futex call) or, with a task running on
    top, to that task's exit frame RUNNING_EXIT.  (A frame is named for its function only where no tail
    call can remove it: entry points like GOMP_barrier often tail-call.)"""
    fl = frames(tid)
    idx = [i for i, (_, cfa, _) in enumerate(fl) if cfa == enter]
    if not idx:
        raise Wrong('thread %d: enter_frame %#x is the CFA of none of its '
                    'frames' % (tid, enter))
    i = idx[0]
    f, _, rt = fl[i]
    if not rt:
        raise Wrong('thread %d: enter_frame %#x is %s, not a runtime frame'
                    % (tid, enter, f.name()))
    if i + 1 < len(fl):
        of, ocfa, ort = fl[i + 1]
        if ort and ocfa != task_exit:
            raise Wrong('thread %d: the frame at enter_frame (%s) is called '
                        'by the runtime\'s %s, not by the program'
                        % (tid, f.name(), of.name()))
    for nf, ncfa, nrt in fl[:i]:
        if running_exit is not None and ncfa < running_exit:
            continue
        if gdb.solib_name(nf.pc()) is None:
            raise Wrong('thread %d: %s (the program\'s code) between '
                        'enter_frame and the top' % (tid, nf.name()))


def check_exit(tid, exit_):
    """EXIT_ (a task's exit_frame) is the CFA of the runtime frame that
    called the task's code on thread TID: a runtime frame whose callee is
    the program's code.  (By CFA, not name: GOMP_parallel may tail-call
    the function that calls the code, which then has its CFA.)"""
    if exit_ == 0:
        raise Wrong('thread %d: no exit_frame' % tid)
    fl = frames(tid)
    for i, (f, cfa, rt) in enumerate(fl):
        if cfa == exit_:
            if not rt:
                raise Wrong('thread %d: exit_frame %#x is %s, not the '
                            'runtime\'s' % (tid, exit_, f.name()))
            if i == 0 or gdb.solib_name(fl[i - 1][0].pc()) is not None:
                raise Wrong('thread %d: the frame at exit_frame (%s) does '
                            'not call the program\'s code' % (tid, f.name()))
            return
    raise Wrong('thread %d: exit_frame %#x is the CFA of none of its frames'
                % (tid, exit_))


def user_cfa(tid, prefix):
    """CFA of the innermost frame whose function starts with PREFIX."""
    for f, cfa, _ in frames(tid):
        if (f.name() or '').startswith(prefix):
            return cfa, f
    raise NotYet('thread %d has no frame %s*' % (tid, prefix))


def expect(what, got, want):
    if got != want:
        raise Wrong('%s: %#x, expected %#x' % (what, got, want))


def reported(tid):
    """(state, wait id) of thread TID as libompd reports them, through
    the plugin's convenience functions."""
    for t in gdb.selected_inferior().threads():
        if t.ptid[1] == tid:
            st = int(val('$_omp_state_value(%d)' % t.num))
            wid = int(val('$_omp_wait_id(%d)' % t.num)) & (2 ** 64 - 1)
            return st, wid
    raise Wrong('gdb knows no thread %d' % tid)


def state_is(thr, name, tid):
    st = reported(tid)[0]
    if st == -1:
        raise Wrong('thread %d: libompd reports no state' % tid)
    if st != STATE[name]:
        raise NotYet('thread %d: state %#x, not yet %s' % (tid, st, name))


def check_record(thr, tid, state, wait_id):
    """The runtime keeps STATE where the contract says: the thread's own
    word, with WAIT_ID beside it, or the waiting task's wait_state (the
    thread's current task), with no wait id stored."""
    st = STATE[state]
    if st in C.THREAD_WORD_STATES:
        expect('thread %d state word' % tid, int(thr['state']), st)
        expect('thread %d wait_id' % tid, addr(thr['wait_id']), wait_id)
    elif st in C.TASK_WAIT_STATES:
        task = thr['task'].dereference()
        expect('thread %d task wait_state' % tid, int(task['wait_state']),
               st)
        if int(thr['state']) in C.THREAD_WORD_STATES:
            raise Wrong('thread %d: its word says %#x while its task waits'
                        % (tid, int(thr['state'])))
    else:
        raise Wrong('%s is kept nowhere by the contract' % state)


def frame(task):
    flags = int(val('ompdbg_layout.frame_flags'))
    if flags != FRAME_FLAGS:
        raise Wrong('frame flags %#x' % flags)
    fr = task['frame']
    return addr(fr['exit_frame']), addr(fr['enter_frame'])


def tid_of(n):
    return int(val('tid_of[%d]' % n))


def check_team_pair(threads, who):
    """Both threads in one team of 2; returns (team, thr0, thr1)."""
    t0, t1 = threads[tid_of(0)], threads[tid_of(1)]
    team = t0['ts']['team']
    if addr(team) == 0 or addr(t1['ts']['team']) != addr(team):
        raise Wrong('%s: threads 0 (%d) and 1 (%d) are not in one team: '
                    '%#x, %#x' % (who, tid_of(0), tid_of(1), addr(team),
                                  addr(t1['ts']['team'])))
    team = team.dereference()
    expect('team nthreads', int(team['nthreads']), 2)
    expect('thread 1 team_id', int(t1['ts']['team_id']), 1)
    for i, t in ((0, t0), (1, t1)):
        expect('team threads[%d]' % i, addr(team['threads'][i]),
               addr(t.address))
    rid = int(team['id'])
    if rid == 0:
        raise Wrong('region id 0')
    return team, t0, t1


def check_wait(thr, tid, state, wait_id, entry_names):
    """THR waits: STATE, WAIT_ID, and its task's enter_frame is where it
    entered the runtime (through one of ENTRY_NAMES)."""
    state_is(thr, state, tid)
    expect('thread %d wait id (libompd)' % tid, reported(tid)[1], wait_id)
    check_record(thr, tid, state, wait_id)
    task = thr['task'].dereference()
    exit_, enter = frame(task)
    if enter == 0:
        raise Wrong('thread %d waits in %s with no enter_frame'
                    % (tid, entry_names[0]))
    check_entered(tid, enter, exit_)


def new_region(team):
    rid = int(team['id'])
    if rid in region_ids:
        raise Wrong('region id %d seen in an earlier region' % rid)
    region_ids.add(rid)


def phase_1(threads):
    team, t0, t1 = check_team_pair(threads, 'barrier')
    check_wait(t1, tid_of(1), 'wait_barrier_explicit',
               addr(team['barrier'].address), ('GOMP_barrier',))
    # The implicit tasks' exit frames: worker_main on the worker, the
    # entry point on the master, where the encountering task entered.
    exit1, _ = frame(t1['task'].dereference())
    expect('worker exit_frame', exit1, cfa_of(tid_of(1), ('worker_main',)))
    check_exit(tid_of(1), exit1)
    state_is(t0, 'work_parallel', tid_of(0))
    exit0, enter0 = frame(t0['task'].dereference())
    expect('master enter_frame while its code runs', enter0, 0)
    check_exit(tid_of(0), exit0)
    parent = team['parent_task'].dereference()
    expect('encountering task enter_frame', frame(parent)[1], exit0)
    expect('encountering task exit_frame (initial task)', frame(parent)[0],
           0)
    user, _ = user_cfa(tid_of(0), 'main._omp_fn')
    if not user < exit0:
        raise Wrong('outlined function frame %#x not below exit_frame %#x'
                    % (user, exit0))
    for t in (t0, t1):
        expect('implicit task sched_parent',
               addr(t['task'].dereference()['sched_parent']), 0)
    new_region(team)


def phase_2(threads):
    team, t0, t1 = check_team_pair(threads, 'lock')
    check_wait(t1, tid_of(1), 'wait_lock', addr(val('&lck')),
               ('gomp_set_lock_30', 'omp_set_lock'))
    new_region(team)


def phase_3(threads):
    team, t0, t1 = check_team_pair(threads, 'named critical')
    slot = addr(val("&'.gomp_critical_user_ompdbg_named'"))
    check_wait(t1, tid_of(1), 'wait_critical', slot,
               ('GOMP_critical_name_start',))
    new_region(team)


def phase_4(threads):
    team, t0, t1 = check_team_pair(threads, 'unnamed critical')
    check_wait(t1, tid_of(1), 'wait_critical',
               addr(val('&gomp_critical_lock')), ('GOMP_critical_start',))
    new_region(team)


def phase_task(threads, state, entry):
    """Thread 1 waits (taskwait / taskgroup end); thread 0 runs its task
    from the barrier: the check runs inside that task."""
    runner = int(val('task_runner_tid'))
    expect('task runner (ground truth) is thread 0', runner, tid_of(0))
    team, t0, t1 = check_team_pair(threads, entry)
    imp1 = t1['task']
    expect('thread 1 runs its implicit task', addr(imp1),
           addr(team['implicit'][1].address))
    if state == 'wait_taskwait':
        wait_id = addr(imp1)
    else:
        tg = imp1.dereference()['cur_taskgroup']
        if addr(tg) == 0:
            raise Wrong('thread 1 has no taskgroup')
        wait_id = addr(tg)
    check_wait(t1, tid_of(1), state, wait_id, (entry,))
    # Thread 0: the explicit task, started from its implicit task, which
    # waits at the barrier.
    state_is(t0, 'work_parallel', tid_of(0))
    task = t0['task'].dereference()
    imp0 = team['implicit'][0]
    expect('task parent (thread 1 created it)', addr(task['parent']),
           addr(imp1))
    expect('task sched_parent', addr(task['sched_parent']),
           addr(imp0.address))
    exit_t, enter_t = frame(task)
    expect('running task enter_frame', enter_t, 0)
    expect('task exit_frame', exit_t, cfa_of(tid_of(0), ('gomp_task_run',)))
    check_exit(tid_of(0), exit_t)
    exit_i, enter_i = frame(imp0)
    expect('master exit_frame', exit_i, frame(team['parent_task'])[1])
    check_exit(tid_of(0), exit_i)
    check_entered(tid_of(0), enter_i, exit_i, exit_t)
    user, _ = user_cfa(tid_of(0), 'main._omp_fn')   # the task's function
    if not (user < exit_t < enter_i < exit_i):
        raise Wrong('frames out of order: task code %#x, task exit %#x, '
                    'implicit enter %#x, implicit exit %#x'
                    % (user, exit_t, enter_i, exit_i))
    new_region(team)


def phase_5(threads):
    phase_task(threads, 'wait_taskwait', 'GOMP_taskwait')


def phase_6(threads):
    phase_task(threads, 'wait_taskgroup', 'GOMP_taskgroup_end')


def phase_7(threads):
    main = threads[int(val('main_tid'))]
    state_is(main, 'work_serial', int(val('main_tid')))
    expect('initial thread team', addr(main['ts']['team']), 0)
    for n in (1, 2):
        w = threads[tid_of(n)]
        # A hot-team worker keeps its team and its barrier state after it
        # joined; it is idle because the team's region_seq moved on since
        # it entered the region (runtime/pool.c, worker_main).
        team = w['ts']['team']
        if addr(team) != 0:
            left = int(w['left_seq'])
            seq = int(team.dereference()['region_seq'])
            if seq == left:
                raise Wrong('worker %d: team %#x, left_seq %d, region_seq %d:'
                            ' its region has not ended'
                            % (n, addr(team), left, seq))
        state_is(w, 'idle', tid_of(n))
        expect('idle thread %d wait id (libompd)' % n, reported(tid_of(n))[1],
               0)
        if not bool(w['pool_thread']):
            raise Wrong('worker %d is not a pool thread' % n)


def phase_8(threads):
    tid = int(val('main_tid'))
    thr = threads[tid]
    team = thr['ts']['team']
    if addr(team) == 0:
        raise Wrong('serialized region: no team')
    team = team.dereference()
    expect('serialized nthreads', int(team['nthreads']), 1)
    expect('serialized level', int(team['level']), 1)
    expect('serialized active_level', int(team['active_level']), 0)
    expect('serialized threads[0]', addr(team['threads'][0]),
           addr(thr.address))
    expect('serialized implicit[0]', addr(team['implicit']),
           addr(thr['task']))
    expect('serialized thread level', int(thr['ts']['level']), 1)
    parent = team['parent_task'].dereference()
    if not int(parent['kind']) & 1:
        raise Wrong('serialized region parent is not the initial task')
    _, fn_frame = user_cfa(tid, 'main._omp_fn')
    expect('serialized fn', addr(team['fn']),
           int(fn_frame.function().value().address))
    exit_ = frame(thr['task'].dereference())[0]
    check_exit(tid, exit_)
    expect('encountering enter_frame', frame(parent)[1], exit_)
    expect('barrier size', int(team['barrier']['total']), 1)
    new_region(team)


def phase_9(threads):
    team, t0, t1 = check_team_pair(threads, 'ordered')
    ws = t1['ts']['ws']
    if addr(ws) == 0 or addr(ws) != addr(t0['ts']['ws']):
        raise Wrong('threads are not in one work share')
    check_wait(t1, tid_of(1), 'wait_ordered', addr(ws),
               ('GOMP_ordered_start',))
    new_region(team)


def phase_10(threads):
    team, t0, t1 = check_team_pair(threads, 'loop barrier')
    other = 1 - int(val('checker_num'))
    state_is((t0, t1)[1 - other], 'work_parallel', tid_of(1 - other))
    check_wait((t0, t1)[other], tid_of(other),
               'wait_barrier_implicit_workshare',
               addr(team['barrier'].address), ('GOMP_loop_end',))
    new_region(team)


def phase_11(threads):
    team, t0, t1 = check_team_pair(threads, 'atomic')
    check_wait(t1, tid_of(1), 'wait_atomic',
               addr(val('&gomp_atomic_lock')), ('GOMP_atomic_start',))
    new_region(team)


def phase_13(threads):
    team, t0, t1 = check_team_pair(threads, 'copyprivate')
    single = int(val('single_tid'))
    if single not in (tid_of(0), tid_of(1)):
        raise Wrong('the single block ran on no thread of the team')
    other = 1 if single == tid_of(0) else 0
    state_is((t0, t1)[1 - other], 'work_parallel', tid_of(1 - other))
    check_wait((t0, t1)[other], tid_of(other), 'wait_barrier_implementation',
               addr(team['barrier'].address), ('GOMP_single_copy_start',))
    new_region(team)


def phase_14(threads):
    team, t0, t1 = check_team_pair(threads, 'task reductions')
    state_is(t0, 'work_parallel', tid_of(0))
    check_wait(t1, tid_of(1), 'wait_barrier_implementation',
               addr(team['barrier'].address),
               ('GOMP_workshare_task_reduction_unregister',))
    new_region(team)


class FormingTeam(gdb.Breakpoint):
    """Phase 12: the runtime creates a pool thread while the program
    starts its first region (ompdbg_forming): the thread that encountered
    the region is forming the team, state overhead, not yet in the team,
    in its initial task, which has entered the runtime.  Checked in the
    breakpoint's stop method (no thread switch), which never stops."""

    def stop(self):
        try:
            if int(val('ompdbg_forming')) != 1:
                return False
            tid = gdb.selected_thread().ptid[1]
            expect('pthread_create called by the initial thread', tid,
                   int(val('main_tid')))
            thr = registry_threads()[tid]
            check_record(thr, tid, 'overhead', 0)
            expect('forming a team: team', addr(thr['ts']['team']), 0)
            expect('forming a team: task', addr(thr['task']),
                   addr(thr['initial_task'].address))
            if frame(thr['task'].dereference())[1] == 0:
                raise Wrong('forming a team: no enter_frame')
            verified.add(12)
            failures.pop(12, None)
        except (Wrong, NotYet, gdb.error, KeyError) as e:
            failures[12] = 'wrong: %s: %s' % (type(e).__name__, e)
        return False


CHECKS = {1: phase_1, 2: phase_2, 3: phase_3, 4: phase_4, 5: phase_5,
          6: phase_6, 7: phase_7, 8: phase_8, 9: phase_9, 10: phase_10,
          11: phase_11, 13: phase_13, 14: phase_14}


def on_stop():
    # At the breakpoint, ompdbg_check's argument (the global is set after).
    phase = int(gdb.newest_frame().read_var('phase'))
    stopped = gdb.selected_thread()
    try:
        threads = registry_threads()
        CHECKS[phase](threads)
        ack = 1
        verified.add(phase)
        failures.pop(phase, None)
    except NotYet as e:
        ack = 0
        failures[phase] = 'not reached: %s' % e
    except (Wrong, gdb.error, KeyError) as e:
        ack = 2
        failures[phase] = 'wrong: %s: %s' % (type(e).__name__, e)
    stopped.switch()
    gdb.execute('set var ompdbg_ack = %d' % ack)


def main():
    gdb.execute('set pagination off')
    gdb.execute('set confirm off')
    gdb.execute('break ompdbg_check')
    gdb.execute('set breakpoint pending on')
    FormingTeam('pthread_create', internal=True)
    failures[12] = 'not reached: pthread_create never called while the ' \
                   'first region was formed'
    gdb.execute('run')
    while gdb.selected_inferior().pid != 0:
        on_stop()
        gdb.execute('continue')
    for phase in sorted(failures):
        print('STATE-FAIL phase %d: %s' % (phase, failures[phase]))
    print('STATE-VERIFIED %s' % ' '.join(str(p) for p in sorted(verified)))


main()
