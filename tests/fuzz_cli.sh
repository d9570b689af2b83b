#!/usr/bin/env bash
# fuzz_cli.sh LAYOUTCHECK -- command-line checks of fuzz, replay, show and
# list: exit statuses, results.db contents, and that a run killed with
# SIGKILL loses no counterexample it reported.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/fuzz_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
# shown_stored OUT DB: every counterexample that OUT shows as stored
# ("refuted NAME (#ID, ...)", "FAILED NAME (#ID, ...)") is row ID of DB,
# of that property, and every other failure line says NOT STORED.
shown_stored() {
  local prop id got status=0
  while read -r prop id; do
    got=$(q "$2" "select property from counterexamples where id = $id")
    [ "$got" = "$prop" ] || { echo "  #$id $prop is shown as stored but not in $2"; status=1; }
  done < <(sed -n -E 's/^(refuted|FAILED) ([^ ]+) \(#([0-9]+), (new|found again|known)(; [^)]*)?\)$/\2 \3/p' "$1")
  if grep -E '^(refuted|FAILED) ' "$1" | grep -v -E '\((#[0-9]+, (new|found again|known)(; [^)]*)?|NOT STORED: .+)\)$'; then
    echo "  a failure line above is neither stored nor NOT STORED"
    status=1
  fi
  return $status
}

cfg=$PWD/CONFIG.yaml
cd "$tmp" || exit 2

# the seeds' claims are refuted: no theorem failed, exit 0, both stored
status 0 "fuzz lean" "$lc" fuzz -v --config "$cfg" --property 'lean.*' --db a.db
has "fuzz lean" "refuted lean.complement_involution (#1, new)" out
has "fuzz lean" "L = (2,2):(2,1), N = 4" out
has "fuzz lean" "refuted lean.sorting_coalesce" out
# replay reproduces them (exit 0: refuted conjectures alone, as in fuzz)
status 0 "replay" "$lc" replay --config "$cfg" --db a.db
has "replay" "#1 still refuted lean.complement_involution: L = (2,2):(2,1), N = 4" out
has "replay" "still failing (0 theorem, [0-9]* conjecture), 0 known, 0 fixed" out
# a second run finds the same failures again: no new rows, each counted once
rows=$(q a.db "select count(*) from counterexamples")
status 0 "fuzz again" "$lc" fuzz -v --config "$cfg" --property 'lean.*' --db a.db
has "fuzz again" "^new 0, still open $rows, known 0, fixed 0$" out
has "fuzz again" "^0 theorems failing (0 open counterexamples), [0-9]* conjectures\? refuted ($rows open counterexamples)" out
same "fuzz again: rows" "$(q a.db "select count(*) from counterexamples")" "$rows"
same "fuzz again: runs" "$(q a.db "select new_count || ' ' || open_count || ' ' || refuted from runs order by id")" \
  "$rows 0 $rows
0 $rows $rows"
status 0 "show" "$lc" show 1 --config "$cfg" --db a.db
has "show" "statement: coalesce(complement(complement(L,N),N)) = coalesce(L)" out
has "show" "size 4, cosize 4, rank 2" out
status 1 "show missing" "$lc" show 99 --config "$cfg" --db a.db
status 0 "list" "$lc" list
has "list" "theorem_b.nest" out
# usage and configuration errors exit 2
status 2 "unknown flag" "$lc" fuzz --frobnicate
status 2 "bad seed" "$lc" fuzz -v --config "$cfg" --seed x --db a.db
printf 'cases: many\n' >bad.yaml
status 2 "bad config" "$lc" fuzz -v --config bad.yaml --db a.db
has "bad config" "bad.yaml:1:8" err
printf 'not a database' >junk.db
status 2 "corrupt db" "$lc" fuzz -v --config "$cfg" --property 'lean.*' --db junk.db
if [ "$(cat junk.db)" = "not a database" ]; then ok; else bad "corrupt db was modified"; fi

