/*
** fuzz_config.c -- libFuzzer target: CONFIG.yaml.  Any bytes either load
** into a valid configuration or fail with a FILE:LINE:COLUMN message;
** a configuration that loads dumps to YAML that loads again.
*/
#include "fuzz_clock.h"
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One input: the bytes as CONFIG.yaml, loaded, dumped and loaded again. */
static int one_input(const uint8_t *data, size_t size) {
  static char path[64];
  char msg[512];
  static char dump[1 << 16];
  if (!path[0]) snprintf(path, sizeof path, "/tmp/lcfuzz-config-%d.yaml", (int)getpid());
  FILE *f = fopen(path, "wb");
  if (!f) return 0;
  fwrite(data, 1, size, f);
  fclose(f);
  config c, d;
  config_defaults(&c);
  if (config_load(path, &c, msg, sizeof msg) != 0) {
    if (strncmp(msg, path, strlen(path)) != 0) abort(); /* the message names the file */
    return 0;
  }
  if (config_dump(&c, dump, sizeof dump) != 0) return 0;
  f = fopen(path, "wb");
  if (!f) return 0;
  fputs(dump, f);
  fclose(f);
  config_defaults(&d);
  if (config_load(path, &d, msg, sizeof msg) != 0) abort();
  return 0;
}

/* One input, timed as a whole: more than 1000 ms of CPU time
** (FUZZ_REQUEST_MS) is a finding (fuzz_clock.h); a hang more than a slow
** input, which takes a few milliseconds. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_clock_start("fuzz_config: the whole input", 1000);
  int rc = one_input(data, size);
  fuzz_clock_stop();
  return rc;
}
