#ifndef RESETT_XMLSEC_LAZY_H
#define RESETT_XMLSEC_LAZY_H
// Frees what libxml2 allocated (its `xmlFree`), looked up in the library opened at first use (lazy.c).
void resett_xml_release(void *memory);
#endif