# a full disk (a file size limit) is a clear error, exit 2, and what was
# stored before is still there
kb=$(( ($(stat -c %s a.db) + 1023) / 1024 ))
(trap '' XFSZ; ulimit -f "$kb"; "$lc" fuzz -v --config "$cfg" --property "lean.*" --cases 300 --db a.db >full.out 2>full.err)
if [ $? -eq 2 ]; then ok; else bad "full disk: expected exit 2"; fi
has "full disk" "a.db" full.err
status 0 "replay after a full disk" "$lc" replay --config "$cfg" --db a.db
has "replay after a full disk" "still refuted lean.complement_involution" out
# the disk fills up in the middle of a run: what was not stored is shown
# as NOT STORED with the reason, never as stored (it was "#0, seen before");
# 300 cases refute the 15 lean.* conjectures, and the limit (the empty
# database is 90 KB) is reached after the first
(trap '' XFSZ; ulimit -f 180; "$lc" fuzz -v --config "$cfg" --property "lean.*" --cases 300 --db fill.db >fill.out 2>fill.err)
if [ $? -eq 2 ]; then ok; else bad "disk filling up: expected exit 2"; fi
has "disk filling up" "^refuted [^ ]* (NOT STORED: fill.db: recording a counterexample: " fill.out
has "disk filling up" "^[0-9]* counterexamples* NOT STORED (see the errors above)$" fill.out
if shown_stored fill.out fill.db; then ok; else bad "disk filling up: shown as stored, not stored"; fi

# a database in a missing directory is a clear error, exit 2
status 2 "missing directory" "$lc" fuzz -v --config "$cfg" --property 'lean.*' --db "$tmp/no/such/dir/r.db"
has "missing directory" "no/such/dir" err

# the whole catalogue on a few hundred cases each: no theorem fails
status 0 "catalogue" "$lc" fuzz -v --config "$cfg" --cases 300 --db c.db

# SIGKILL in the middle of a run: what it reported before is in the database
"$lc" fuzz -v --config "$cfg" --cases 100000000 --db k.db >k.out 2>&1 &
pid=$!
for _ in $(seq 1 200); do
  grep -q "refuted lean.complement_involution" k.out && break
  sleep 0.05
done
sleep 0.2
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
has "killed run" "refuted lean.complement_involution" k.out
status 0 "replay after kill" "$lc" replay --config "$cfg" --db k.db
has "replay after kill" "still failing (0 theorem" out

# user conjectures (CONFIG.yaml's conjecture_files): run, listed, replayed,
# shown like the built-in properties; a bad file stops the command (exit 2)
status 0 "fuzz user" "$lc" fuzz -v --config "$cfg" --property 'user.*' --cases 300 --db u.db
has "fuzz user" "^user.coalesce_idempotent  *theorem  *300  *300 " out
has "fuzz user" "refuted user.sort_coalesce" out
has "fuzz user" "L = (2,2):(1,0)" out
has "fuzz user" "coalesce(sort(L)) = (2,2):(0,1) but coalesce(L) = (2,2):(1,0)" out
has "fuzz user" "^0 theorems failing (0 open counterexamples), [0-9]* conjectures\? refuted (5 open counterexamples)" out
status 0 "replay user" "$lc" replay --config "$cfg" --property 'user.*' --db u.db
has "replay user" "still refuted user.sort_coalesce: L = (2,2):(1,0)" out
status 0 "show user" "$lc" show 1 --config "$cfg" --db u.db
has "show user" "statement: size(L) <= cosize(L)" out
status 0 "list user" "$lc" list --config "$cfg"
has "list user" "^user.composition_agrees  *theorem  *composable_layouts " out
has "list user" "^coalesce.idempotent " out
status 0 "list user glob" "$lc" list --config "$cfg" --property 'user.sort*'
if [ "$(grep -c '^user\.' out)" -eq 2 ]; then ok; else bad "list --property: $(cat out)"; fi
printf -- '- name: user.bad\n  forall: {L: layout}\n  check: "coalesce(L) == function(L)"\n' \
  >bad_conj.yaml
