#!/usr/bin/env bash
# A throw-away single-node Slurm cluster on 127.0.0.1, for tests: Debian's munge and
# slurm-wlm run from a temporary folder with a configuration of their own (no systemd, no
# /etc), and are stopped by their pids.
#   cluster.sh start DIR   writes DIR/slurm.conf, starts munged, slurmctld and slurmd, waits
#                          until the node is idle, prints `export SLURM_CONF=DIR/slurm.conf`
#   cluster.sh stop DIR    stops the three daemons by the pids they wrote in DIR
# Exit 77 (a skip for CTest) when munged or slurmctld is not installed.
set -euo pipefail

command_=${1:?usage: cluster.sh start|stop DIR}
dir=$(realpath -m "${2:?usage: cluster.sh start|stop DIR}")

stop() {
  local pids=()
  for pid_file in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
    [ -s "$pid_file" ] && pids+=("$(cat "$pid_file")")
  done
  [ ${#pids[@]} -eq 0 ] && return 0
  kill "${pids[@]}" 2>/dev/null || true
  for pid in "${pids[@]}"; do  # the daemons remove their pid files as they go: wait on the pids
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
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
rm -rf "$dir/state" "$dir/spool" "$dir/log"
mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
chmod 700 "$dir/munge"
rm -f "$dir/munge/munge.key"
mungekey --create --keyfile="$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
# Ports of this run's own, so two test runs on one machine do not meet.
port=$((20000 + $$ % 20000))
cat > "$dir/slurm.conf" <<CONF
ClusterName=creditflowtest
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
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

munged --force --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed"
export SLURM_CONF="$dir/slurm.conf"
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
