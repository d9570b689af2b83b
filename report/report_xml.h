/*
** report_xml.h -- libxml2's text writer for the JUnit view, loaded from
** the shared library when a JUnit report is first written rather than at
** every start of the program: libxml2 brings ICU and the C++ runtime
** with it, about 0.9 ms of loading on each of the many short runs of
** `layoutcheck` (an `eval --batch` of 50,000 requests takes 20 ms).
** The functions are libxml2's own, typed by its headers.
*/
#ifndef REPORT_XML_H
#define REPORT_XML_H

#include <libxml/xmlwriter.h>

#include <stddef.h>

/* The libxml2 functions report_junit.c calls. */
typedef struct report_xml_lib {
  __typeof__(xmlOutputBufferCreateFile) *output_buffer_create_file;
  __typeof__(xmlOutputBufferClose) *output_buffer_close;
  __typeof__(xmlNewTextWriter) *new_text_writer;
  __typeof__(xmlFreeTextWriter) *free_text_writer;
  __typeof__(xmlTextWriterSetIndent) *set_indent;
  __typeof__(xmlTextWriterSetIndentString) *set_indent_string;
  __typeof__(xmlTextWriterStartDocument) *start_document;
  __typeof__(xmlTextWriterEndDocument) *end_document;
  __typeof__(xmlTextWriterStartElement) *start_element;
  __typeof__(xmlTextWriterEndElement) *end_element;
  __typeof__(xmlTextWriterWriteAttribute) *write_attribute;
  __typeof__(xmlTextWriterWriteString) *write_string;
} report_xml_lib;

/* Load libxml2 (once; later calls return the same table) and set *lib;
** 0, or -1 with a message naming the library and why it could not be
** loaded, or the function it lacks. */
int report_xml_load(const report_xml_lib **lib, char *msg, size_t cap);

#endif
