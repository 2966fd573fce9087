#include "resett_xmlsec.h"
#include "lazy.h"
#include <string.h>
#include <pthread.h>
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

struct resett_xml_document { xmlDocPtr doc; };

static void quiet(const char *file, int line, const char *func, const char *errorObject, const char *errorSubject, int reason,
                  const char *msg) {
    (void)file; (void)line; (void)func; (void)errorObject; (void)errorSubject; (void)reason; (void)msg;
}

static int ready = 0;
static void start(void) {
    xmlInitParser();
    if (xmlSecInit() < 0 || xmlSecCryptoAppInit(NULL) < 0 || xmlSecCryptoInit() < 0) return;
    xmlSecErrorsSetCallback(quiet);
    ready = 1;
}

static int initialised(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, start);
    return ready;
}

static int register_ids(xmlDocPtr doc, xmlNodePtr node, int depth) {
    if (depth > 64) return 0;  // SAML nests a handful deep; a deeper document is not one
    for (xmlNodePtr current = node; current != NULL; current = current->next) {
        if (current->type != XML_ELEMENT_NODE) continue;
        xmlAttrPtr attribute = xmlHasProp(current, BAD_CAST "ID");
        if (attribute != NULL) {
            xmlChar *value = xmlNodeListGetString(doc, attribute->children, 1);
            int fresh = value != NULL && value[0] != 0 && xmlGetID(doc, value) == NULL && xmlAddID(NULL, doc, value, attribute) != NULL;
            resett_xml_release(value);
            if (!fresh) return 0;
        }
        if (!register_ids(doc, current->children, depth + 1)) return 0;
    }
    return 1;
}

resett_xml_document *resett_xml_parse(const char *bytes, int length) {
    if (!initialised() || bytes == NULL || length <= 0 || length > 1048576) return NULL;
    xmlDocPtr doc = xmlReadMemory(bytes, length, NULL, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA);
    if (doc == NULL) return NULL;
    if (doc->intSubset != NULL || doc->extSubset != NULL || xmlDocGetRootElement(doc) == NULL
        || !register_ids(doc, xmlDocGetRootElement(doc), 0)) {
        xmlFreeDoc(doc);
        return NULL;
    }
    resett_xml_document *document = malloc(sizeof *document);
    if (document == NULL) { xmlFreeDoc(doc); return NULL; }
    document->doc = doc;
    return document;
}

void resett_xml_free(resett_xml_document *document) {
    if (document == NULL) return;
    xmlFreeDoc(document->doc);
    free(document);
}

static const void *element_from(xmlNodePtr node) {
    while (node != NULL && node->type != XML_ELEMENT_NODE) node = node->next;
    return node;
}

const void *resett_xml_root(const resett_xml_document *document) { return xmlDocGetRootElement(document->doc); }
const void *resett_xml_first_child(const void *element) { return element_from(((xmlNodePtr)element)->children); }
const void *resett_xml_next(const void *element) { return element_from(((xmlNodePtr)element)->next); }
const char *resett_xml_name(const void *element) { return (const char *)((xmlNodePtr)element)->name; }
const char *resett_xml_namespace(const void *element) {
    xmlNsPtr ns = ((xmlNodePtr)element)->ns;
    return ns != NULL && ns->href != NULL ? (const char *)ns->href : "";
}

static char *copied(xmlChar *value) {
    if (value == NULL) return NULL;
    char *text = strdup((const char *)value);
    resett_xml_release(value);
    return text;
}

char *resett_xml_attribute(const void *element, const char *name) { return copied(xmlGetNoNsProp((xmlNodePtr)element, BAD_CAST name)); }
char *resett_xml_text(const void *element) { return copied(xmlNodeGetContent((xmlNodePtr)element)); }
void resett_xml_free_string(char *text) { free(text); }

int resett_xml_verify(resett_xml_document *document, const void *signature, const void *signed_element,
                      const unsigned char *certificate, int certificate_length) {
    if (!initialised() || document == NULL || signature == NULL || signed_element == NULL || certificate_length <= 0) return 0;
    xmlSecKeyPtr key = xmlSecCryptoAppKeyLoadMemory(certificate, (xmlSecSize)certificate_length, xmlSecKeyDataFormatCertPem, NULL, NULL, NULL);
    if (key == NULL) return 0;
    xmlSecDSigCtxPtr context = xmlSecDSigCtxCreate(NULL);
    if (context == NULL) { xmlSecKeyDestroy(key); return 0; }
    context->signKey = key;  // the context frees it
    context->enabledReferenceUris = xmlSecTransformUriTypeSameDocument;
    context->flags |= XMLSEC_DSIG_FLAGS_STORE_SIGNEDINFO_REFERENCES;
    int ok = xmlSecDSigCtxEnableSignatureTransform(context, xmlSecTransformExclC14NId) == 0
        && xmlSecDSigCtxEnableSignatureTransform(context, xmlSecTransformRsaSha256Id) == 0
        && xmlSecDSigCtxEnableSignatureTransform(context, xmlSecTransformRsaSha512Id) == 0
        && xmlSecDSigCtxEnableSignatureTransform(context, xmlSecTransformEcdsaSha256Id) == 0
        && xmlSecDSigCtxEnableSignatureTransform(context, xmlSecTransformEcdsaSha512Id) == 0
        && xmlSecDSigCtxEnableReferenceTransform(context, xmlSecTransformExclC14NId) == 0
        && xmlSecDSigCtxEnableReferenceTransform(context, xmlSecTransformEnvelopedId) == 0
        && xmlSecDSigCtxEnableReferenceTransform(context, xmlSecTransformSha256Id) == 0
        && xmlSecDSigCtxEnableReferenceTransform(context, xmlSecTransformSha512Id) == 0
        && xmlSecDSigCtxVerify(context, (xmlNodePtr)signature) == 0
        && context->status == xmlSecDSigStatusSucceeded
        && xmlSecPtrListGetSize(&context->signedInfoReferences) == 1;
    if (ok) {
        xmlSecDSigReferenceCtxPtr reference = (xmlSecDSigReferenceCtxPtr)xmlSecPtrListGetItem(&context->signedInfoReferences, 0);
        xmlChar *id = xmlGetNoNsProp((xmlNodePtr)signed_element, BAD_CAST "ID");
        ok = reference != NULL && reference->uri != NULL && id != NULL && reference->uri[0] == '#' && xmlStrEqual(reference->uri + 1, id);
        if (ok) {
            xmlAttrPtr named = xmlGetID(document->doc, id);
            ok = named != NULL && named->parent == (xmlNodePtr)signed_element;
        }
        resett_xml_release(id);
    }
    xmlSecDSigCtxDestroy(context);
    return ok;
}
