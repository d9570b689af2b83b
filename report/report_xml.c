/* report_xml.c -- libxml2 loaded on first use (see report_xml.h). */
#include "report_xml.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* Where each function of report_xml_lib comes from. */
static const struct {
  const char *name;
  size_t offset;
} xml_symbols[] = {
    {"xmlOutputBufferCreateFile", offsetof(report_xml_lib, output_buffer_create_file)},
    {"xmlOutputBufferClose", offsetof(report_xml_lib, output_buffer_close)},
    {"xmlNewTextWriter", offsetof(report_xml_lib, new_text_writer)},
    {"xmlFreeTextWriter", offsetof(report_xml_lib, free_text_writer)},
    {"xmlTextWriterSetIndent", offsetof(report_xml_lib, set_indent)},
    {"xmlTextWriterSetIndentString", offsetof(report_xml_lib, set_indent_string)},
    {"xmlTextWriterStartDocument", offsetof(report_xml_lib, start_document)},
    {"xmlTextWriterEndDocument", offsetof(report_xml_lib, end_document)},
    {"xmlTextWriterStartElement", offsetof(report_xml_lib, start_element)},
    {"xmlTextWriterEndElement", offsetof(report_xml_lib, end_element)},
    {"xmlTextWriterWriteAttribute", offsetof(report_xml_lib, write_attribute)},
    {"xmlTextWriterWriteString", offsetof(report_xml_lib, write_string)},
};

/* Each function is stored from dlsym's void * (as POSIX allows), and every
** field of report_xml_lib is in the list above. */
_Static_assert(sizeof(report_xml_lib) ==
                   sizeof xml_symbols / sizeof xml_symbols[0] * sizeof(void *),
               "report_xml_lib is the functions of xml_symbols, each the size of void *");

/* The shared library's names: the soname of libxml2 2.x (Debian's
** libxml2 package), then that of libxml2 2.14 and later, then the
** development link. */
static const char *const xml_sonames[] = {"libxml2.so.2", "libxml2.so.16", "libxml2.so"};

/* Open the first of xml_sonames that loads; NULL with dlerror's message of
** the first when none does. */
static void *xml_open(char *msg, size_t cap) {
  size_t n = sizeof xml_sonames / sizeof xml_sonames[0];
  for (size_t i = 0; i < n; i++) {
    void *h = dlopen(xml_sonames[i], RTLD_NOW | RTLD_LOCAL);
    if (h) return h;
    const char *why = dlerror();
    if (i == 0) snprintf(msg, cap, "cannot load libxml2 (%s): %s", xml_sonames[0], why ? why : "?");
  }
  return NULL;
}

/* Load libxml2 once; see report_xml.h.  The library stays loaded until
** the program exits. */
int report_xml_load(const report_xml_lib **lib, char *msg, size_t cap) {
  static report_xml_lib table;
  static int loaded;
  if (loaded) {
    *lib = &table;
    return 0;
  }
  void *h = xml_open(msg, cap);
  if (!h) return -1;
  report_xml_lib t;
  for (size_t i = 0; i < sizeof xml_symbols / sizeof xml_symbols[0]; i++) {
    void *f = dlsym(h, xml_symbols[i].name);
    if (!f) {
      snprintf(msg, cap, "libxml2 has no function %s", xml_symbols[i].name);
      dlclose(h);
      return -1;
    }
    memcpy((char *)&t + xml_symbols[i].offset, &f, sizeof f);
  }
  table = t;
  loaded = 1;
  *lib = &table;
  return 0;
}
