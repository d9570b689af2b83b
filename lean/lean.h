/*
** lean.h -- the Lean bridge, the table of contents of lean/:
**
**   lean_parse.h  Lean text: terms, values, commands of a file (lean_lex.c,
**                 lean_parse.c, lean_cmd.c; shared inside by lean_lex.h)
**   lean_log.h    Lean's output in its plain, lake and JSON forms, tied to
**                 the commands (lean_log.c, lean_log_json.c; lean_log_int.h)
**   lean_map.h    the Lean-to-oracle map, its YAML file, values, calls and
**                 the translation of terms (lean_map.c, lean_value.c,
**                 lean_translate.c; lean_int.h)
**   lean_views.h  the local tensor ops of the map (lean_views.c,
**                 lean_views_def.c)
**
** The commands are cli/cmd_lean*.c; default-map.yaml and examples/ are the
** built-in map as a file and example Lean files.
*/
#ifndef LEAN_H
#define LEAN_H

#include "lean_log.h"
#include "lean_map.h"
#include "lean_parse.h"
#include "lean_views.h"

#endif /* LEAN_H */
