#!/usr/bin/env bash
# A 50-point sweep through a real Slurm (tests/slurm/cluster.sh: munged, slurmctld and slurmd
# on 127.0.0.1, stopped by their pids on the way out) must merge into the same bytes as the
# same sweep run locally; then a second run loses one cancelled task and one failed task,
# `merge` names them and exits non-zero, and `--resume` reruns just those two.
#   slurm_sweep_test.sh TOOL SOURCE_DIR WORK_DIR
# Exit 77 (a skip for CTest) when Slurm is not installed.
set -euo pipefail
tool=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
cluster=$work/cluster
trap 'bash "$src/tests/slurm/cluster.sh" stop "$cluster"' EXIT
started=$(bash "$src/tests/slurm/cluster.sh" start "$cluster") || exit $?
eval "$started"
export PATH="$PATH:/usr/sbin"

# No step may hang the test: a stuck wait fails it, and the trap still stops the daemons.
creditflow() { timeout 120 "$tool" "$@"; }
fail() { echo "slurm_sweep_test: $*" >&2; exit 1; }
same() { cmp "$1" "$2" || fail "$1 differs from $2"; }

sweep=("$src/models/credit_loop.yaml" --vary rx.depth=1:10 --vary link.latency=1:5
       --view tl --cycles 2000 --warmup 1000)
creditflow sweep "${sweep[@]}" --csv "$work/local.csv" --json "$work/local.json" > "$work/local.out" 2> /dev/null
[ "$(($(wc -l < "$work/local.csv") - 1))" -eq 50 ] || fail "the local sweep has not 50 points"

# 1. The whole sweep through Slurm: 8 array tasks, waited for, merged.
creditflow sweep "${sweep[@]}" --slurm --out "$work/whole" --tasks 8 --poll 0.5 \
  --csv "$work/slurm.csv" --json "$work/slurm.json" > "$work/slurm.out" 2> "$work/slurm.err" ||
  fail "the Slurm sweep failed: $(cat "$work/slurm.err")"
grep -q "merged 50 points from 8 tasks" "$work/slurm.err" || fail "no merge line in: $(cat "$work/slurm.err")"
same "$work/slurm.csv" "$work/local.csv"
same "$work/slurm.json" "$work/local.json"
same "$work/whole/sweep.csv" "$work/local.csv"
same "$work/whole/sweep.json" "$work/local.json"
same "$work/slurm.out" "$work/local.out"
echo "slurm: 50 points in 8 tasks merged into the same bytes as the local sweep"

# sbatch's own refusal comes through as one line, and leaves no plan behind.
status=0
creditflow sweep "${sweep[@]}" --slurm --out "$work/nowhere" --partition nosuch > /dev/null 2> "$work/refused.err" ||
  status=$?
[ "$status" -eq 2 ] && [ "$(wc -l < "$work/refused.err")" -eq 1 ] &&
  grep -q "sbatch refused the job: .*Invalid partition name specified" "$work/refused.err" ||
  fail "an unknown partition gave exit $status and: $(cat "$work/refused.err")"
[ ! -e "$work/nowhere" ] || fail "a refused submission left $work/nowhere behind"

# 2. Task 3 cancelled before it starts (the node is drained meanwhile), task 5 failing as it
# writes its results (a folder stands where its file goes): the other six tasks' results
# stay, merge names the two.
scontrol update nodename=localhost state=drain reason=creditflow-test
job=$(creditflow sweep "${sweep[@]}" --slurm --out "$work/lossy" --tasks 8 --no-wait 2> "$work/submit.err")
[[ $job =~ ^[0-9]+$ ]] || fail "--no-wait printed '$job', not a job id"
mkdir -p "$work/lossy/shards/5.json"
scancel "${job}_3"
# While tasks are queued, merge says so rather than calling them lost, and --resume waits.
status=0
creditflow merge "$work/lossy" > /dev/null 2> "$work/early.err" || status=$?
[ "$status" -eq 1 ] && grep -q "7 tasks of job $job are still pending or running: merge again when they are done" \
  "$work/early.err" || fail "merge while queued exited $status: $(cat "$work/early.err")"
