#ifndef RESETT_XMLSEC_H
#define RESETT_XMLSEC_H
// XML for SAML, from Debian's libxml2 and libxmlsec1 (OpenSSL backend), behind a small C surface of opaque pointers:
// libxml2's headers bring ICU's, which clash with Foundation's own, so Swift never sees them. Nothing here checks a
// signature by hand: xmlsec does.

typedef struct resett_xml_document resett_xml_document;

// A document from `length` bytes, or NULL: no network, no DTD loading, no entity substitution, a DOCTYPE refused, and
// every element's `ID` registered, refusing a document where two elements share one (signature wrapping needs that).
resett_xml_document *resett_xml_parse(const char *bytes, int length);
void resett_xml_free(resett_xml_document *document);

// Elements: the root, an element's first element child, the next element sibling (NULL at the end).
const void *resett_xml_root(const resett_xml_document *document);
const void *resett_xml_first_child(const void *element);
const void *resett_xml_next(const void *element);
// The element's local name and namespace URI ("" when it has none); valid while the document is.
const char *resett_xml_name(const void *element);
const char *resett_xml_namespace(const void *element);
// An attribute without namespace, or the element's text (comments left out), as new strings for resett_xml_free_string.
char *resett_xml_attribute(const void *element, const char *name);
char *resett_xml_text(const void *element);
void resett_xml_free_string(char *text);

// 1 only when `signature` (a ds:Signature element) verifies with the public key of `certificate` (PEM) using exclusive
// canonicalisation, the enveloped-signature transform, SHA-256/512 and RSA or ECDSA with SHA-256/512, with one
// same-document reference, to `signed_element` itself by an ID that names it alone.
int resett_xml_verify(resett_xml_document *document, const void *signature, const void *signed_element,
                      const unsigned char *certificate, int certificate_length);
#endif
