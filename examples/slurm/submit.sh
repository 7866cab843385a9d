#!/bin/bash
# Splits a sweep over a Slurm job array, one shard per array task, then merges the shards
# in a job that starts when every task has succeeded.
#
#   SHARDS=16 OUT=results examples/slurm/submit.sh models/credit_loop.yaml [sweep options]
#
# The shards keep the whole sweep's point numbering, so the merged CSV and JSON are the
# same bytes as one `creditflow sweep` would write.
set -euo pipefail
model=${1:?usage: submit.sh MODEL.yaml [creditflow sweep options]}
shift
here=$(cd "$(dirname "$0")" && pwd)
export SHARDS=${SHARDS:-8} OUT=${OUT:-sweep-results} MODEL=$model SWEEP_ARGS="$*"
mkdir -p "$OUT"
array=$(sbatch --parsable --array="1-$SHARDS" --export=ALL "$here/shard.sbatch")
sbatch --dependency="afterok:$array" --export=ALL "$here/merge.sbatch"
