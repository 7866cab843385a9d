#!/usr/bin/env bash
# The Slurm path without Slurm: `sweep --slurm --dry-run` writes the plan and the array task
# script, the tasks are run by hand with their SLURM_ARRAY_TASK_ID, and `merge DIR` reports
# the points still missing (exit 1) until the last task is in, then writes the local
# sweep's bytes. Then the misuse that must be refused with one line naming what is wrong.
#   slurm_by_hand.sh TOOL SOURCE_DIR WORK_DIR
set -euo pipefail
tool=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"

fail() { echo "slurm_by_hand: $*" >&2; exit 1; }
# refused EXPECTED COMMAND...: the command exits 2 (refused) with EXPECTED in its one line on stderr.
refused() {
  local expected=$1 status=0
  shift
  "$@" > /dev/null 2> refused.err || status=$?
  [ "$status" -eq 2 ] || fail "'$*' exited $status, not 2: $(cat refused.err)"
  [ "$(wc -l < refused.err)" -eq 1 ] || fail "'$*' wrote more than one line: $(cat refused.err)"
  grep -qF -- "$expected" refused.err || fail "'$*' said '$(cat refused.err)', not '$expected'"
}

cp "$src/models/credit_loop.yaml" model.yaml
sweep=(model.yaml --vary rx.depth=1:6 --vary link.latency=1:2 --view tl --cycles 2000 --warmup 1000)
"$tool" sweep "${sweep[@]}" --csv local.csv --json local.json > local.out 2> /dev/null

"$tool" sweep "${sweep[@]}" --slurm --out plan --tasks 3 --partition short --time 10 --dry-run > dry.out
grep -qF "sbatch --parsable --job-name=creditflow-sweep --array=1-3 --output=$work/plan/logs/%a.log \
--chdir=$work --cpus-per-task=1 --partition=short --time=10 $work/plan/task.sh" dry.out ||
  fail "dry run: $(cat dry.out)"
[ -f plan/plan.json ] && [ -d plan/shards ] && [ -d plan/logs ] || fail "the plan's folder is incomplete"

for k in 1 2; do SLURM_ARRAY_TASK_ID=$k sh plan/task.sh > "plan/logs/$k.log" 2>&1; done
status=0
"$tool" merge plan > /dev/null 2> merge.err || status=$?
[ "$status" -eq 1 ] || fail "merge with task 3 missing exited $status, not 1"
grep -q "4 of 12 points missing, from 1 of 3 tasks" merge.err || fail "report: $(cat merge.err)"
grep -qF "task 3 (points 8..11): no results; no log at $work/plan/logs/3.log" merge.err || fail "report: $(cat merge.err)"
grep -q "point 11: rx.depth=6, link.latency=2" merge.err || fail "no parameters: $(cat merge.err)"
[ ! -e plan/sweep.csv ] || fail "merge wrote sweep.csv with points missing"

# A task without its array index says so instead of running something else.
! sh plan/task.sh 2> task.err > /dev/null && grep -q "not a Slurm array task" task.err ||
  fail "task.sh without SLURM_ARRAY_TASK_ID: $(cat task.err)"

SLURM_ARRAY_TASK_ID=3 sh plan/task.sh > plan/logs/3.log 2>&1
"$tool" merge plan > merged.out 2> merge.err || fail "merge of every task failed: $(cat merge.err)"
grep -q "merged 12 points from 3 tasks" merge.err || fail "merge said: $(cat merge.err)"
cmp plan/sweep.csv local.csv && cmp plan/sweep.json local.json && cmp merged.out local.out ||
  fail "the merged sweep differs from the local one"
echo "slurm by hand: 3 tasks merged into the same bytes as the local sweep; 4 points reported while missing"

refused "give --out DIR" "$tool" sweep "${sweep[@]}" --slurm
refused "--partition needs --slurm or --resume" "$tool" sweep "${sweep[@]}" --partition short
refused "--out DIR goes with --slurm" "$tool" sweep "${sweep[@]}" --out elsewhere
refused "--shard is for running a slice by hand" "$tool" sweep "${sweep[@]}" --slurm --out other --shard 1/2
refused "--out plan already holds a sweep (plan.json)" "$tool" sweep "${sweep[@]}" --slurm --out plan
refused "--vary is not taken: the sweep's options are those in plan/plan.json" \
  "$tool" sweep --resume plan --vary rx.depth=1:2
refused "merge nowhere: not a folder" "$tool" merge nowhere
refused "cannot run sbatch" env PATH=/nonexistent "$tool" sweep "${sweep[@]}" --slurm --out nosbatch
[ ! -e nosbatch ] || fail "a sweep that could not be submitted left its plan behind"
echo "# edited" >> model.yaml
refused "model.yaml or a file it reads has changed since the sweep in" "$tool" merge plan
echo "slurm by hand: misuse refused with one line each"
