#!/usr/bin/env bash
# A throw-away single-node Slurm cluster on 127.0.0.1, for tests: Debian's munge and
# slurm-wlm run from a temporary folder with a configuration of their own (no systemd, no
# /etc), and are stopped by their pids.
#   cluster.sh start DIR   starts munged, slurmctld and slurmd, waits until the node is
#                          idle, prints `export SLURM_CONF=.../slurm.conf`
#   cluster.sh stop DIR    stops the three daemons by their pids, keeps their logs in DIR/log
# The daemons' sockets, state and pid files live in a short folder of their own under /tmp
# (named in DIR/run-dir): a Unix socket's path may not exceed 108 bytes, and DIR may be deep
# in a build tree.
# Exit 77 (a skip for CTest) when munged or slurmctld is not installed.
set -euo pipefail

command_=${1:?usage: cluster.sh start|stop DIR}
dir=$(realpath -m "${2:?usage: cluster.sh start|stop DIR}")

stop() {
  [ -s "$dir/run-dir" ] || return 0
  local run pids=()
  run=$(cat "$dir/run-dir")
  for pid_file in "$run/slurmd.pid" "$run/slurmctld.pid" "$run/munge/munged.pid"; do
    [ -s "$pid_file" ] && pids+=("$(cat "$pid_file")")
  done
  if [ ${#pids[@]} -gt 0 ]; then
    kill "${pids[@]}" 2>/dev/null || true
    for pid in "${pids[@]}"; do  # the daemons remove their pid files as they go: wait on the pids
      for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
  fi
  mkdir -p "$dir/log"
  cp "$run"/log/* "$run"/munge/*.log "$dir/log/" 2>/dev/null || true
  rm -rf "$run" "$dir/run-dir"
}

if [ "$command_" = stop ]; then stop; exit 0; fi

for daemon in munged mungekey slurmctld slurmd sbatch; do
  if ! command -v "$daemon" >/dev/null && [ ! -x "/usr/sbin/$daemon" ]; then
    echo "cluster.sh: $daemon is not installed (Debian: munge, slurm-wlm); skipping" >&2
    exit 77
  fi
done
export PATH="$PATH:/usr/sbin"

# A fresh cluster every time: no jobs or node states (a drained node, say) from a previous one.
stop
mkdir -p "$dir"
run=$(mktemp -d /tmp/cfslurm.XXXXXX)
echo "$run" > "$dir/run-dir"
mkdir -p "$run/munge" "$run/state" "$run/spool" "$run/log"
chmod 700 "$run/munge"
mungekey --create --keyfile="$run/munge/munge.key"
chmod 400 "$run/munge/munge.key"
# Ports of this run's own, so two test runs on one machine do not meet.
port=$((20000 + $$ % 20000))
cat > "$run/slurm.conf" <<CONF
ClusterName=creditflowtest
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$run/munge/munge.socket
StateSaveLocation=$run/state
SlurmdSpoolDir=$run/spool
SlurmctldPidFile=$run/slurmctld.pid
SlurmdPidFile=$run/slurmd.pid
SlurmctldLogFile=$run/log/slurmctld.log
SlurmdLogFile=$run/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF

munged --force --socket="$run/munge/munge.socket" --key-file="$run/munge/munge.key" \
  --pid-file="$run/munge/munged.pid" --log-file="$run/munge/munged.log" --seed-file="$run/munge/munged.seed"
export SLURM_CONF="$run/slurm.conf"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF" -N localhost
for _ in $(seq 100); do
  if sinfo -h -o %t 2>/dev/null | grep -q idle; then
    echo "export SLURM_CONF=$SLURM_CONF"
    exit 0
  fi
  sleep 0.2
done
echo "cluster.sh: the node did not become idle; logs in $dir/log" >&2
stop
exit 1
