#!/bin/bash
# Plays a Slurm job array by hand: each shard script with its SLURM_ARRAY_TASK_ID, then
# the merge script; the result must equal one unsharded sweep, byte for byte.
set -euo pipefail
tool=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work/out"
export CREDITFLOW=$tool MODEL=$src/models/credit_loop.yaml SHARDS=3 OUT=$work/out
export SWEEP_ARGS="--cycles 2000 --warmup 1000 --sweep table"
for k in 1 2 3; do
  SLURM_ARRAY_TASK_ID=$k SLURM_CPUS_PER_TASK=2 bash "$src/examples/slurm/shard.sbatch" > /dev/null 2>&1
done
bash "$src/examples/slurm/merge.sbatch"
"$tool" sweep "$MODEL" $SWEEP_ARGS --csv "$work/whole.csv" --json "$work/whole.json" > /dev/null 2>&1
cmp "$work/out/sweep.csv" "$work/whole.csv"
cmp "$work/out/sweep.json" "$work/whole.json"
echo "slurm scripts: 3 shards merged into the same bytes as one sweep"
