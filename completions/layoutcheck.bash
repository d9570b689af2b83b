# layoutcheck.bash -- bash completion for layoutcheck: the commands, the
# options of each command and the op names of eval.  Everything is asked
# of the program itself (`layoutcheck help`, `COMMAND --help`,
# `eval --list`), once per shell, so the completion never lags the help
# texts.  Installed by `make install`; or `source completions/layoutcheck.bash`.

# _layoutcheck_ask PROG WHAT: the commands (WHAT "commands"), the ops
# ("ops") or the --options of command WHAT, one per line, cached.
_layoutcheck_ask() {
  local prog=$1 what=$2 key
  key=$(printf '%s' "$prog|$what" | cksum | cut -d' ' -f1)
  local var="_layoutcheck_cache_$key"
  if [[ -z ${!var+x} ]]; then
    local words
    case $what in
    commands) words=$("$prog" help 2>/dev/null | awk '/^commands:$/ { on = 1; next } on && /^  [a-z]/ { print $1 }') ;;
    ops) words=$("$prog" eval --list 2>/dev/null | awk '{ print $1 }') ;;
    *) words=$("$prog" "$what" --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u) ;;
    esac
    printf -v "$var" '%s' "$words"
  fi
  printf '%s\n' "${!var}"
}

# _layoutcheck: the completion function of `complete -F`.
_layoutcheck() {
  local cur=${COMP_WORDS[COMP_CWORD]} prog=${COMP_WORDS[0]} cmd= i
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ ${COMP_WORDS[i]} != -* ]]; then
      cmd=${COMP_WORDS[i]}
      break
    fi
  done
  if [[ -z $cmd ]]; then
    if [[ $cur == -* ]]; then
      mapfile -t COMPREPLY < <(compgen -W "--help --version" -- "$cur")
    else
      mapfile -t COMPREPLY < <(compgen -W "$(_layoutcheck_ask "$prog" commands)" -- "$cur")
    fi
    return 0
  fi
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_layoutcheck_ask "$prog" "$cmd") --help" -- "$cur")
    return 0
  fi
  case $cmd in
  eval) # the op: the first word after eval that is not an option
    local first=
    for ((i = i + 1; i < COMP_CWORD; i++)); do
      if [[ ${COMP_WORDS[i]} != -* ]]; then
        first=${COMP_WORDS[i]}
        break
      fi
    done
    if [[ -z $first ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$(_layoutcheck_ask "$prog" ops)" -- "$cur")
    fi
    ;;
  help)
    mapfile -t COMPREPLY < <(compgen -W "$(_layoutcheck_ask "$prog" commands)" -- "$cur")
    ;;
  *)
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    ;;
  esac
  return 0
}
complete -F _layoutcheck layoutcheck