status=0
creditflow sweep --resume "$work/lossy" > /dev/null 2> "$work/early.err" || status=$?
[ "$status" -eq 2 ] && grep -q "7 tasks of job $job are still pending or running: wait for them" "$work/early.err" ||
  fail "--resume while queued exited $status: $(cat "$work/early.err")"
# A signal while waiting (SIGTERM here: a script's background job ignores SIGINT) stops the
# waiting, not the job, and says how to collect or cancel it. The signal goes to timeout
# itself (not to a function's subshell), which passes it on.
timeout -s KILL 120 "$tool" sweep "${sweep[@]}" --slurm --out "$work/interrupted" --tasks 2 --poll 0.2 \
  > /dev/null 2> "$work/int.err" &
waiter=$!
for _ in $(seq 100); do grep -q "tasks finished" "$work/int.err" && break; sleep 0.1; done
kill -TERM "$waiter"
status=0
wait "$waiter" || status=$?
# timeout returns as soon as it has passed the signal on: give the tool time to say its piece.
for _ in $(seq 50); do grep -q "interrupted" "$work/int.err" && break; sleep 0.1; done
[ "$status" -eq 143 ] && grep -q "interrupted; job [0-9]* goes on: collect it with .creditflow merge $work/interrupted." \
  "$work/int.err" || fail "SIGTERM while waiting exited $status: $(cat "$work/int.err")"
scancel "$(sed -n 's/.*submitted job \([0-9]*\).*/\1/p' "$work/int.err")"
scontrol update nodename=localhost state=resume
for _ in $(seq 600); do
  [ -z "$(squeue --noheader --array --jobs="$job" 2> /dev/null)" ] && break
  sleep 0.1
done
[ -z "$(squeue --noheader --array --jobs="$job" 2> /dev/null)" ] || fail "job $job still queued after 60 s"
status=0
creditflow merge "$work/lossy" > /dev/null 2> "$work/merge.err" || status=$?
[ "$status" -eq 1 ] || fail "merge with two tasks lost exited $status, not 1"
grep -q "12 of 50 points missing, from 2 of 8 tasks" "$work/merge.err" || fail "report: $(cat "$work/merge.err")"
grep -q "task 3 (points 12..17): no results" "$work/merge.err" || fail "task 3 not named: $(cat "$work/merge.err")"
grep -q "task 5 (points 25..30): no results" "$work/merge.err" || fail "task 5 not named: $(cat "$work/merge.err")"
grep -q "5.log) ends: creditflow: --json " "$work/merge.err" || fail "task 5's log not quoted: $(cat "$work/merge.err")"
grep -q "point 12: rx.depth=3, link.latency=2" "$work/merge.err" || fail "no parameters: $(cat "$work/merge.err")"
grep -q "creditflow sweep --resume $work/lossy" "$work/merge.err" || fail "no --resume hint: $(cat "$work/merge.err")"
[ "$(find "$work/lossy/shards" -name '*.json' -type f | wc -l)" -eq 6 ] || fail "the six good shards are not all there"
echo "slurm: a cancelled and a failed task named, 12 points missing, merge exits 1 (and waits while tasks are queued)"

# 3. --resume reruns only tasks 3 and 5 (with a time limit of their own), then merges all 50.
rmdir "$work/lossy/shards/5.json"
creditflow sweep --resume "$work/lossy" --time 10 --poll 0.5 > "$work/resume.out" 2> "$work/resume.err" ||
  fail "--resume failed: $(cat "$work/resume.err")"
grep -q "rerunning tasks 3,5 for 12 missing points" "$work/resume.err" || fail "resume: $(cat "$work/resume.err")"
grep -q '"--time=10"' "$work/lossy/plan.json" || fail "--time 10 not in the resumed plan's sbatch options"
same "$work/lossy/sweep.csv" "$work/local.csv"
same "$work/lossy/sweep.json" "$work/local.json"
same "$work/resume.out" "$work/local.out"
echo "slurm: --resume reran tasks 3 and 5, 12 points; merged the same bytes as the local sweep"
