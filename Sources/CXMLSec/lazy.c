// libxml2, libxmlsec1 and its OpenSSL backend opened at the first SAML response checked (see lazy_library.h): an
// organisation that signs in another way never loads them, nor libxslt, ICU and the rest they bring. One line per
// function xmlsec.c calls, as their headers declare it; xmlsec.c frees libxml2's strings by resett_xml_release.
#include "lazy.h"
#include "lazy_library.h"
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>
#include <xmlsec/xmlsec.h>
#include <xmlsec/errors.h>
#include <xmlsec/xmltree.h>
#include <xmlsec/xmldsig.h>
#include <xmlsec/transforms.h>
#include <xmlsec/keys.h>
#include <xmlsec/crypto.h>

RESETT_LAZY_LIBRARY(libxml2, "libxml2.so.2", "libxml2");
RESETT_LAZY_LIBRARY(libxmlsec1, "libxmlsec1.so.1", "libxmlsec1");
RESETT_LAZY_LIBRARY(libxmlsec1_openssl, "libxmlsec1-openssl.so.1", "libxmlsec1-openssl");

// libxml2's deallocator is a variable holding a function, not a function.
void resett_xml_release(void *memory) {
    RESETT_LAZY_RESOLVE(libxml2, "xmlFree")
    (*(xmlFreeFunc *)function)(memory);
}

RESETT_LAZY_FUNCTION(libxml2, xmlIDPtr, xmlAddID, (xmlValidCtxtPtr ctxt, xmlDocPtr doc, const xmlChar *value, xmlAttrPtr attr),
                     (ctxt, doc, value, attr))
RESETT_LAZY_FUNCTION(libxml2, xmlNodePtr, xmlDocGetRootElement, (const xmlDoc *doc), (doc))
RESETT_LAZY_VOID_FUNCTION(libxml2, xmlFreeDoc, (xmlDocPtr cur), (cur))
RESETT_LAZY_FUNCTION(libxml2, xmlAttrPtr, xmlGetID, (xmlDocPtr doc, const xmlChar *ID), (doc, ID))
RESETT_LAZY_FUNCTION(libxml2, xmlChar *, xmlGetNoNsProp, (const xmlNode *node, const xmlChar *name), (node, name))
RESETT_LAZY_FUNCTION(libxml2, xmlAttrPtr, xmlHasProp, (const xmlNode *node, const xmlChar *name), (node, name))
RESETT_LAZY_VOID_FUNCTION(libxml2, xmlInitParser, (void), ())
RESETT_LAZY_FUNCTION(libxml2, xmlChar *, xmlNodeGetContent, (const xmlNode *cur), (cur))
RESETT_LAZY_FUNCTION(libxml2, xmlChar *, xmlNodeListGetString, (xmlDocPtr doc, const xmlNode *list, int inLine), (doc, list, inLine))
RESETT_LAZY_FUNCTION(libxml2, xmlDocPtr, xmlReadMemory, (const char *buffer, int size, const char *URL, const char *encoding, int options),
                     (buffer, size, URL, encoding, options))
RESETT_LAZY_FUNCTION(libxml2, int, xmlStrEqual, (const xmlChar *str1, const xmlChar *str2), (str1, str2))

RESETT_LAZY_FUNCTION(libxmlsec1, xmlSecDSigCtxPtr, xmlSecDSigCtxCreate, (xmlSecKeysMngrPtr keysMngr), (keysMngr))
RESETT_LAZY_VOID_FUNCTION(libxmlsec1, xmlSecDSigCtxDestroy, (xmlSecDSigCtxPtr dsigCtx), (dsigCtx))
RESETT_LAZY_FUNCTION(libxmlsec1, int, xmlSecDSigCtxEnableReferenceTransform, (xmlSecDSigCtxPtr dsigCtx, xmlSecTransformId transformId),
                     (dsigCtx, transformId))
RESETT_LAZY_FUNCTION(libxmlsec1, int, xmlSecDSigCtxEnableSignatureTransform, (xmlSecDSigCtxPtr dsigCtx, xmlSecTransformId transformId),
                     (dsigCtx, transformId))
RESETT_LAZY_FUNCTION(libxmlsec1, int, xmlSecDSigCtxVerify, (xmlSecDSigCtxPtr dsigCtx, xmlNodePtr node), (dsigCtx, node))
RESETT_LAZY_VOID_FUNCTION(libxmlsec1, xmlSecErrorsSetCallback, (xmlSecErrorsCallback callback), (callback))
RESETT_LAZY_FUNCTION(libxmlsec1, int, xmlSecInit, (void), ())
RESETT_LAZY_VOID_FUNCTION(libxmlsec1, xmlSecKeyDestroy, (xmlSecKeyPtr key), (key))
RESETT_LAZY_FUNCTION(libxmlsec1, xmlSecPtr, xmlSecPtrListGetItem, (xmlSecPtrListPtr list, xmlSecSize pos), (list, pos))
RESETT_LAZY_FUNCTION(libxmlsec1, xmlSecSize, xmlSecPtrListGetSize, (xmlSecPtrListPtr list), (list))
RESETT_LAZY_FUNCTION(libxmlsec1, xmlSecTransformId, xmlSecTransformEnvelopedGetKlass, (void), ())
RESETT_LAZY_FUNCTION(libxmlsec1, xmlSecTransformId, xmlSecTransformExclC14NGetKlass, (void), ())

RESETT_LAZY_FUNCTION(libxmlsec1_openssl, int, xmlSecOpenSSLAppInit, (const char *config), (config))
RESETT_LAZY_FUNCTION(libxmlsec1_openssl, xmlSecKeyPtr, xmlSecOpenSSLAppKeyLoadMemory,
                     (const xmlSecByte *data, xmlSecSize dataSize, xmlSecKeyDataFormat format, const char *pwd, void *pwdCallback,
                      void *pwdCallbackCtx),
                     (data, dataSize, format, pwd, pwdCallback, pwdCallbackCtx))
RESETT_LAZY_FUNCTION(libxmlsec1_openssl, int, xmlSecOpenSSLInit, (void), ())
RESETT_LAZY_FUNCTION(libxmlsec1_openssl, xmlSecTransformId, xmlSecOpenSSLTransformEcdsaSha256GetKlass, (void), ())
RESETT_LAZY_FUNCTION(libxmlsec1_openssl, xmlSecTransformId, xmlSecOpenSSLTransformEcdsaSha512GetKlass, (void), ())
RESETT_LAZY_FUNCTION(libxmlsec1_openssl, xmlSecTransformId, xmlSecOpenSSLTransformRsaSha256GetKlass, (void), ())
RESETT_LAZY_FUNCTION(libxmlsec1_openssl, xmlSecTransformId, xmlSecOpenSSLTransformRsaSha512GetKlass, (void), ())
RESETT_LAZY_FUNCTION(libxmlsec1_openssl, xmlSecTransformId, xmlSecOpenSSLTransformSha256GetKlass, (void), ())
RESETT_LAZY_FUNCTION(libxmlsec1_openssl, xmlSecTransformId, xmlSecOpenSSLTransformSha512GetKlass, (void), ())
