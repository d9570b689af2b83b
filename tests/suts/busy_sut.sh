#!/bin/sh
# busy_sut.sh PIDFILE -- a system under test that answers the sync request
# and then, on its first other request, stays busy for good: it ignores
# SIGINT, SIGTERM and SIGHUP and its input closing, keeps a child in its
# process group and starts a grandchild that leaves the group and the
# session (setsid).  PIDFILE gets three lines: its own pid (its process
# group), the child's pid, and the grandchild's pid and session.
pids=${1:?usage: busy_sut.sh PIDFILE}
trap '' INT TERM HUP
echo $$ >"$pids.part"
while IFS= read -r l; do
  case "$l" in
    'size 1000000007:1') echo 1000000007 ;;
    *)
      sleep 1000 &
      echo $! >>"$pids.part"
      setsid sh -c 'echo "$$ $(ps -o sid= -p $$)" >>"$1.part"; mv "$1.part" "$1"; exec sleep 1001' \
        sh "$pids" &
      while :; do sleep 1; done
      ;;
  esac
done