printf 'conjecture_files: [bad_conj.yaml]\n' >bad_cfg.yaml
status 2 "bad conjecture file" "$lc" fuzz -v --config bad_cfg.yaml --db b.db
has "bad conjecture file" "^bad_conj.yaml:3:23: check: '==' compares a value with a function" err
status 2 "bad conjecture file, list" "$lc" list --config "$tmp/bad_cfg.yaml"
has "bad conjecture file, list" "^$tmp/bad_conj.yaml:3:23: check: " err
printf 'conjecture_files: [none.yaml]\n' >none_cfg.yaml
status 2 "missing conjecture file" "$lc" replay --config none_cfg.yaml --db b.db
has "missing conjecture file" "^none.yaml: cannot open" err

# --- the command line: --help on every command prints its usage on stdout
# (exit 0, nothing on stderr); --version; "--opt=value" as well as "--opt value"
for cmd in eval corpus fuzz replay show list report merge gpu "lean check" "lean emit" "lean map"; do
  # shellcheck disable=SC2086  # "lean check" is two words
  status 0 "$cmd --help" "$lc" $cmd --help
  has "$cmd --help" "^usage: layoutcheck ${cmd%% *}" out
  if [ ! -s err ]; then ok; else bad "$cmd --help wrote on stderr: $(cat err)"; fi
done
status 0 "fuzz -h" "$lc" fuzz -h
has "fuzz usage names --shard" "--shard K/N" out
status 0 "--version" "$lc" --version
if git -C "$(dirname "$cfg")" rev-parse --git-dir >/dev/null 2>&1; then
  has "--version names the git revision" "^layoutcheck [0-9a-f]\{7,\}" out
else
  has "--version outside git" "^layoutcheck (revision unknown" out
fi
has "--version names CUTLASS" "^CuTe layer checked against CUTLASS 7107b05535f8977f5ecb9d01ee203205b1fd9bc4$" out
status 0 "--cases=5" "$lc" fuzz -v --config="$cfg" --property=coalesce.idempotent --cases=5 --seed=3 \
  --db=eq.db
has "--cases=5" "^seed 3, 5 cases per property, results in eq.db" out
if [ -e eq.db ]; then ok; else bad "--db=eq.db made no eq.db"; fi
status 0 "--cases 5" "$lc" fuzz -v --config "$cfg" --property coalesce.idempotent --cases 5 --seed 3 \
  --db sp.db
has "--cases 5" "^seed 3, 5 cases per property, results in sp.db" out
status 2 "unknown option" "$lc" fuzz -v --config "$cfg" --frobnicate --db unk.db
has "unknown option" "^fuzz: unknown option '--frobnicate'" err
if [ ! -e unk.db ]; then ok; else bad "an unknown option still created a database"; fi
status 2 "missing value" "$lc" fuzz -v --config "$cfg" --db
has "missing value" "^fuzz: --db needs a value" err
status 2 "a stray argument" "$lc" fuzz -v --config "$cfg" stray --db unk.db
has "a stray argument" "^fuzz: unexpected argument 'stray'" err

# a property glob that selects nothing is a usage error before any database
# is created or anything printed
status 2 "a glob that selects nothing" "$lc" fuzz -v --config "$cfg" --property 'nomatch*' --db nm.db
has "a glob that selects nothing" "^fuzz: the property glob 'nomatch\*' selects no property" err
if [ ! -e nm.db ] && [ ! -s out ]; then ok; else bad "a glob that selects nothing: a database or output"; fi
printf 'conjectures: false\n' >noconj.yaml
status 2 "a glob of conjectures only, conjectures off" "$lc" fuzz -v --config noconj.yaml --property 'lean.*' --db nc.db
has "a glob of conjectures only" "selects only conjectures, and conjectures are off" err
if [ ! -e nc.db ]; then ok; else bad "a glob of conjectures only: a database"; fi
finish
